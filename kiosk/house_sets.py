"""The café's house sets (``<data folder>/cards/*.toml``) added to Challengers!' card library.

No Kivy here: the app loads them at start (a broken file is named on the home screen) and
kiosk.db's migrations load them too, so a saved game played with a house set's cards is moved
as the app would have resumed it.
"""

from __future__ import annotations

import logging
import os

from appliance import house
from engine.challengers.cards import CardFileError

log = logging.getLogger("tablecup.kiosk")


def add_house_sets(lib, data_dir: os.PathLike[str] | str) -> list[str]:
    """Add each house set of ``data_dir`` to ``lib``, one file at a time: a file that cannot be
    loaded is left out and the others load.  Returns why each left-out file was (one line each)."""
    folder = house.house_folder(data_dir)
    skipped = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            lib.add_sets([(str(path), house.read_text(path))])
        except (CardFileError, house.DataFileError) as exc:
            log.error("house set not loaded: %s", exc)
            skipped.append(str(exc))
    return skipped


def library_with_house_sets(data_dir: os.PathLike[str] | str):
    """The bundled cards with the house sets of ``data_dir``."""
    import cards
    from engine.challengers.library import load
    lib = load(cards)
    add_house_sets(lib, data_dir)
    return lib
