"""Between Battle, Wacky Challenge and Cosplay Team Battle in the real app (offscreen), by keys and
taps: a press at the wrong moment says why on that half (EN, then FR with the setting switched
mid-game) with the "wrong press" sound; the palette setting recolours their tables at once;
their hardest level is the search bot, which thinks on the worker thread while the screen keeps
drawing."""

import pytest

from kiosk_helpers import artifacts_dir, run_script, script_result
from registered import table_games

from kiosk.i18n import tr

pytestmark = pytest.mark.slow   # a long walk of the real app through every table game

GAMES = table_games()
HINT_KEYS = {
    "between": ("bb_hint_over", "bb_hint_wait_turn", "bb_hint_wait_bot", "bb_hint_wait_choice", "bb_hint_choose_first",
                "bb_hint_no_pile", "bb_hint_card"),
    "wacky": ("wk_hint_choose", "wk_hint_wait_one", "wk_hint_wait_all", "wk_hint_pick", "wk_hint_wait_pick",
              "wk_hint_wait_pick_bot", "wk_hint_booster", "wk_hint_wait_booster", "wk_hint_over"),
    "cosplay": ("cp_hint_over", "cp_hint_wait_turn", "cp_hint_wait_bot", "cp_hint_choose_first",
                "cp_hint_prepare", "cp_hint_card", "cp_hint_cannot_pay", "cp_hint_end_later"),
}
#: What the secondary button's press says while the bot thinks at the start of each game.
WAITING = {
    "between": lambda lang: tr("bb_hint_wait_bot", lang, name=tr("robot", lang)),
    "wacky": lambda lang: tr("wk_hint_choose", lang),          # the secret choice: everybody chooses
    "cosplay": lambda lang: tr("cp_hint_wait_bot", lang, name=tr("robot", lang)),
}


def sentences(game, lang):
    """Every sentence the game's hint may say to the solo player against the Robot (3 bots for Wacky)."""
    return {tr(key, lang, name=tr("robot", lang), n=n) for key in HINT_KEYS[game] for n in (1, 2, 3)} - {""}


def test_wrong_moments_palette_and_the_search_bot_off_the_ui_thread(tmp_path):
    cfg = tmp_path / "config"
    cfg.mkdir()
    p = run_script("drive_table_moments.py", tmp_path / "data", artifacts_dir() / "table-moments",
                   timeout=150, TABLECUP_CONFIG=cfg, TABLECUP_SOUND="record")
    r = script_result(p, "MOMENTS-RESULT ")
    french = 0
    for game in GAMES:
        g = r["games"][game]
        assert g["screen"] == f"{game}.play" and g["policies"] == ["search"], g
        # The secondary button, then a tap (a card of the hand, a zone, the draft row): each said
        # why on the bottom half only, in the game's own words, with the wrong-press sound, in
        # English and in French, while the bot thinks (the drive holds its decision meanwhile).
        for lang in ("en", "fr"):
            said = g[lang]
            assert said["bot_thinking"] and said["bot_still_thinking"], (game, lang, said)
            french += lang == "fr"
            assert said["after_button"] == {"0": WAITING[game](lang), "1": ""}, (game, lang, said)
            # (The tap comes a moment later: the bot may have played by then, and the sentence follows.)
            assert said["after_tap"]["1"] == "" and said["after_tap"]["0"] in sentences(game, lang), (game, said)
            assert "wrong" in said["sounds"]
        # The palette switched as the settings screen does: the table's colours follow at once.
        for name, seen in g["palettes"].items():
            drawn, want = seen["drawn"], seen["expected"]
            for half in ("bottom", "top"):
                assert drawn[half]["background"] in (want["half_active"], want["half_idle"]), (game, name, half)
            assert drawn["again"] == want["go"], (game, name)
            if game == "between":
                assert drawn["damage"] == want["danger"]
            if game == "cosplay":
                assert drawn["end_turn"] == want["turn_end"]
        cb, std = g["palettes"]["colour-blind"]["drawn"], g["palettes"]["standard"]["drawn"]
        assert cb["bottom"]["background"] != std["bottom"]["background"] and cb["again"] != std["again"]
        assert g["palette_now"] == "standard" and g["home_after"] == "home"
        # The search bot thought on the table's worker thread: the UI thread kept drawing frames
        # all along (thinking on it, 0.5 s and more per decision here, it would draw none).  The
        # 50 ms goal is measured and printed beside a quiet moment's: this shared machine alone
        # stalls the UI thread 50-120 ms now and then.
        assert g["bot_thinking"] and g["worker"] == ["tablecup-bot"]
        assert g["frames"] >= 5, g
        assert g["max_stall_ms"] is None or g["max_stall_ms"] < 400, g
    assert french == len(GAMES) and sum(r["games"][game]["max_stall_ms"] is not None for game in GAMES) >= 2
    print("longest frame gap while the search bot thinks (ms, target 50):",
          {game: r["games"][game]["max_stall_ms"] for game in GAMES}, "quiet:", r["quiet_max_stall_ms"])
