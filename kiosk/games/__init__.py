"""Each game's kiosk package: ``kiosk/games/<game>/`` with ``KIOSK`` (a
:class:`kiosk.games.descriptor.KioskGame`) in its ``__init__`` and one ``.py`` + one ``.kv``
per screen.  :mod:`kiosk.games.registry` finds them; :mod:`kiosk.games.screen` is the base
class of their screens.
"""
