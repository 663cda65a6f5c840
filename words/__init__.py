"""Words from gettext catalogues, for every program: the languages, the lookup, the plurals.

A program keeps its catalogues in a folder of its own, ``<locale>/<lang>/LC_MESSAGES/<domain>.mo``
(the kiosk: ``kiosk/locale``, a shared domain and one per game; the coordinator's pages:
``coordinator/locale``, one domain), compiled from the ``.po`` files beside them by the set-up
(``tools/catalogues.py compile``).  This package reads such a folder: which languages it has
(:func:`languages`), one domain of one language (:func:`load`), every domain of a language with
English behind it (:func:`chain`), and a language's plural rule as the form each count takes
(:func:`plural_table`, for a page that chooses forms itself).  It knows nothing of any program,
so the kiosk and the coordinator both stand on it (neither may import the other).

Every message is a key; the English catalogue holds the English words (docs/translating.md).  A
language is its catalogues: nothing here lists the words of one.
"""

from __future__ import annotations

import gettext
import logging
import os
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger("tablecup.words")

#: The languages the programs offer (the operator screen, the phones, the coordinator's pages).
#: Any other language with compiled catalogues is read too: a language is its catalogues.
LANGS = ("en", "fr")
DEFAULT = "en"
#: The pseudo-locale, every English text with its letters accented (``tools/catalogues.py``): a
#: test language, never offered; a screen in it shows any text that did not come from a catalogue.
PSEUDO = "qps"
#: The counts a plural table gives one by one (:func:`plural_table`).
PLURAL_SPAN = 200


class CatalogueError(RuntimeError):
    """A compiled catalogue is missing or older than its ``.po`` (set-up not run since)."""


def mo_path(locale: Path, lang: str, domain: str) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{domain}.mo"


def languages(locale: Path, domain: str) -> frozenset[str]:
    """The offered languages and every other language with a compiled catalogue of ``domain``
    under ``locale`` (the pseudo-locale where the tests compiled it)."""
    return frozenset({*LANGS, *(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{domain}.mo"))})


def load(locale: Path, lang: str, domain: str) -> gettext.GNUTranslations | None:
    """One compiled domain of one language, or None when it is missing (logged: the program still
    starts and says keys).  A catalogue missing or older than its ``.po`` is an error with
    ``TABLECUP_REQUIRE_COMPILED`` set (the tests and the installer's check)."""
    mo = mo_path(locale, lang, domain)
    po = mo.with_suffix(".po")
    problem = None
    if not mo.is_file():
        problem = f"{mo} is missing"
    elif po.is_file() and po.stat().st_mtime > mo.stat().st_mtime:
        problem = f"{mo} is older than {po.name}"
    if problem:
        text = f"{problem}: compile the catalogues (./dev.sh setup, or python tools/catalogues.py compile)"
        if os.environ.get("TABLECUP_REQUIRE_COMPILED"):
            raise CatalogueError(text)
        log.error("%s", text)
        if not mo.is_file():
            return None
    with open(mo, "rb") as f:
        return gettext.GNUTranslations(f)


def chain(locale: Path, lang: str, domains: Iterable[str]) -> gettext.NullTranslations:
    """Every domain of ``lang``, then every domain of English, chained as gettext fallbacks: a key
    ``lang`` lacks reads English, a key no catalogue has reads as itself."""
    head: gettext.NullTranslations | None = None
    names = tuple(domains)
    for code in dict.fromkeys((lang, DEFAULT)):
        for domain in names:
            t = load(locale, code, domain)
            if t is None:
                continue
            if head is None:
                head = t
            else:
                head.add_fallback(t)
    return head if head is not None else gettext.NullTranslations()   # nothing compiled: keys read as themselves


def plural_table(translations: gettext.NullTranslations) -> list[int]:
    """The plural form gettext gives each count from 0 to ``PLURAL_SPAN - 1`` with these
    catalogues' rule (their ``Plural-Forms``; English's for none).

    A page picks a count's form from it without running the catalogue's expression: count ``n``
    takes ``table[n]``, and a larger count ``table[100 + n % 100]`` (every rule gettext's languages
    use is the same for ``n`` and ``n % 100`` past 100: they read ``n % 10``, ``n % 100`` and the
    counts 0, 1 and 2)."""
    rule = getattr(translations, "plural", None)
    if rule is None:
        return [0 if n == 1 else 1 for n in range(PLURAL_SPAN)]
    return [int(rule(n)) for n in range(PLURAL_SPAN)]
