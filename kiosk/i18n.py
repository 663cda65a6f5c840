"""The kiosk's words, from gettext catalogues: ``tr(key, lang, **fmt)``.

Every message is a key (``"solo"``, ``"pick_n"``) looked up in the compiled catalogues under
``kiosk/locale/<lang>/LC_MESSAGES/<domain>.mo``: the shared chrome's domain ``tablecup`` and one
domain per game (``challengers``, ``between``, ``wacky``, ``cosplay``).  A key lives in one domain,
so a lookup tries them all; a key French lacks reads English, and a key no catalogue has reads as
itself.  A call with ``n=`` says a count: a message with plural forms takes the form for ``n``
in that language (French: one form for 0 and 1, another from 2); ``{...}`` placeholders are
filled with ``str.format``.

The ``.po`` files are the source; the ``.mo`` files are compiled by the set-up (``pip install``
runs ``setup.py``, which compiles them; ``python tools/catalogues.py compile`` does it by hand).
The reading of a catalogue folder, the languages and the plural rules are the ``words`` package's,
which the coordinator's pages use too (their own catalogues: ``coordinator/locale``).
docs/translating.md: adding a string, extracting, translating, compiling.
"""

from __future__ import annotations

import gettext
import logging
import re
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

import words

log = logging.getLogger("tablecup.kiosk.i18n")

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SHARED = "tablecup"


def domains() -> tuple[str, ...]:
    """The shared domain first, then every game's domain compiled here (a new game adds its own)."""
    games = sorted(p.stem for p in (LOCALE_DIR / DEFAULT / "LC_MESSAGES").glob("*.mo") if p.stem != SHARED)
    return (SHARED, *games)


#: The languages the operator screen and the phones offer, the default one and the pseudo-locale
#: (a test language, never offered): the words package's, which the coordinator's pages offer too.
LANGS, DEFAULT, PSEUDO = words.LANGS, words.DEFAULT, words.PSEUDO
CatalogueError = words.CatalogueError


@cache
def known() -> frozenset[str]:
    """Every language with a compiled catalogue of the shared domain (the offered ones, the pseudo-locale)."""
    return words.languages(LOCALE_DIR, SHARED)


def N_(key: str, n: int | None = None) -> str:
    """Mark a key that code picks by a computed name (a zone, a reason): extraction finds it here;
    ``n=`` (any count) marks a message said with a count, which has plural forms."""
    return key


def _load(lang: str, domain: str) -> gettext.NullTranslations | None:
    return words.load(LOCALE_DIR, lang, domain)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """Every domain of ``lang``, then every domain of English, chained as gettext fallbacks."""
    return words.chain(LOCALE_DIR, lang, domains())


@lru_cache(maxsize=4096)
def _template(key: str, lang: str, n: int | None) -> str:
    # Remembered: screens ask for the same few keys at every refresh, and a lookup walks the
    # chain of domains (a Pi is about 3x slower than a laptop).
    t = translations(lang if lang in known() else DEFAULT)
    if n is not None:
        # Both msgids are the key: ngettext answers the key itself when no plural entry exists.
        text = t.ngettext(key, key, n)
        if text != key:
            return text
    return t.gettext(key)


def tr(key: str, lang: str = DEFAULT, **fmt) -> str:
    """The text of ``key`` in ``lang`` (an unknown language reads English), filled from ``fmt``."""
    n = fmt.get("n")
    text = _template(key, lang, n if isinstance(n, int) else None)
    return text.format(**fmt) if fmt else text


#: What else remembers words and must forget them with the catalogues (see :func:`forget_on_reload`).
_FORGETTERS: list[Callable[[], None]] = []


def forget_on_reload(forget: Callable[[], None]) -> None:
    """Have :func:`reload` call ``forget`` too: a cache of sentences kept outside this module."""
    _FORGETTERS.append(forget)


def reload() -> None:
    """Forget the loaded catalogues, and every sentence remembered from them (after compiling new
    ones in a running process: tests)."""
    _template.cache_clear()
    translations.cache_clear()
    known.cache_clear()
    _default_names.cache_clear()
    _one_line.cache_clear()
    for forget in _FORGETTERS:
        forget()


_MARKUP = re.compile(r"\[/?(?:b|i|u|size|color)(?:=[^\]]*)?\]")


def one_line(key: str, lang: str = DEFAULT, **fmt) -> str:
    """:func:`tr` on one line and without Kivy's markup (for a phone's page), remembered: a phone's
    view is made after every change, for every seat, in every language, and most of its sentences
    are the same as the last time."""
    return _one_line(key, lang, tuple(sorted(fmt.items())))


@lru_cache(maxsize=8192)
def _one_line(key: str, lang: str, fmt: tuple) -> str:
    return _MARKUP.sub("", tr(key, lang, **dict(fmt))).replace("\n", " ").strip()


#: The names the kiosk gives seats nobody named ("Player 1", "Robot", "Bot 2"): the key and its values.
DEFAULT_NAMES = (("player_name", {}), ("robot", {}), ("light", {}), ("dark", {}),
                 *(("player", {"number": k}) for k in range(1, 9)),
                 *(("bot_n", {"number": k}) for k in range(1, 9)))


@lru_cache(maxsize=16)
def _default_names() -> dict[str, tuple[str, dict]]:
    return {tr(key, lang, **fmt): (key, fmt) for lang in sorted(known()) for key, fmt in DEFAULT_NAMES}


def display_name(name: str, lang: str) -> str:
    """A player's name as the screens say it in ``lang``: a name the kiosk gave (said in the
    language of the moment the game started, and kept so in the game's record) is said again in
    ``lang`` ("Player 1" reads "Joueur 1" once the table speaks French); a person's name is theirs."""
    known = _default_names().get(name)
    return tr(known[0], lang, **known[1]) if known is not None else name
