"""House sets: the card sets a café adds in the data folder's ``cards/`` folder.

Every program that builds the card library (the command line, the kiosk, the coordinator) loads
them the same way: the bundled data first, then :func:`house_set_texts`, handed to
``Library.add_sets`` (which checks each set against its box's power caps).  Standard library
only; the engine parses, this module only reads files.

A file that is not UTF-8 text raises :class:`DataFileError` with one line naming it (the byte,
line and column) instead of a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

from . import paths

FOLDER = "cards"


class DataFileError(ValueError):
    """A data or config file that cannot be read as text (one line, naming the file)."""


def read_text(path: os.PathLike | str) -> str:
    """The text of a UTF-8 file; DataFileError naming the file, line and column otherwise."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(not_utf8(path, raw, exc)) from None


def not_utf8(path, raw: bytes, exc: UnicodeDecodeError) -> str:
    """'<path>: not UTF-8 text (byte 0xe9 at line 3, column 12); save it as UTF-8'."""
    before = raw[:exc.start]
    line = before.count(b"\n") + 1
    column = exc.start - (before.rfind(b"\n") + 1) + 1
    return (f"{path}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line}, column {column}); "
            "save it as UTF-8")


def house_folder(data_dir: os.PathLike | str | None = None) -> Path:
    """``<data folder>/cards``."""
    return (Path(data_dir) if data_dir is not None else paths.data_dir(create=False)) / FOLDER


def house_set_texts(data_dir: os.PathLike | str | None = None) -> list[tuple[str, str]]:
    """[(path, text)] of the house sets (``*.toml``) in the data folder's ``cards/``, sorted;
    none if the folder is absent."""
    folder = house_folder(data_dir)
    if not folder.is_dir():
        return []
    return [(str(p), read_text(p)) for p in sorted(folder.glob("*.toml"))]
