"""Reading the appliance's own configuration files (the config folder, see :mod:`appliance.paths`).

Only the standard library: the kiosk, the coordinator and ``tablecup doctor``
read these even when Kivy or the hardware libraries are broken.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from appliance import paths

__all__ = ["COORDINATOR_FILE", "DataFileError", "coordinator_address", "not_utf8", "read_text"]

COORDINATOR_FILE = "coordinator.toml"


class DataFileError(ValueError):
    """A data or config file that cannot be read as text (one line, naming the file)."""


def read_text(path: os.PathLike[str] | str, name: str | None = None) -> str:
    """The text of a UTF-8 file; DataFileError naming the file (as ``name``, default its path), the
    line and column, and in a TOML file the table and field, otherwise."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(not_utf8(path if name is None else name, raw, exc)) from None


def not_utf8(path: os.PathLike[str] | str, raw: bytes, exc: UnicodeDecodeError) -> str:
    """'<path>: card 'x', field 'name': not UTF-8 text (byte 0xe9 at line 3, column 12); save it
    as UTF-8' (where in the TOML the byte is, when :func:`toml_place` can tell)."""
    before = raw[:exc.start]
    line = before.count(b"\n") + 1
    column = exc.start - (before.rfind(b"\n") + 1) + 1
    place = toml_place(raw, exc.start)
    return (f"{path}: {place + ': ' if place else ''}not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line}, "
            f"column {column}); save it as UTF-8")


_HEADER = re.compile(rb"\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY_LINE = re.compile(rb"\s*([A-Za-z0-9_-]+)\s*=")
_KEY = re.compile(rb"([A-Za-z0-9_-]+)\s*=")
_ID = re.compile(rb"\s*id\s*=\s*[\"']([^\"']*)[\"']")


def toml_place(raw: bytes, offset: int) -> str:
    """Where byte ``offset`` of a TOML file is, read line by line (the file need not parse):
    "card 'reporter', field 'name'" inside the ``[[card]]`` whose id is reporter, "card 3, field
    'name'" in the third one when it has no id, "field 'rules.zones'" in a ``[rules]`` table,
    "field 'cards.value'" in a value spread over lines; "" in a comment or where no key is seen."""
    lines = raw[:offset].split(b"\n")
    item: str | None = None         # the [[array]] table the byte is in, its id and its number
    item_id: str | None = None
    count: dict[str, int] = {}
    prefix = ""                     # a [table] or an item's sub-table: its keys are prefix.key
    outer: str | None = None        # the key of the latest line that starts with one
    for text in lines[:-1]:
        header = _HEADER.match(text)
        if header:
            name = header.group(2).decode()
            if item is not None and name.startswith(item + "."):
                prefix = name[len(item) + 1:] + "."
            elif header.group(1) == b"[[":
                item, item_id, prefix = name, None, ""
                count[name] = count.get(name, 0) + 1
            else:
                item, item_id, prefix = None, None, name + "."
            outer = None
            continue
        found = _ID.match(text)
        if found and item is not None and not prefix:
            item_id = found.group(1).decode(errors="replace")
        key = _KEY_LINE.match(text)
        if key:
            outer = key.group(1).decode()
    current = lines[-1]
    if b"#" in current and current[:current.index(b"#")].count(b'"') % 2 == 0:
        return ""                   # in a comment
    keys = [k.decode() for k in _KEY.findall(current)]
    if _KEY_LINE.match(current):
        field = keys[0] + ("." + keys[-1] if len(keys) > 1 else "")
    elif outer is not None:
        field = outer + ("." + keys[-1] if keys else "")
    else:
        return ""
    where = "" if item is None else (f"{item} '{item_id}', " if item_id else f"{item} {count[item]}, ")
    return f"{where}field '{prefix}{field}'"


def _load_toml(path: Path) -> dict[str, Any]:
    return tomllib.loads(read_text(path))


def coordinator_address(config: os.PathLike[str] | str | None = None) -> tuple[str, int] | None:
    """Host and port of the coordinator from ``<config>/coordinator.toml``.

    Accepted forms, at top level or in a ``[coordinator]`` table::

        url = "http://192.168.1.20:8750"     # or address = "192.168.1.20:8750"
        # or
        host = "192.168.1.20"
        port = 8750

    Returns None when the file is absent; raises ValueError when it is present but unusable,
    with one line naming the file, the key and what is wrong with it.
    """
    folder = Path(config) if config is not None else paths.config_dir(create=False)
    path = folder / COORDINATOR_FILE
    if not path.is_file():
        return None
    try:
        data = _load_toml(path)
    except DataFileError:
        raise                 # already one line naming the file
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from exc
    section: dict[str, Any] = data
    prefix = ""
    if "coordinator" in data:
        if not isinstance(data["coordinator"], dict):
            raise ValueError(f"{path}: 'coordinator' must be a table ([coordinator]), not {_shown(data['coordinator'])}")
        section, prefix = data["coordinator"], "coordinator."
    for key in ("url", "address", "host"):
        if key in section:
            value = section[key]
            if not isinstance(value, str) or not value.strip():
                example = "192.168.1.20" if key == "host" else "http://192.168.1.20:8470"
                raise ValueError(f"{path}: '{prefix}{key}' must be text such as \"{example}\", not {_shown(value)}")
            return _parse_address(value.strip(), section, prefix + key, prefix, path)
    raise ValueError(f"{path}: no coordinator named: give 'url' (such as \"http://192.168.1.20:8470\"), "
                     "or 'host' and 'port'")


def _shown(value: object) -> str:
    """A TOML value as the file spells it (true, 5, "text"), for an error message."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def _parse_address(value: str, section: dict[str, Any], key: str, prefix: str,
                   path: Path) -> tuple[str, int]:
    """Host and port from ``value`` (the text of ``key``); a port it lacks from ``port``."""
    text = value if "://" in value else "tcp://" + value
    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError as exc:             # "Invalid IPv6 URL": a bracket left open
        raise ValueError(f"{path}: '{key}' = {_shown(value)} is not an address ({exc})") from exc
    try:
        found_port = parts.port
    except ValueError:                    # not a number, or out of range
        raise ValueError(f"{path}: '{key}' = {_shown(value)}: the port must be a number from 1 to 65535") from None
    if not host:
        raise ValueError(f"{path}: '{key}' = {_shown(value)} names no host")
    if found_port is not None:
        if found_port == 0:
            raise ValueError(f"{path}: '{key}' = {_shown(value)}: the port must be a number from 1 to 65535")
        return host, found_port
    if "port" in section:
        port = section["port"]
        if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
            raise ValueError(f"{path}: '{prefix}port' must be a number from 1 to 65535, not {_shown(port)}")
        return host, port
    if parts.scheme == "https":
        return host, 443
    if parts.scheme == "http":
        return host, 80
    raise ValueError(f"{path}: '{key}' = {_shown(value)} has no port: add ':PORT', or give 'port'")
