"""Between Battle duels from fixed deck orders, for the rules tests.

``duel(book, top0, top1)`` sets up a duel whose decks begin with the given
cards (top card first; the rest of each deck follows in the data file's
order), seat 0 beginning: seat 0's hand is the first five of ``top0``.
``arrange(...)`` does the same and then lays out a later position (cards on
the zones, damage taken, a shorter deck) for rules that need one.
"""

from __future__ import annotations

import json

from engine.between import GAME
from engine.between.state import ZONE_OF
from engine.game import Action, GameSetup


def full_deck(book, character: str, top) -> list[str]:
    ids = [book.ids[c] for c in book.characters[character].cards]
    top = list(top)
    return top + [i for i in ids if i not in top]


def duel(book, top0=(), top1=(), chars=("pirate", "knight"), first=0, seed=1):
    options = {"characters": list(chars), "decks": [full_deck(book, chars[0], top0), full_deck(book, chars[1], top1)],
               "first": first}
    return GAME.new(book, GameSetup("between", ("Ann", "Bob"), seed, options))


def arrange(book, hands, zones=((), ()), decks=None, damage=((), ()), outward=(), chars=("pirate", "knight"),
            current=0, discard=()):
    """A position: ``hands`` and ``zones`` (bottom card first) as card ids; ``decks``
    (top first; by default every card of the character not placed elsewhere);
    ``damage`` taken; ``outward`` the Link cards on the zones that offer a link."""
    state = duel(book, (), (), chars, first=current)
    idx = book.by_id
    placed = {i for h in hands for i in h} | {i for z in zones for i in z} | {i for d in damage for i in d} | set(discard)
    for p in (0, 1):
        state.hands[p] = [idx[i] for i in hands[p]]
        state.damage[p] = [idx[i] for i in damage[p]]
        if decks is None:
            rest = [i for i in full_deck(book, chars[p], ()) if i not in placed]
        else:
            rest = list(decks[p])
        state.decks[p] = [idx[i] for i in rest][::-1]
    state.zones = [[idx[i] for i in z] for z in zones]
    state.discard = [idx[i] for i in discard]
    state.outward = {idx[i] for i in outward}
    state.links = [sum(1 for c in pile if c in state.outward) for pile in state.zones]
    state.current = current
    return state


def act(state, text: str):
    """Apply one action given as text ("0 play pirate-7 a"); its events."""
    return state.apply(Action.from_text(text))


def legal(state, player=None) -> set[str]:
    """The legal actions of ``player`` (default: whoever acts), as text."""
    if player is None:
        (player,) = state.to_act()
    return {a.to_text() for a in state.legal_actions(player)}


def snapshot(state) -> str:
    """Everything about a state (hidden parts too): equal before and after a refused action."""
    return json.dumps([state.hands, state.decks, state.zones, sorted(state.outward), state.links, state.discard,
                       state.damage, [sorted(r) for r in state.revealed], state.current, state.pending,
                       state.extra, state.bind_zone, state.silenced, state.next_bind, state.next_silence,
                       state.turn, state.rng.getstate(), repr(state.result)], default=repr)


def ids(book, cards) -> list[str]:
    return [book.ids[c] for c in cards]


def top_value(state, zone: str):
    pile = state.zones[ZONE_OF[zone]]
    return state.book.values[pile[-1]] if pile else None


# The rules tests play these decks, not the bundled (tuned) ones, so that tuning the data
# never changes what a rules test means.  Same four characters and effects.
LAYOUT = {  # character: (special effect, unique effect, link values, special values, unique value)
    "pirate": ("discard-random", "tutor", (4, 13), (3, 9, 15), 11),
    "knight": ("bind-pile", "silence", (5, 12), (2, 8, 14), 10),
    "cowboy": ("draw", "pull-top", (3, 14), (6, 10, 16), 7),
    "ninja": ("extra-turn", "reveal-hand", (6, 11), (1, 7, 13), 9),
}


FRENCH = {"knight": "Chevalier", "cowboy": "Cow-boy"}


def decks_toml(layout=LAYOUT, hit_points=10) -> str:
    lines = ["own_design = true", "hand_size = 5"]
    for cid, (special, unique, links, specials, uv) in layout.items():
        lines += ["[[character]]", f'id = "{cid}"', f'names = {{ en = "{cid.title()}", fr = "{FRENCH.get(cid, cid.title())}" }}',
                  f"hit_points = {hit_points}", f'special = "{special}"', f'unique = "{unique}"', "cards = ["]
        for v in range(1, 17):
            extra = ", link = true" if v in links else ', ability = "special"' if v in specials else \
                ', ability = "unique"' if v == uv else ""
            lines.append(f"  {{ value = {v}{extra} }},")
        lines += ["  { joker = true },", "]"]
    return "\n".join(lines) + "\n"


def rules_book(hit_points=10):
    from engine.between.cards import parse
    return parse([("test-decks.toml", decks_toml(hit_points=hit_points))])
