"""House sets: the card sets a café adds in the data folder's ``cards/`` folder.

Every program that builds the card library (the command line, the kiosk, the coordinator) loads
them the same way (:mod:`engine.challengers.house`): the bundled data first, then each of
:func:`house_set_files` on its own, handed to ``Library.add_sets`` (which checks each set against
its box's power caps).  Standard library only; the engine parses, this module only reads files.

A file that is not UTF-8 text raises :class:`DataFileError` with one line naming it (the byte,
line and column) instead of a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

from appliance import paths
from appliance.config import DataFileError, read_text

__all__ = ["DataFileError", "house_folder", "house_set_files", "read_text"]

FOLDER = "cards"


def house_folder(data_dir: os.PathLike[str] | str | None = None) -> Path:
    """``<data folder>/cards``."""
    return (Path(data_dir) if data_dir is not None else paths.data_dir(create=False)) / FOLDER


def house_set_files(data_dir: os.PathLike[str] | str | None = None) -> list[Path]:
    """The house sets (``*.toml``) in the data folder's ``cards/``, sorted; none if the folder
    is absent.  Each is read with :func:`read_text`, on its own (one bad file spoils no other)."""
    folder = house_folder(data_dir)
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []
