"""The appliance's own plumbing, below every other layer: where files live
(:mod:`.paths`), the configuration files (:mod:`.config`) and systemd's
notifications (:mod:`.sdnotify`).

The kiosk, the coordinator and the command line import it; it imports nothing
of theirs (only the standard library), so a broken Kivy or hardware library
never stops ``tablecup doctor`` or ``tablecup backup``.
"""
