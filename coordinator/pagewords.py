"""The words of the coordinator's pages (organiser, TV standings), from their gettext catalogues.

The catalogues are ``coordinator/locale/<lang>/LC_MESSAGES/coordinator.mo``, compiled by the
set-up from the ``.po`` files beside them (``tools/catalogues.py``; the keys are those the pages'
scripts and HTML name).  ``GET /api/words?lang=..`` sends a page every message of a language at
once (:func:`page_words`): a message's text, or its plural forms with the language's rule given
as the form each count takes, so the page says a count without running the catalogue's
expression.  A key the language lacks reads English.  The games' titles come with them, from
the games' registry (names: English where a game has none in the language).

Every language with a compiled catalogue is served (the offered ones, and the pseudo-locale
where the tests compiled it): a new language is a catalogue, nothing in the code.
"""

from __future__ import annotations

import gettext
import hashlib
import json
from functools import cache
from pathlib import Path

import words

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "coordinator"


@cache
def known() -> frozenset[str]:
    """Every language the pages can be read in: the offered ones, and any other with a compiled catalogue."""
    return words.languages(LOCALE_DIR, DOMAIN)


def _messages(lang: str) -> dict[str, str | list[str]]:
    """Every message of ``lang``'s catalogue, English's under it: text, or plural forms."""
    said: dict[str, str | list[str]] = {}
    for code in dict.fromkeys((words.DEFAULT, lang)):      # English first: the language's own over it
        mo = words.load(LOCALE_DIR, code, DOMAIN)
        if mo is None:
            continue
        forms: dict[str, dict[int, str]] = {}
        # GNUTranslations keeps a plural message as (msgid, form) -> text and any other as msgid -> text.
        for entry, text in getattr(mo, "_catalog", {}).items():
            if isinstance(entry, tuple):
                forms.setdefault(entry[0], {})[entry[1]] = text
            elif entry:                                    # "" is the header
                said[entry] = text
        for key, by_index in forms.items():
            said[key] = [by_index[i] for i in sorted(by_index)]
    return said


@cache
def page_words(lang: str) -> tuple[bytes, str]:
    """The JSON the pages read for ``lang`` (one of :func:`known`) and its ETag: ``{"lang",
    "plural": [form of count 0, 1, ... 199], "words": {key: text or [forms]}, "games": {name: title}}``."""
    # The games' titles (names, not words), from the registry: imported when first asked.
    from engine import registry
    rule = words.load(LOCALE_DIR, lang, DOMAIN) or gettext.NullTranslations()     # none: English's rule
    body = json.dumps({"lang": lang,
                       "plural": words.plural_table(rule),
                       "words": _messages(lang),
                       "games": {g.name: g.title(lang) for g in registry.games()}},
                      ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
