"""A match reads each card effect as a row of numbers (``_Fx``): its action, counters and timing
coded, its move's zones worked out once.  Every effect of every card is checked here against
the effect it codes, so that a row never plays differently from the card's text; a counter's
name and its number count the same."""

import pytest

import cards
from engine.challengers import match as match_module
from engine.challengers.library import load
from engine.challengers.match import Match, _fx_of


def coded(table, name, fx_value):
    """Whether ``fx_value`` is ``name``'s number in ``table``, or no name's when it has none."""
    if name in table:
        return fx_value == table[name]
    return fx_value not in table.values()


def test_each_effect_row_says_what_its_effect_says():
    lib = load(cards)
    effects = [(ct, e) for ct in lib.catalogue.cards.values() for e in ct.effects]
    assert len(effects) > 100
    counters = match_module._COUNTER_CODES
    kinds: dict = {}
    for ct, e in effects:
        fx = _fx_of(e)
        where = f"{ct.id}: {e}"
        assert fx.effect is e and _fx_of(e) is fx, where
        assert coded(match_module._DO_CODES, e.do, fx.do), where
        assert (fx.amount, fx.per_n, fx.count, fx.bonus_if_done) == (e.amount, e.per_n, e.count, e.bonus_if_done)
        assert coded(counters, e.per, fx.per), where
        assert fx.filter is e.filter and fx.during_name == e.during and fx.dst is e.dst, where
        assert coded(match_module._DURING_CODES, e.during, fx.during), where
        assert (fx.up_to, fx.may, fx.seat_unit) == (bool(e.up_to), bool(e.may), e.unit == "seat"), where
        assert fx.lowest_power == bool(e.filter is not None and e.filter.lowest_power), where
        assert fx.has_cond == (e.cond is not None) and fx.move_src == e.src, where
        if e.cond is not None:
            assert fx.cond_counter == counters[e.cond.counter] and fx.cond_filter is e.cond.filter, where
            assert (fx.has_min, fx.has_max) == (e.cond.min is not None, e.cond.max is not None), where
            assert (fx.cond_min if fx.has_min else None, fx.cond_max if fx.has_max else None) == (e.cond.min,
                                                                                                  e.cond.max)
        if e.do == "move":
            dst = e.dst[0]
            assert fx.to_opponent == dst.startswith("opponent-") and fx.move_dst == dst.removeprefix("opponent-")
            if e.src == "self":
                kind, where_from = "self", "self"
            elif e.src.startswith("pile-"):
                kind, where_from = "pile", e.src[5:]
            else:
                kind, where_from = "zone", e.src.removeprefix("opponent-")
                assert fx.from_opponent == e.src.startswith("opponent-"), where
            assert fx.move_where == where_from, where
            kinds.setdefault(kind, set()).add(fx.move_kind)
    # One number for each place a move takes cards from, a different one for each.
    assert sorted(kinds) == ["pile", "self", "zone"] and all(len(k) == 1 for k in kinds.values())
    assert len(set().union(*kinds.values())) == 3


def test_a_counter_by_name_counts_as_its_number_does():
    lib = load(cards, boxes=("base",))
    cat = lib.catalogue
    deck = [cat.card(c) for c in lib.box("base").starter]
    m = Match([deck, list(reversed(deck))], rng=3, beginner=0, record=False)
    for _ in range(6):
        if m.winner is not None:
            break
        m.reveal(m.expect[1])
    for name, number in match_module._COUNTER_CODES.items():
        if name == "chosen-seat":
            continue
        for p in (0, 1):
            assert m.count(name, p) == m._count(number, p, None, None) >= 0
    with pytest.raises(ValueError, match="unknown counter chosen-seat"):
        m.count("chosen-seat", 0)
    with pytest.raises(ValueError, match="unknown counter dragons"):
        m.count("dragons", 0)
