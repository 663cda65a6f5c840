"""The French interface of the table games is complete: Between Battle, Wacky Challenge and Cosplay
Team Battle, every screen and moment walked in the real app in French, show no English.

Two checks on every text in the widget tree (tests/kiosk/french_check.py): no word that only
English uses (the English catalogue and data, less what French says too), and no word that no
French text of the house uses (a string written in the code, never seen by a catalogue).  The
walk must have asked for every message of the three games' catalogues but a few rare ones (listed
with why), so every moment was shown; the French catalogues' own texts, walked or not, pass both
checks.
"""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.pofile import read_po
from french_check import LOCALE, MARKUP, _keys, english_in, english_only_words, french_vocabulary, unknown_in
from kiosk_helpers import STILL, artifacts_dir, run_script, script_result
from registered import table_games

from kiosk.games.between.events import MESSAGES as BETWEEN_EVENTS
from kiosk.games.cosplay.events import MESSAGES as COSPLAY_EVENTS
from kiosk.games.wacky.events import MESSAGES as WACKY_EVENTS

GAMES = tuple(table_games())
#: Messages of the games' catalogues that a walk of two people at the table does not show, and why.
NOT_WALKED = {
    "bb_link_on": "a link card that may also go on the other zone: rare",
    "wk_booster_bot": "a bot's booster: two people play the walked games",
    "wk_colour_red": "two pilots a game: six of seven colours are walked",
    "wk_end_shared": "a shared win: none in 400 random games",
    "cp_choose_drama": "a Drama ability: not drawn in the walked games",
    "cp_draw": "a draw: a whole random game more", "cp_winner_tie": "a tie broken: a whole random game more",
    "cp_pool": "points gained paying: not in the walked games",
    "cp_to_player": "Drama to a chosen player: not in the walked games",
}
# Said on a phone, not on the table: tests/phones/test_phone_words.py says them in French.
NOT_WALKED |= {key: "a phone's words" for key in (
    "wk_phone_booster", "wk_phone_chosen", "wk_phone_swap", "wk_phone_take", "cpp_steal",
    "bbp_give", "bbp_link", "bbp_play", "bbp_raise", "bbp_take")}
# The events of the table games (the engines' message ids): a few are said on a half after a
# person's own move, all in a finished game's log; tests/kiosk/test_event_words.py and
# tests/kiosk/test_cosplay_events.py say every one in French.
NOT_WALKED |= {key: "an event of a finished game's log" for key in (
    *BETWEEN_EVENTS, *COSPLAY_EVENTS, "cpe_score", *WACKY_EVENTS, "wke_revealed")}
# A phone's seat by number: only when the table gives no names (tests/phones/test_phone_words.py).
NOT_WALKED |= {"cpp_seat": "a phone's words without the seats' names"}
# A Drama purchase dealt out between opponents: three players and more, which this walk is not;
# tests/kiosk/test_cosplay_payments.py says it on the table and a phone in French.
NOT_WALKED |= {key: "a split Drama purchase (3+ players)" for key in (
    "cp_confirm_drama_split", "cp_drama_part", "cpp_drama_split")}
# Said at a wrong moment (a hint on the half): tests/kiosk/test_table_moments_app.py presses and
# taps at such moments in French, tests/kiosk/test_table_hints.py says every game's in French.
NOT_WALKED |= {key: "a wrong-moment hint" for key in (
    "bb_hint_card", "bb_hint_choose_first", "bb_hint_no_pile", "bb_hint_over", "bb_hint_wait_bot",
    "bb_hint_wait_choice", "bb_hint_wait_turn",
    "wk_hint_booster", "wk_hint_choose", "wk_hint_over", "wk_hint_pick", "wk_hint_wait_all", "wk_hint_wait_booster",
    "wk_hint_wait_one", "wk_hint_wait_pick", "wk_hint_wait_pick_bot",
    "cp_hint_cannot_pay", "cp_hint_card", "cp_hint_choose_first", "cp_hint_end_later", "cp_hint_over",
    "cp_hint_prepare", "cp_hint_wait_bot", "cp_hint_wait_turn")}
# Cosplay's seats on no half, La Passion and payments changed by hand: played in French by
# tests/kiosk/test_cosplay_moves_app.py (a 4-player game), which this two-player walk is not.
NOT_WALKED |= {key: "walked in French by the Cosplay moves test" for key in (
    "cp_confirm_steal", "cp_library_short", "cp_more", "cp_passion_none", "cp_passion_pick",
    "cp_refused_nopay", "cp_refused_short", "cp_refused_wrong", "cp_seat_counts", "cp_seat_head", "cp_take")}

# What just happened (a half's sentence, a log line): every one is said in French, whole, by
# tests/kiosk/test_happened.py; a walk meets only the moves its games happen to make.
NOT_WALKED |= {key: "a move said on a half or in the log" for key in (
    "bb_did_a_card", "bb_did_bind", "bb_did_bind_you", "bb_did_coup", "bb_did_coup_you", "bb_did_damage",
    "bb_did_discard", "bb_did_discard_you", "bb_did_draw", "bb_did_extra", "bb_did_give", "bb_did_give_you",
    "bb_did_hit", "bb_did_link", "bb_did_move", "bb_did_nothing", "bb_did_play", "bb_did_raise", "bb_did_reveal",
    "bb_did_reveal_you", "bb_did_silence", "bb_did_silence_you", "bb_did_silenced", "bb_did_take", "bb_did_wild",
    "wk_did_a_card", "wk_did_boost", "wk_did_booster", "wk_did_card", "wk_did_choose", "wk_did_choose_last",
    "wk_did_pass", "wk_did_pick", "wk_did_raise", "wk_did_shift", "wk_did_swap",
    "cp_did_a_card", "cp_did_attach", "cp_did_combo", "cp_did_complete", "cp_did_drama", "cp_did_drama_you",
    "cp_did_end", "cp_did_place", "cp_did_recruit", "cp_did_steal", "cp_did_steal_you", "cp_did_use")}


