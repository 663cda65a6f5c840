"""The guided first match's hints: one short sentence on the person's half saying what to do
now and why.

No Kivy here.  A hint is worked out from what the screens show -- the match's observation
(:class:`~kiosk.games.challengers.view.MatchView`) and the result held on screen -- never from
a script of steps, so it stays right whatever happens: who began, how many cards an attack
took, which bench is filling.  The app puts the sentence on the half with
:meth:`kiosk.widgets.HintLayer.guide` after every change.

What the guide watches for, first match first:

* the flag toss, then who begins (the first card revealed holds the flag);
* attacking: the total so far against the flag's power, and what one more card does;
* defending: the flag just taken (or a card whose effect raised its power) and who attacks it;
* a bench with one seat or none left: a 7th name on it loses the match.

The match's held end and the result screen say the rest themselves (who won, why, what a
whole game adds: ``end_lesson``).
"""

from __future__ import annotations

from collections.abc import Callable

from kiosk.games.challengers.board import end_held

BENCH_SEATS = 6

Tr = Callable[..., str]


def is_lesson(c) -> bool:
    """Is the game on the table a guided first match (a tournament set up from a lesson)?  A
    café park never plays one."""
    return getattr(c, "lesson", None) is not None


def guide_line(c, half: int, lang: str, tr: Tr) -> str:
    """The guide's sentence for the person on ``half`` of the table now ("" for nobody there,
    a bot's half, or no guided match)."""
    if not is_lesson(c):
        return ""
    seat = c.player_at(half)
    if seat is None or c.is_robot(half):
        return ""
    t = c.tournament_view
    if c.result is not None or end_held(c):
        # The match's held end says who won, why, and to tap; the result screen what a whole
        # game adds: nothing to add to either.
        return ""
    m = c.match_view()
    if m is None or seat not in m.players:
        return ""
    side = m.players.index(seat)
    other = t.player_name(m.players[1 - side], lang)
    me = m.sides[side]
    kind, who = m.expect
    if kind == "toss":
        return tr("guide_toss", lang)
    if kind == "choose":
        if m.pending_player == side and m.pending is not None:
            card = m.types[m.pending.source] if isinstance(m.pending.source, int) else None
            return tr("guide_choose", lang, card=_name(card, lang))
        return tr("guide_wait", lang, name=other)
    if kind != "reveal":
        return ""
    flag = m.flag_card
    if flag is None:                                   # nobody holds the flag yet
        return tr("guide_begin", lang) if who == side else tr("guide_other_begins", lang, name=other)
    need = m.defense_total()
    left = BENCH_SEATS - me.seats_used()
    if who == side:                                    # attacking the other's flag
        if m.attack:
            return tr("guide_attack_more", lang, total=m.attack_total(), need=need)
        if left <= 1:
            return tr("guide_bench_full", lang, need=need) if left == 0 else \
                tr("guide_bench_almost", lang, used=me.seats_used(), need=need)
        if me.bench:
            return tr("guide_attack_back", lang, name=other, used=me.seats_used(), need=need)
        return tr("guide_attack", lang, need=need)
    # defending: the other side attacks this player's flag
    if m.attack:
        return tr("guide_defend_more", lang, name=other, total=m.attack_total(), need=need)
    parts = m.power_breakdown(flag, "possession")
    if len(parts) > 1:                                 # an effect (or a bonus) raised the flag's power
        return tr("guide_flag_effect", lang, card=_name(m.types[flag], lang), need=need, name=other)
    return tr("guide_hold", lang, card=_name(m.types[flag], lang), need=need, name=other)


def _name(card, lang: str) -> str:
    from kiosk.cardtext import card_name
    return "?" if card is None else card_name(card, lang)
