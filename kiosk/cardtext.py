"""The one place the kiosk gets card words from: the engine's card text (en/fr).

:func:`card_text` is :func:`engine.challengers.text.card_text` with the set
names of the catalogue in the same language (cached per catalogue and
language); :func:`card_name` is the card's name in that language when the card
has one (``ct.names["fr"]``), else its English name.
"""

from __future__ import annotations

from engine.challengers import text as _engine_text

_catalogue = None          # set by :func:`use_catalogue` (the app does this at start)
_set_names: dict = {}


def use_catalogue(catalogue) -> None:
    """Remember the catalogue whose set names fill filters ("City cards")."""
    global _catalogue
    if catalogue is not _catalogue:
        _catalogue = catalogue
        _set_names.clear()
        _texts.clear()


def set_names(lang: str) -> dict:
    if _catalogue is None:
        return {}
    got = _set_names.get(lang)
    if got is None:
        got = _set_names[lang] = _engine_text.set_names_for(_catalogue, lang)
    return got


_texts: dict = {}


def card_text(ct, lang: str = "en") -> str:
    """The text on the face of card type ``ct`` in ``lang`` (the engine's words)."""
    lang = lang if lang in _engine_text.LANGS else "en"
    key = (ct.id, ct.uid, lang)
    got = _texts.get(key)
    if got is None:
        got = _texts[key] = _engine_text.card_text(ct, lang, set_names(lang))
    return got


def card_name(ct, lang: str = "en") -> str:
    names = getattr(ct, "names", None) or {}
    return names.get(lang) or ct.name
