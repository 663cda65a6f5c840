"""Where Tablecup keeps its files.

Data folder (SQLite databases, backups, Kivy's home on the appliance):

1. ``$TABLECUP_DATA`` if set (the systemd units set it to ``/var/lib/tablecup``),
2. else ``$XDG_DATA_HOME/tablecup``,
3. else ``~/.local/share/tablecup``.

Config folder (``tablecup.env``, ``coordinator.toml``):

1. ``$TABLECUP_CONFIG`` if set (the units set it to ``/etc/tablecup``),
2. else ``$XDG_CONFIG_HOME/tablecup``,
3. else ``~/.config/tablecup``.

Only the standard library is used so that ``tablecup doctor`` and
``tablecup backup`` work even when Kivy or the hardware libraries are broken.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "CONFIG_ENV",
    "DATA_ENV",
    "DATA_RULE",
    "backups_dir",
    "config_dir",
    "data_dir",
    "database_files",
]

DATA_ENV = "TABLECUP_DATA"
CONFIG_ENV = "TABLECUP_CONFIG"

#: The data folder's rule in words, for every program's ``--data`` help.
DATA_RULE = "$TABLECUP_DATA, else $XDG_DATA_HOME/tablecup, else ~/.local/share/tablecup"

#: Suffix of the SQLite files that belong in a backup.
DB_SUFFIX = ".db"


def _resolve(env_name: str, xdg_name: str, fallback: str) -> Path:
    explicit = os.environ.get(env_name)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get(xdg_name)
    # The XDG spec says relative paths in these variables are invalid: ignore them.
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "tablecup"
    return Path.home() / fallback / "tablecup"


def data_dir(create: bool = True) -> Path:
    """The data folder; created (with parents) unless ``create`` is false."""
    path = _resolve(DATA_ENV, "XDG_DATA_HOME", ".local/share")
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir(create: bool = True) -> Path:
    """The config folder; created (with parents) unless ``create`` is false."""
    path = _resolve(CONFIG_ENV, "XDG_CONFIG_HOME", ".config")
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def database_files(directory: os.PathLike[str] | str | None = None) -> list[Path]:
    """Every ``*.db`` file directly in the data folder (or ``directory``), sorted.

    Only the top level is searched, so the copies under ``backups/`` are never
    mistaken for live databases. SQLite's ``-wal``/``-shm`` side files are not
    listed: they are part of their database and ``backup.py`` copies through
    SQLite itself.
    """
    folder = Path(directory) if directory is not None else data_dir(create=False)
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.iterdir() if p.suffix == DB_SUFFIX and p.is_file()
    )


def backups_dir(directory: os.PathLike[str] | str | None = None) -> Path:
    """Default folder for daily backups: ``<data folder>/backups``."""
    folder = Path(directory) if directory is not None else data_dir(create=False)
    return folder / "backups"
