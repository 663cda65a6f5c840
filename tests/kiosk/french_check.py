"""What counts as English on a French screen: the check the French walks share.

A word is English when the English words of the kiosk (its English catalogue) or of the games'
data (Challengers!' card text, Between Battle's help cards, Wacky Challenge's pilots and boosters,
Cosplay Team Battle's card names) use it and neither French says it (the French catalogue, the
French data) nor a name does (card and set names, "Tablecup").  So a word both languages share
("Deck", "Fans", "Go", "total") passes, and an English sentence left in the code ("2 from A",
"the attacker ran out of cards") does not.

:func:`french_vocabulary` is the other side, for a stricter check: every word a French screen may
show (French catalogue, French data, names); a word outside it is English the catalogues never
heard of (a string written in the code) or a typo.
"""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po
from kiosk_helpers import ROOT
from registered import table_games

import cards
from engine import registry
from engine.challengers.library import load
from engine.challengers.text import set_names_for
from kiosk.games.challengers.cardwords import card_text

LOCALE = ROOT / "kiosk" / "locale"
# Kivy's markup tags, which the screens' texts are read without (kiosk_hook.widget_texts).
MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|ref|anchor)(?:=[^\]]*)?\]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# Names that read the same in every language.
PROPER_NOUNS = {"tablecup", "challengers", "beach", "cup", "robot", "solo", "ok"}


def _words(text: str) -> set[str]:
    # A token with a dot or a digit in it is a file name, a code or a number, not a word; a
    # placeholder's name ("{from_zone}") is no word of either language.
    return {w.lower() for token in PLACEHOLDER.sub(" ", text).split() if not re.search(r"[.\d/]", token.strip(".,;:!?…()"))
            for w in WORD.findall(token)}


# A game's French title is its name on the French screens ("Between Battle" stays as printed).
GAME_TITLE_WORDS = {w for game in registry.games() for w in _words(game.titles["fr"])}


def _catalogue_texts(lang: str) -> list[str]:
    out = []
    for po in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with open(po, "rb") as f:
            for msg in read_po(f):
                if msg.id:
                    texts = list(msg.string) if isinstance(msg.string, tuple) else [msg.string]
                    out += [MARKUP.sub("", t) for t in texts]      # as the screens show them
    return out


def _keys() -> set[str]:
    keys = set()
    for po in (LOCALE / "en" / "LC_MESSAGES").glob("*.po"):
        with open(po, "rb") as f:
            keys |= {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    return keys


def _name(en: str, fr: str, english: set[str], names: set[str]) -> None:
    """A name in both languages: its English words are English when French calls it otherwise."""
    (english if fr != en else names).update(_words(en))
    names.update(_words(fr))


@cache
def _vocabularies() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(English words, French words, names) of the catalogues and every game's data."""
    lib = load(cards)
    cat = lib.catalogue
    en_names, fr_names = set_names_for(cat, "en"), set_names_for(cat, "fr")
    english, french = set(), set()
    for text in _catalogue_texts("en"):
        english |= _words(text)
    for text in _catalogue_texts("fr"):
        french |= _words(text)
    names: set[str] = set()
    for c in cat.cards.values():
        english |= _words(card_text(c, "en", en_names))
        french |= _words(card_text(c, "fr", fr_names))
        _name(c.name, c.names.get("fr") or c.name, english, names)
    for s in cat.sets.values():
        _name(s.name, s.names.get("fr") or s.name, english, names)
    # The table games' data: Between Battle's characters and help cards, Wacky Challenge's pilots
    # and boosters, Cosplay Team Battle's card names.
    between = registry.get("between").load(cards)
    for ch in between.characters.values():
        _name(ch.name("en"), ch.name("fr"), english, names)
        english |= _words(ch.help.get("en", ""))
        french |= _words(ch.help.get("fr", ""))
    wacky = registry.get("wacky").load(cards)
    for pilot in wacky.pilots:
        _name(pilot.names["en"], pilot.names.get("fr") or pilot.names["en"], english, names)
    for b in wacky.boosters:
        if b is not None:
            english |= _words(b.text.get("en", ""))
            french |= _words(b.text.get("fr", ""))
    for t in registry.get("cosplay").load(cards).types.values():
        _name(t.title("en"), t.title("fr"), english, names)
    # The table games' event sentences (GAME.describe_event, which the screens show, e.g. what a
    # bot just did), from a few seeded games between random bots.
    for text, lang in _event_sentences():
        (french if lang == "fr" else english).update(_words(text))
    return frozenset(english), frozenset(french), frozenset(names)


def _event_sentences(games: int = 4, steps: int = 5000):
    """(sentence, language) of every event of a few seeded games of each table game, between
    random bots and between sensible ones (random bots alone leave out moves that need a plan:
    Cosplay's random bots seldom lay a card whose ability scores)."""
    import random

    from engine.game import GameSetup, RandomPolicy

    for name in table_games():
        game = registry.get(name)
        data = game.load(cards)
        for seed in range(games):
            players = max(game.min_players, min(2 + seed, game.max_players))
            state = game.new(data, GameSetup(name, tuple(f"P{i}" for i in range(players)), seed))
            planned = "sensible" in game.policies and seed % 2 == 1
            bots = [game.policies["sensible"](data, p, seed) if planned else RandomPolicy(seed * 31 + p)
                    for p in range(state.num_players)]
            rng = random.Random(seed)
            for _ in range(steps):
                who = sorted(state.to_act())
                if not who:
                    break
                seat = who[0]
                legal = state.legal_actions(seat)
                action = bots[seat].act(state.observation(seat), legal) if planned else rng.choice(legal)
                for e in state.apply(action):
                    for lang in ("en", "fr"):
                        yield game.describe_event(e, lang), lang
    # Every Cosplay ability said once, whether or not those games used it.
    from engine.events import Event
    game = registry.get("cosplay")
    for t in game.load(cards).types.values():
        for eff in (t.ability, t.combo):
            if eff is None:
                continue
            info = (eff.do, max(eff.kind, 0)) if eff.do in ("gain", "discount") else \
                (eff.do, t.id) if eff.do in ("cemetery", "recover") else eff.do
            for lang in ("en", "fr"):
                yield game.describe_event(Event("ability", 0, t.id, 1, info), lang), lang


def english_only_words() -> set[str]:
    english, french, names = _vocabularies()
    return set(english - french - names - PROPER_NOUNS - GAME_TITLE_WORDS)


def french_vocabulary() -> set[str]:
    """Every word a French screen may show: French catalogue and data words, names."""
    _english, french, names = _vocabularies()
    return set(french | names | PROPER_NOUNS | GAME_TITLE_WORDS)


#: Words a French screen may show that no catalogue says: the languages' own names on the operator
#: screen's buttons, half a stage (Wacky Challenge), a Joker's value on a Between Battle card.
ALSO_FRENCH = {"english", "français", "½", "j"}


def unknown_in(texts, known) -> dict[str, list[str]]:
    """The texts with a word that no French text or name of the house uses."""
    found = {}
    for text in texts:
        hits = sorted(_words(text) - known - ALSO_FRENCH)
        if hits:
            found[text] = hits
    return found


def english_in(texts, english_only) -> dict[str, list[str]]:
    found = {}
    for text in texts:
        hits = sorted(_words(text) & english_only)
        if hits:
            found[text] = hits
    return found


