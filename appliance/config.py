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

__all__ = ["COORDINATOR_FILE", "coordinator_address"]

COORDINATOR_FILE = "coordinator.toml"


def _load_toml(path: Path) -> dict[str, Any]:
    import tomllib

    with path.open("rb") as fh:
        return tomllib.load(fh)


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
