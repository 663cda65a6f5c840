"""Cosplay Team Battle's resources as the table and the phone draw them.  No Kivy here.

BADASS (a star), KAWAII (a heart), CRAFT (scissors), any resource (a diamond): colour and shape
both, so that neither is needed alone.
"""

#: Resource colours (hex, for markup and the phone page), by resource: BADASS, KAWAII, CRAFT, any.
COLOURS = ("ff6a55", "ff8fd6", "6cc4ff", "f2f2f2")
#: Resource icons, in the same order.
ICONS = ("★", "♥", "✂", "◆")
