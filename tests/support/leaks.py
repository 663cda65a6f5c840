"""One hidden-information leak check for every game and every place that shows one.

The contract removes hidden information in one place, ``state.observation(seat)``, and says what
one seat's view leaves open with ``Game.determinize(data, observation, seat, rng)``: a whole
state consistent with that view, everything the seat cannot see drawn afresh.  So what ``viewer``
may not know of ``owner``'s view is what changes in ``owner``'s observation when the state is
rebuilt from ``viewer``'s view alone (:func:`secrets`, a few rebuilds); what the public may not
know of it is what any other seat may not know.  No game is named here: a game registered
tomorrow is checked the same way.

A secret is a value of ``owner``'s observation: a text anywhere (a card's id, a secret choice),
or a number inside a list (an instance id in a hand).  A secret may also be a value the viewer
sees elsewhere: which of the public cards a seat chose, which face-down instance is which card,
a second card of a name the viewer holds too.  So the checks compare with what the viewer may
read (the engine's own view for it) where they can:

- :func:`observation_leaks`: a view built on the viewer's observation (the table's, a phone's)
  holds a secret more times than the engine's own view for that viewer does;
- :func:`text_leaks`: a sentence or any JSON text names a secret (as a whole word) that is not
  a text of the viewer's own view (``visible``);
- :func:`widget_leaks`: a widget (or a sentence with its cards) draws a secret card or names one
  in its text (``names``: what the screen calls each secret);
- :func:`screen_leaks`: the real app's screen of a kiosk table, for every seat whose owner is not
  looking (what the real-app walks of tests/kiosk call at every step).

Each returns where it found a leak (empty: none); :func:`assert_no_leaks` fails naming them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

Path = tuple[Any, ...]
_MISSING = object()


def leaves(value: Any, path: Path = ()) -> Iterable[tuple[Path, Any]]:
    """Every (path, scalar) of a JSON-like value."""
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    else:
        yield path, value


def _telling(path: Path, value: Any) -> bool:
    """A value that can tell a secret: a text, or a number in a list (not a count or a flag)."""
    if isinstance(value, str):
        return value != ""
    return type(value) is int and bool(path) and type(path[-1]) is int


def secrets(game: Any, data: Any, state: Any, owner: int, viewer: int | None,
            guesses: int = 4, seed: int = 0) -> frozenset[Any]:
    """What ``viewer`` (None: the public) may not know of ``owner``'s observation, from the
    contract: the values of ``owner``'s view that change when the state is rebuilt
    (``game.determinize``) from the viewer's view alone; the public may not know what any
    other seat may not."""
    if viewer == owner:
        return frozenset()
    if viewer is None:
        found: set[Any] = set()
        for other in range(state.num_players):
            found |= secrets(game, data, state, owner, other, guesses, seed)
        return frozenset(found)
    if game.determinize is None:
        return frozenset()
    real = dict(leaves(state.observation(owner)))
    seen = state.observation(viewer)
    rng = random.Random(seed * 7919 + owner * 31 + viewer)
    changed: set[Any] = set()
    for _ in range(guesses):
        guess = game.determinize(data, seen, viewer, random.Random(rng.randrange(2**31)))
        rebuilt = dict(leaves(guess.observation(owner)))
        changed |= {v for p, v in real.items() if _telling(p, v) and rebuilt.get(p, _MISSING) != v}
    return frozenset(changed)


def secrets_by_owner(game: Any, data: Any, state: Any, viewer: int | None,
                     owners: Iterable[int] | None = None) -> dict[int, frozenset[Any]]:
    """:func:`secrets` of every other seat (or of ``owners``) from ``viewer``'s place."""
    seats = range(state.num_players) if owners is None else owners
    return {o: secrets(game, data, state, o, viewer) for o in seats if o != viewer}


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def observation_leaks(shown: Any, engine_view: Any, hidden: Mapping[int, Iterable[Any]]) -> list[str]:
    """Where ``shown`` (a view made for one viewer) holds another seat's secret more often than
    ``engine_view`` (the engine's observation for that viewer) does."""
    have = Counter((type(v), v) for _, v in leaves(shown))
    allowed = Counter((type(v), v) for _, v in leaves(engine_view))
    found = []
    for owner, values in hidden.items():
        for value in values:
            key = (type(value), value)
            if have[key] > allowed[key]:
                where = [p for p, v in leaves(shown) if _same(v, value)]
                found.append(f"seat {owner}'s {value!r} at {where[:3]}")
    return found


def _word(text: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])")


def visible_texts(observation: Any) -> frozenset[str]:
    """The texts of a viewer's own observation: it may read them anywhere."""
    return frozenset(v for _, v in leaves(observation) if isinstance(v, str))


