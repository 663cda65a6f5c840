"""What just happened at a Challengers! table (drive_challengers_lastmove.py), EN and FR: the
Robot's last moves said on the person's half after each of them, naming only cards face up on
the table; "Log" on each half opens the match log facing that half."""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.slow
def test_the_robots_moves_are_said_on_the_persons_half(tmp_path, lang):
    art = artifacts_dir() / f"ch-lastmove-{lang}"
    p = run_script("drive_challengers_lastmove.py", tmp_path / "data", art, lang, timeout=240,
                   TABLECUP_ROBOT_DELAY=0.3)
    r = script_result(p, "CHLASTMOVE-RESULT ")
    assert r["faults"] == [], r["faults"]
    moves = r["robot_moves"]
    assert len(moves) >= 2, r
    for m in moves:
        assert m["texts"] and m["robot_named"], m          # the Robot's move, said with its name
        assert m["drawn_visible"] and m["hidden_named"] == [], m
    assert not any(m["drawn"] for m in moves), moves       # words only: a face there would be unreadable
    for half, turned in (("0", False), ("1", True)):
        log = r["log"][half]
        assert log["shown"] and log["turned"] is turned and log["closed"] and log["lines"] >= 2, log


class _Words:
    """The words a Challengers! sentence is said with (kiosk.games.descriptor.SayWords)."""

    def __init__(self, lib, lang):
        self.lang, self.game_data, self.player_count = lang, lib, 2

    def t(self, key, **fmt):
        from kiosk.i18n import tr
        return tr(key, self.lang, **fmt)

    def player_name(self, seat):
        return ("Ann", "Robot")[seat]

    def is_bot(self, seat):
        return seat == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_the_table_has_not_seen_is_never_named(lib, lang):
    """A card drawn face down into the Robot's deck, or one not in the public view around the
    move, is "a card"; a Deck Phase's picks say nothing."""
    from engine.events import Event
    from kiosk.games.challengers.happened import say
    from kiosk.table.happened import Move, Run

    cyborg, dog, spider = "cyborg", "dog", "spider"
    names = {c: lib.catalogue.card(c).names.get(lang) or lib.catalogue.card(c).name for c in (cyborg, dog, spider)}
    events = (Event("draw", 1, spider, None, "pile-A"), Event("move", 1, spider, None, "deck-top"),
              Event("reveal", 1, cyborg, 1), Event("flag", 1, cyborg, 1), Event("move", 0, dog, None, "exhaust"))
    said = say(Run(1, (Move(1, events, frozenset({cyborg})),)), 0, _Words(lib, lang))
    assert names[cyborg] in said.text and said.cards == (cyborg,), said
    assert names[spider] not in said.text and names[dog] not in said.text, said
    # A Deck Phase: its draw names the cards drawn (the player's alone), its picks too.
    deck = (Event("option", 1, None, 2, "A2"), Event("draw", 1, None, 5, (spider, dog, cyborg)),
            Event("pick", 1, spider), Event("fans", 1, spider, 1))
    assert say(Run(1, (Move(1, deck, frozenset({spider})),)), 0, _Words(lib, lang)) is None
    # The last pick of a Deck Phase starts the match: only the match's part is said.
    started = deck + (Event("deck-done", 1, None, 12), Event("match", (0, 1), None, 1), Event("toss", 1))
    said = say(Run(1, (Move(1, started, frozenset({spider})),)), 0, _Words(lib, lang))
    assert said is not None and names[spider] not in said.text and dog not in said.text, said
