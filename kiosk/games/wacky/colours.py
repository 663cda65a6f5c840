"""Wacky Challenge's colours, the table's and the phone's: each pilot's, the starters', each
vehicle's.  No Kivy here."""

from engine.wacky.data import VEHICLES

#: Each pilot's colour (bands on its cards, the swatch on its half), RGBA.
PILOT_COLOURS = {
    "yellow": (0.98, 0.82, 0.20, 1), "red": (0.90, 0.30, 0.28, 1), "green": (0.35, 0.75, 0.40, 1),
    "blue": (0.30, 0.55, 0.95, 1), "orange": (0.98, 0.58, 0.20, 1), "violet": (0.66, 0.45, 0.90, 1),
    "black": (0.42, 0.42, 0.46, 1),
}
#: Each vehicle's tint (the hierarchy column on the table).
VEHICLE_TINTS = {
    "train": (0.86, 0.78, 0.62, 1), "car": (0.96, 0.74, 0.68, 1), "motorbike": (0.80, 0.89, 0.68, 1),
    "boat": (0.68, 0.84, 0.96, 1), "plane": (0.86, 0.78, 0.96, 1),
}
#: Each vehicle's colour deeper, for a card's frame on a light face.
VEHICLE_EDGES = {v: (r * 0.72, g * 0.72, b * 0.72, a) for v, (r, g, b, a) in VEHICLE_TINTS.items()}
#: The starters' band (they belong to no pilot).
STARTER_BAND = (0.55, 0.52, 0.45, 1)


def card_band(data, c: int) -> tuple:
    """The band of race card ``c``: its pilot's colour, or the starters'."""
    owner = data.owner[c]
    return STARTER_BAND if owner < 0 else PILOT_COLOURS.get(data.pilots[owner].id, STARTER_BAND)


def card_tint(data, c: int) -> tuple:
    """The frame of race card ``c``: its vehicle's colour, deeper."""
    return VEHICLE_EDGES[VEHICLES[data.vehicle[c]]]
