"""The colours every table card shares, the table's and the phone's: a hand card's face, and the
frame of a card whose game gives it no colour.  No Kivy here (the phone page is sent them too)."""

#: A face-up hand card's face: light, for dark words.
FACE = (0.96, 0.94, 0.88, 1)
#: The frame of a card whose game gives it no colour.
PLAIN = (0.42, 0.45, 0.52, 1)
