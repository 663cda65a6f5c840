"""What counts as untranslated on a screen in the pseudo-locale (``qps``, tools/catalogues.py).

The pseudo-locale is the English catalogues with every ASCII letter accented ("Take a pile?" reads
"Ţàķé à ṕîĺé?"), so a text from a catalogue has no plain ASCII letter left.  A plain letter on a
pseudo screen is a text that did not come from a catalogue: a sentence written in the code, an
engine's English or French table, a key that no catalogue has, a phone page's own word table.

What a screen may show as it is, because it is data and not the kiosk's words:

- names: card and set names (Challengers!), characters (Between Battle), pilots (Wacky Challenge),
  card types (Cosplay Team Battle), in English or French as the data give them, the games' titles
  (the registry's), "Tablecup", and the players' names a test gives;
- the rule texts the game data carry per language (Between Battle's help cards, Wacky Challenge's
  boosters), which a third language adds to the data files, not to the code;
- the resources' names as the cards print them (Cosplay Team Battle's BADASS, KAWAII, CRAFT);
- labels: a capital letter on its own (piles A and B, levels A and B), and tokens that are codes,
  addresses or file names (a digit and a letter together, a dot or a slash inside: "kiosk.db.damaged-
  20261128", "http://127.0.0.1:9");
- each language's own name on the operator screen's language buttons ("English", "Français");
- what a test names as technical (an exception's own text, shown as it came: docs/translating.md).

Everything else with a plain letter is untranslated.  A name is taken out of a text before the
letters are read, the longest first ("Knight Joker" before "Knight").
"""

from __future__ import annotations

import re
from functools import cache

from kiosk_helpers import ROOT

import cards
from engine import registry
from engine.challengers.library import load

MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|ref|anchor)(?:=[^\]]*)?\]")
PLAIN = re.compile(r"[A-Za-z]")
LOCALE = ROOT / "kiosk" / "locale"
BRAND = ("Tablecup",)
AUTONYMS = ("English", "Français")
# A capital letter on its own (a pile's or a level's label), or a token with a digit and a letter,
# or a dot or a slash between two characters (a code, an address, a file name).
LABEL = re.compile(r"(?<![\w.])[A-Z](?!\w|\.\w)|\S*(?:\d[^\W\d]|[^\W\d]\d|\w[./]\w)\S*")


@cache
def data_texts() -> tuple[str, ...]:
    """Every name and data text a pseudo screen may show as it is, the longest first."""
    from engine.cosplay.cards import KINDS
    found: set[str] = {*BRAND, *AUTONYMS, *(kind.upper() for kind in KINDS)}
    cat = load(cards).catalogue
    for c in cat.cards.values():
        found |= {c.name, *c.names.values()}
    for s in cat.sets.values():
        found |= {s.name, *s.names.values()}
    for game in registry.games():
        found |= set(game.titles.values())
    between = registry.get("between").load(cards)
    for ch in between.characters.values():
        found |= {ch.name("en"), ch.name("fr"), *ch.help.values()}
    wacky = registry.get("wacky").load(cards)
    for pilot in wacky.pilots:
        found |= set(pilot.names.values())
    for b in wacky.boosters:
        if b is not None:
            found |= set(b.text.values())
    for t in registry.get("cosplay").load(cards).types.values():
        found |= {t.title("en"), t.title("fr")}
    return tuple(sorted((x for x in found if x and x.strip()), key=len, reverse=True))


@cache
def _known(also: tuple[str, ...]) -> re.Pattern[str]:
    # Whole words only: a card named "Go" does not hide the "go" of an English sentence.
    texts = sorted({*also, *data_texts()}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, texts)) + r")(?!\w)")


CUT = re.compile(r"((?:\S+ ){0,3}\S+)…")


def _cut_names(text: str, also: tuple[str, ...]) -> str:
    """``text`` without the start of a name that a line too long for its place cut short
    ("… with Good…": a card "Good …" cut), the longest such start before each "…"."""
    starts = (*also, *data_texts())

    def drop(m: re.Match[str]) -> str:
        words = m.group(1).split(" ")
        for k in range(len(words)):
            head = " ".join(words[k:])
            if any(t.startswith(head) for t in starts):
                return " ".join(words[:k]) + " …"
        return m.group(0)
    return CUT.sub(drop, text)


def untranslated(text: str, also: tuple[str, ...] = ()) -> str:
    """What is left of ``text`` with a plain ASCII letter once the data and ``also`` (players'
    names, technical texts) are taken out, and the start of one cut short by an ellipsis; ""
    when everything in it is pseudo text or data."""
    rest = LABEL.sub(" ", _cut_names(_known(tuple(also)).sub(" ", MARKUP.sub("", text)), tuple(also)))
    return " ".join(rest.split()) if PLAIN.search(rest) else ""


def untranslated_in(texts, also: tuple[str, ...] = ()) -> dict[str, str]:
    """{text: what of it is untranslated} for every text that has any."""
    found = {}
    for text in texts:
        left = untranslated(text, also)
        if left:
            found[text] = left
    return found
