"""Match.copy(): a look-ahead bot plays on a copy; the original must never feel it.

Every card that can ask its owner something in a match is brought to a position
where it asks; every option is answered on a copy, and the original stays the
same, snapshot and event log, and then plays the same events as the copy did.
"""

import random

from engine.challengers.match import Match, play

CHOICE_SOURCES = ("bench", "deck", "exhaust", "opponent-bench", "opponent-deck", "opponent-exhaust")


def asks(ct) -> bool:
    """Whether a card can stop a match with a choice (Deck Phase effects aside)."""
    for e in ct.effects:
        if e.on in ("picked", "special"):
            continue
        if e.do == "arrange" or (e.do == "power" and e.per == "chosen-seat"):
            return True
        if e.do == "move" and e.src in CHOICE_SOURCES:
            return True
    return False


def check_every_answer_on_copies(m):
    """Answer each option of the pending choice on a copy; the original stays as it was."""
    ch = m.pending
    before, log_before = m.snapshot(), list(m.log)
    first_events = None
    for i in range(len(ch.options)):
        twin = m.copy(record=True)
        events = twin.choose(ch.player, i)
        if i == 0:
            first_events = events
        play(twin)                                   # and the copy plays on to its end
        assert m.snapshot() == before, f"answering {ch.source}'s option {i} on a copy changed the original"
        assert m.log == log_before
    # The original answers as the first copy did, event for event.
    assert m.choose(ch.player, 0) == first_events


def test_answering_every_choice_of_every_choice_card_on_a_copy_leaves_the_original_untouched(lib):
    cat = lib.catalogue
    choosers = sorted(c.id for c in cat.cards.values() if asks(c))
    assert len(choosers) >= 10
    pool = [c for c in cat.cards.values() if c.level in "ABCS"]
    seen = set()
    for card_id in choosers:
        rng = random.Random(card_id)
        for attempt in range(300):
            x = cat.card(card_id)
            decks = [[x, x] + rng.sample(pool, 8) for _ in (0, 1)]
            for d in decks:
                rng.shuffle(d)
            m = Match(decks, rng=attempt, beginner=attempt & 1, round=1 + attempt % 7)
            for p in (0, 1):
                for ct in rng.sample(pool, 3):
                    m.place(p, ct, "bench")
                for ct in rng.sample(pool, 2):
                    m.place(p, ct, "exhaust")
            while m.winner is None:
                kind, p = m.expect
                if kind == "reveal":
                    m.reveal(p)
                    continue
                ch = m.pending
                seen.add(ch.source)
                check_every_answer_on_copies(m)
            if card_id in seen:
                break
    assert set(choosers) <= seen, f"never asked: {sorted(set(choosers) - seen)}"
