"""Reading the appliance's own configuration files (the config folder, see :mod:`appliance.paths`).

Only the standard library: the kiosk, the coordinator and ``tablecup doctor``
read these even when Kivy or the hardware libraries are broken.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from appliance import paths

__all__ = ["COORDINATOR_FILE", "DataFileError", "coordinator_address", "not_utf8", "read_text"]

COORDINATOR_FILE = "coordinator.toml"


class DataFileError(ValueError):
    """A data or config file that cannot be read as text (one line, naming the file)."""


def read_text(path: os.PathLike[str] | str) -> str:
    """The text of a UTF-8 file; DataFileError naming the file, line and column otherwise."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(not_utf8(path, raw, exc)) from None


def not_utf8(path: os.PathLike[str] | str, raw: bytes, exc: UnicodeDecodeError) -> str:
    """'<path>: not UTF-8 text (byte 0xe9 at line 3, column 12); save it as UTF-8'."""
    before = raw[:exc.start]
    line = before.count(b"\n") + 1
    column = exc.start - (before.rfind(b"\n") + 1) + 1
    return (f"{path}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line}, column {column}); "
            "save it as UTF-8")


def _load_toml(path: Path) -> dict[str, Any]:
    import tomllib

    return tomllib.loads(read_text(path))


def coordinator_address(config: os.PathLike[str] | str | None = None) -> tuple[str, int] | None:
    """Host and port of the coordinator from ``<config>/coordinator.toml``.

    Accepted forms, at top level or in a ``[coordinator]`` table::

        url = "http://192.168.1.20:8750"
        # or
        host = "192.168.1.20"
        port = 8750

    Returns None when the file is absent; raises ValueError when it is
    present but unusable.
    """
    folder = Path(config) if config is not None else paths.config_dir(create=False)
    path = folder / COORDINATOR_FILE
    if not path.is_file():
        return None
    try:
        data = _load_toml(path)
    except DataFileError:
        raise                 # already one line naming the file
    except Exception as exc:  # tomllib.TOMLDecodeError, OSError
        raise ValueError(f"{path}: {exc}") from exc
    inner = data.get("coordinator")
    section: dict[str, Any] = inner if isinstance(inner, dict) else data
    for key in ("url", "address"):
        value = section.get(key)
        if isinstance(value, str) and value:
            return _parse_address(value, section.get("port"), path)
    host = section.get("host")
    port = section.get("port")
    if isinstance(host, str) and host:
        return _parse_address(host, port, path)
    raise ValueError(f"{path}: no 'url' or 'host'/'port' entry")


def _parse_address(value: str, port: object, path: Path) -> tuple[str, int]:
    text = value if "://" in value else "tcp://" + value
    parts = urlsplit(text)
    host = parts.hostname
    try:
        found_port = parts.port
    except ValueError as exc:
        raise ValueError(f"{path}: bad port in {value!r}") from exc
    if found_port is None:
        if isinstance(port, int) and not isinstance(port, bool):
            found_port = port
        elif parts.scheme == "https":
            found_port = 443
        elif parts.scheme == "http":
            found_port = 80
    if not host or found_port is None or not (0 < found_port < 65536):
        raise ValueError(f"{path}: need a host and a port, got {value!r}")
    return host, found_port