def _game_keys(game: str) -> set[str]:
    with open(LOCALE / "fr" / "LC_MESSAGES" / f"{game}.po", "rb") as f:
        return {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}


def test_the_checks_find_english_and_unknown_words():
    english_only, known = english_only_words(), french_vocabulary()
    assert english_in(["Take damage", "Hold to look"], english_only)
    assert english_in(["Move any vehicle to the top of the hierarchy."], english_only)    # a booster's English text
    assert unknown_in(["Shuffle the pile"], known)                                        # English no catalogue has
    assert not unknown_in(["Prendre des dégâts", "Joueur 2 joue.", "Capitaine Tchou-Tchou", "12 / 14"], known)


def test_the_games_french_catalogues_have_no_english():
    """Every French message of the three games, walked or not, in the words of French."""
    english_only, known = english_only_words(), french_vocabulary()
    texts = []
    for game in GAMES:
        with open(LOCALE / "fr" / "LC_MESSAGES" / f"{game}.po", "rb") as f:
            for m in read_po(f):
                if m.id:
                    texts += [MARKUP.sub("", t) for t in (m.string if isinstance(m.string, tuple) else [m.string])]
    assert len(texts) > 150
    assert not english_in(texts, english_only)
    assert not unknown_in(texts, known)


@pytest.mark.slow   # every table game walked in French
def test_every_screen_of_the_table_games_in_french_shows_no_english(tmp_path):
    p = run_script("drive_french_games.py", tmp_path / "data", artifacts_dir() / "french-games", timeout=900,
                   settings=STILL)
    r = script_result(p, "FRENCH-GAMES-RESULT ")
    stages = r["stages"]
    assert {"coup-fatal", "coup-fatal-hit-points", "coup-fatal-tie", "no-cards"} <= set(r["games_over"]["between"])
    assert "speeds" in r["games_over"]["wacky"] and r["games_over"]["cosplay"]
    for game in GAMES:
        assert r["moves"][game] > 20
        for part in ("home", "play", "play-look", "end", "solo"):
            assert stages.get(f"{game}-{part}"), f"{game}-{part} not walked"
    assert r["qr_shown"] and all(r["qr_shown"])          # each half's QR card, shown
    # The phones' port taken when the first game started in English: the reason reads French.
    assert "Téléphones désactivés" in r["phones_off"]["between"], r["phones_off"]
    english_only, known = english_only_words(), french_vocabulary()

    # The English start of the same run: both checks read real widget texts and find English there.
    assert len({w for hits in english_in(stages["home-en"], english_only).values() for w in hits}) >= 5
    assert len({w for hits in unknown_in(stages["home-en"], known).values() for w in hits}) >= 5

    french = {s: texts for s, texts in stages.items() if r["lang_at"][s] == "fr"}
    assert len(french) >= 16
    found = {s: english_in(texts, english_only) for s, texts in french.items()}
    assert not any(found.values()), json.dumps({s: f for s, f in found.items() if f}, ensure_ascii=False, indent=1)
    unknown = {s: unknown_in(texts, known) for s, texts in french.items()}
    assert not any(unknown.values()), json.dumps({s: f for s, f in unknown.items() if f}, ensure_ascii=False,
                                                 indent=1)

    # No key shows through (a message missing from every catalogue reads as its key).
    keys = {k for k in _keys() if "_" in k}
    raw = {s: [t for t in texts if keys & set(re.findall(r"[\w-]+", t))] for s, texts in french.items()}
    assert not any(raw.values()), {s: t for s, t in raw.items() if t}

    # A game started in English goes on in French: the seats the kiosk named are named in French.
    for game in GAMES:
        assert r["names_at_start"][game] == ["Player 1", "Player 2"]
        assert any("Joueur 1" in t for t in stages[f"{game}-play"]), game
        assert not any("Player" in t for s, texts in french.items() for t in texts)

    # Every message of the games' catalogues was asked for in French: every moment was on screen.
    asked = set(r["keys"])
    missed = {g: sorted(_game_keys(g) - asked - set(NOT_WALKED)) for g in GAMES}
    assert not any(missed.values()), json.dumps(missed)


def test_the_kiosks_own_names_are_said_in_the_screens_language():
    from kiosk.i18n import display_name
    assert display_name("Player 1", "fr") == "Joueur 1" and display_name("Joueur 2", "en") == "Player 2"
    assert display_name("Robot 3", "en") == "Bot 3" and display_name("Player", "fr") == "Joueur"
    assert display_name("Light", "fr") == "Clair"
    assert display_name("Ann", "fr") == "Ann" and display_name("Player 1b", "fr") == "Player 1b"
