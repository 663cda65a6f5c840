"""Cosplay Team Battle's resources as the table and the phone draw them.  No Kivy here.

BADASS (a star), KAWAII (a heart), CRAFT (scissors), any resource (a diamond): colour and shape
both, so that neither is needed alone.
"""

from kiosk.cardcolours import PLAIN

#: Resource colours (hex, for markup and the phone page), by resource: BADASS, KAWAII, CRAFT, any.
COLOURS = ("ff6a55", "ff8fd6", "6cc4ff", "f2f2f2")
#: Resource icons, in the same order.
ICONS = ("★", "♥", "✂", "◆")


def card_tint(t) -> tuple:
    """A hand card's frame: the colour of what it gives most (its style's icon colour), grey
    for a Drama card, the passion pink for La Passion."""
    if t.type == "drama":
        return (0.55, 0.55, 0.58, 1)
    if t.ability is not None and t.ability.do == "passion":
        return (0.90, 0.35, 0.62, 1)
    gives = list(t.gives)
    if not any(gives):
        return PLAIN
    colour = COLOURS[gives.index(max(gives))]
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (r * 0.8, g * 0.8, b * 0.8, 1)       # a little deeper: a line on a light face