def text_leaks(texts: Iterable[str], hidden: Mapping[int, Iterable[Any]],
               names: Callable[[Any], Iterable[str]] | None = None,
               visible: Iterable[str] = ()) -> list[str]:
    """Where a text names another seat's secret: a secret text as a whole word, or one of
    ``names(secret)`` (what the screen or the sentence calls it), unless the viewer may read that
    word anyway (``visible``: :func:`visible_texts` of its observation, and what it calls them)."""
    texts = [t for t in texts if isinstance(t, str) and t]
    visible = set(visible)
    found = []
    for owner, values in hidden.items():
        for value in values:
            said = {value} if isinstance(value, str) else set()
            if names is not None:
                said |= {n for n in names(value) if n}
            said -= visible
            for word in said:
                pattern = _word(word)
                for text in texts:
                    if pattern.search(text):
                        found.append(f"seat {owner}'s {value!r} as {word!r} in {text[:60]!r}")
                        break
    return found


def json_texts(value: Any) -> list[str]:
    """Every text of a JSON-like value, keys included."""
    out = []
    if isinstance(value, Mapping):
        for k, v in value.items():
            out.append(str(k))
            out.extend(json_texts(v))
    elif isinstance(value, (list, tuple)):
        for v in value:
            out.extend(json_texts(v))
    elif isinstance(value, str):
        out.append(value)
    return out


def widget_leaks(widgets: Iterable[Any], hidden: Mapping[int, Iterable[Any]],
                 names: Callable[[Any], Iterable[str]] | None = None,
                 allowed: Callable[[Any, int], bool] = lambda widget, owner: False,
                 visible: Iterable[str] = ()) -> list[str]:
    """Where a widget draws another seat's secret card (its ``card`` or ``cards``, compared as text) or names
    one in its ``text`` or ``name`` (:func:`text_leaks`); a card or text in ``visible`` the viewer may see; ``allowed(widget, owner)``: the
    widget may show ``owner``'s cards (on the half of an owner who is looking)."""
    visible = set(visible)
    widgets = list(widgets)
    found = []
    for owner, values in hidden.items():
        cards = {str(v) for v in values}
        for w in widgets:
            if allowed(w, owner):
                continue
            drawn = [getattr(w, "card", None)] + list(getattr(w, "cards", ()))
            for card in drawn:
                if card is not None and str(card) in cards and str(card) not in visible:
                    found.append(f"seat {owner}'s card {card!r} drawn by a {type(w).__name__}")
            said = [t for t in (getattr(w, "text", None), getattr(w, "name", None)) if isinstance(t, str) and t]
            found.extend(f"{leak} (a {type(w).__name__})" for leak in text_leaks(said, {owner: values}, names, visible))
    return found


def assert_no_leaks(where: str, found: list[str]) -> None:
    assert not found, f"{where} shows what it may not: " + "; ".join(found[:5])


def _nowhere(widget: Any, owner: int) -> bool:
    return False


_NOWHERE = _nowhere


def screen_leaks(table: Any, widgets: Iterable[Any], names: Callable[[Any], Iterable[str]] | None = None,
                 allowed: Callable[[Any, int], bool] = _NOWHERE,
                 also: Callable[[Mapping[str, Any], int], Iterable[Any]] | None = None) -> list[str]:
    """What a screen of ``table`` (a :class:`kiosk.table.LocalTable`) shows of the seats whose
    owner is not looking (``table.may_show``): their :func:`secrets` from the public's place,
    and ``also(their observation, seat)`` where the kiosk hides more than the engine does (a
    hand the rules leave open, drawn only to its owner).  With ``allowed(widget, seat)`` (where
    a seat's cards may be drawn: its own half), every seat's are checked, looking or not.  Texts
    the public or a looking seat may read (and what ``names`` calls them) are no leak in a
    sentence."""
    game, data, state = table.game, table.data, table.state
    widgets = list(widgets)
    hidden: dict[int, frozenset[Any]] = {}
    kiosk_hides: dict[int, frozenset[Any]] = {}
    for seat in range(len(table.seats)):
        if not table.may_show(seat) or allowed is not _NOWHERE:
            hidden[seat] = secrets(game, data, state, seat, None)
            if also is not None:
                kiosk_hides[seat] = frozenset(also(state.observation(seat), seat)) - hidden[seat]
    def readable(seats: Iterable[int]) -> set[str]:
        words = set(visible_texts(table.observation(None)))
        for seat in seats:
            words |= visible_texts(table.observation(seat))
        return words | {n for v in list(words) for n in names(v)} if names is not None else words

    # A widget where a seat's cards may be drawn may name what that seat reads, too.
    groups: dict[frozenset[int], list[Any]] = {}
    for w in widgets:
        owners = frozenset(s for s in range(len(table.seats)) if allowed(w, s))
        groups.setdefault(owners, []).append(w)
    found = []
    for owners, group in groups.items():
        found += widget_leaks(group, hidden, names, allowed, readable(owners | table.shown_seats()))
        # What only the kiosk hides is public to the engine: no text may name it either.
        found += widget_leaks(group, kiosk_hides, names, allowed)
    return found
