"""The café's house sets (``<data folder>/cards/*.toml``) added to Challengers!' bundled cards.

One loader and one policy for every program that builds the card library (the kiosk, its
database migrations, the command line, the coordinator): each file is added on its own, and a
file that cannot be read or played is left out, named in one line in the log (and returned, for
the kiosk's home screen); the bundled cards and the other house sets still load.  A game saved or
a tournament stored with a left-out set's cards says so when it is resumed, like any unreadable
game.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from appliance import house
from engine.challengers.cards import CardFileError

log = logging.getLogger("tablecup.house")


def add_house_sets(lib: Any, data_dir: os.PathLike[str] | str | None = None) -> list[str]:
    """Add each house set of ``data_dir`` (the data folder when None) to ``lib``, one file at a
    time.  Returns why each left-out file was, one line each (naming the file)."""
    skipped = []
    for path in house.house_set_files(data_dir):
        try:
            lib.add_sets([(str(path), house.read_text(path))])
        except (CardFileError, house.DataFileError) as exc:
            log.error("house set left out: %s", exc)
            skipped.append(str(exc))
    return skipped


def library_with_house_sets(data_dir: os.PathLike[str] | str | None = None) -> Any:
    """The bundled cards with the house sets of ``data_dir`` that load."""
    import cards
    from engine.challengers.library import load
    lib = load(cards)
    add_house_sets(lib, data_dir)
    return lib
