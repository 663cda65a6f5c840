"""Wacky Challenge's colours, the table's and the phone's: each pilot's, and the starters'.  No Kivy here."""

#: Each pilot's colour (bands on its cards, the swatch on its half), RGBA.
PILOT_COLOURS = {
    "yellow": (0.98, 0.82, 0.20, 1), "red": (0.90, 0.30, 0.28, 1), "green": (0.35, 0.75, 0.40, 1),
    "blue": (0.30, 0.55, 0.95, 1), "orange": (0.98, 0.58, 0.20, 1), "violet": (0.66, 0.45, 0.90, 1),
    "black": (0.42, 0.42, 0.46, 1),
}
#: The starters' band (they belong to no pilot).
STARTER_BAND = (0.55, 0.52, 0.45, 1)


def card_band(data, c: int) -> tuple:
    """The band of race card ``c``: its pilot's colour, or the starters'."""
    owner = data.owner[c]
    return STARTER_BAND if owner < 0 else PILOT_COLOURS.get(data.pilots[owner].id, STARTER_BAND)
