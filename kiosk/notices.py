"""What went wrong, in one sentence over the screen.  No Kivy here.

Two kinds: a storage fault (every screen, until a write succeeds: the game goes on in memory) and
the home screen's notices (a damaged database set aside, a house set left out, a saved game that
could not be resumed, a game whose data file is broken, the phones' port taken...), which stay until tapped or until a game starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

Tr = Callable[..., str]


class Notices:
    def __init__(self) -> None:
        self.items: list[tuple[str, dict[str, Any]]] = []     # (message key, its values)

    def add(self, key: str, fmt: dict[str, Any] | None = None) -> None:
        self.items.append((key, dict(fmt or {})))

    def clear(self) -> None:
        self.items = []

    def __iter__(self) -> Iterator[tuple[str, dict[str, Any]]]:
        return iter(self.items)

    def text(self, lang: str, tr: Tr, *, on_home: bool, storage_error: str | None,
             resume_error: tuple[int, str] | None, data_error: str | None = None) -> str:
        """The sentence over the screen now ("" for none): the storage fault first, anywhere;
        on home, a failed resume, else a game that could not start for a broken data file (the
        one line naming the file, the card and the field), else every notice."""
        if storage_error is not None:
            return tr("storage_full", lang)
        if not on_home:
            return ""
        if resume_error is not None:
            return tr("resume_failed", lang, game=resume_error[0], why=resume_error[1][:80])
        if data_error is not None:
            return tr("game_data_broken", lang, error=data_error)
        return " ".join(tr(key, lang, **fmt) for key, fmt in self.items)
