"""The one place the kiosk gets card words from: the engine's card text said by the catalogues.

:func:`card_text` is the engine's card message (``engine.challengers.text.card_message``) said in
the language's ``challengers`` catalogue (:mod:`kiosk.games.challengers.cardwords`), with the set
names of the card catalogue in the same language (cached per catalogue and language);
:func:`card_name` is the card's name in that language when the card has one (``ct.names["fr"]``),
else its English name.
"""

from __future__ import annotations

from engine.challengers import text as _engine_text
from kiosk import i18n

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
i18n.forget_on_reload(_texts.clear)       # texts said from catalogues compiled since


def card_text(ct, lang: str = "en") -> str:
    """The text on the face of card type ``ct`` in ``lang`` (any language with catalogues; an
    unknown one reads English)."""
    lang = lang if lang in i18n.known() else i18n.DEFAULT
    key = (ct.id, ct.uid, lang)
    got = _texts.get(key)
    if got is None:
        # Imported here: the game's package (imported with its card words) names cards through this module.
        from kiosk.games.challengers import cardwords
        got = _texts[key] = cardwords.card_text(ct, lang, set_names(lang))
    return got


def card_name(ct, lang: str = "en") -> str:
    names = getattr(ct, "names", None) or {}
    return names.get(lang) or ct.name
