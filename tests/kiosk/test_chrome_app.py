"""The shared chrome in the real app (offscreen, real touches and key events): the players'
settings read from and written to the config folder, names typed on the key grid and a keyboard
reaching the games' set-ups, the "?" and its rules page over a game, and the sounds each moment
asks for (tests/kiosk/drive_chrome.py; the cues are recorded, not played)."""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result


pytestmark = pytest.mark.slow   # a walk of the real app, shared by the file's tests


@pytest.fixture(scope="module")
def chrome(tmp_path_factory):
    base = tmp_path_factory.mktemp("chrome")
    cfg = base / "config"
    (cfg / "settings").mkdir(parents=True)
    (cfg / "settings" / "kiosk.toml").write_text('[kiosk]\npalette = "colour-blind"\nvolume = "loud"\ntext_size = "large"\n', encoding="utf-8")
    art = artifacts_dir() / "chrome"
    art.mkdir(parents=True, exist_ok=True)
    p = run_script("drive_chrome.py", base / "data", art, timeout=150, TABLECUP_CONFIG=cfg, TABLECUP_SOUND="record")
    r = script_result(p, "CHROME-RESULT ")
    r["config"] = cfg / "settings" / "kiosk.toml"
    return r["stages"] | {"config": r["config"]}


def test_a_bad_setting_is_said_in_one_line_and_the_others_are_kept(chrome):
    start = chrome["start"]
    assert "kiosk.toml: key 'kiosk.volume': 'loud' is not a whole number from 0 to 100; using 70" in start["alert"]
    assert start["palette"] == "colour-blind"            # the good key of the same file applies
    assert start["go"] == [0.0, 0.447, 0.698, 1.0]       # Okabe-Ito blue, not green
    assert start["volume"] == 70
    assert start["fontscale"] == 1.12                    # text size: every sp is 12 % larger
    assert start["solo_font"] == pytest.approx(19 * 1.12 * start["density"], abs=0.01)


def test_settings_apply_at_once_and_are_saved_in_the_config_folder(chrome):
    ch = chrome["change"]
    assert chrome["settings"]["screen"] == "settings"
    assert ch["palette"]["name"] == "standard"
    assert ch["palette"]["solo_before"] != ch["palette"]["solo_after"]     # home's buttons follow at once
    assert ch["palette"]["solo_after"] == [0.3, 0.8, 0.4, 1]
    assert 'palette = "standard"' in ch["palette"]["file"]
    assert ch["volume"]["volume"] == 60 and "volume = 60" in ch["volume"]["file"]
    assert ch["volume"]["played"] == [["reveal", 0.6]]                   # a sound says how loud
    assert ch["animations"]["speed"] == 0.0 and 'animations = "off"' in ch["animations"]["file"]
    assert 'text_size = "normal"' in ch["text"]["file"] and ch["text"]["message"] == "Saved"   # applied at once
    assert chrome["back"]["screen"] == "home"
    text = chrome["config"].read_text(encoding="utf-8")
    assert 'text_size = "normal"' in text and "volume = 60" in text


def test_settings_from_the_operator_screen_go_back_to_it_still_unlocked(chrome):
    assert chrome["operator"] == {"via": "settings", "back_to": "operator", "mode": "unlocked"}


def test_names_typed_on_the_grid_and_a_keyboard_reach_the_games(chrome):
    names = chrome["names"]
    assert names["first"] == {"opened": True, "grid": "Anne", "after": "Anna", "shown": False, "button": "Anna"}
    assert names["too_long"] == "Bobxxxxxxxxxxx"                       # 14 characters at most
    assert names["cancelled"] == ""                                    # Escape keeps the default
    assert names["names"] == ["Anna", "Bob"] and names["store"] == ["Anna", "Bob"]
    assert chrome["solo"]["players"][0] == "Anna"                      # Challengers! solo
    assert chrome["asked_before_two"] is True                          # over the saved solo game
    assert chrome["two"]["players"] == ["Anna", "Bob"]                 # Challengers! for two
    assert chrome["table"]["players"] == ["Anna", "Bob"]               # a LocalTable game (a real touch)
    assert chrome["fr"] == {"prompt": "Nom du joueur 1", "key_z": True}


def test_the_rules_page_of_the_game_at_hand_opens_over_any_screen(chrome):
    rules = chrome["rules"]
    assert rules["shown"] and rules["game"] == "challengers" and rules["title"] == "Rules: Challengers!"
    assert rules["blocks"] > 10 and rules["flag"]
    assert rules["turned"] and rules["closed"]
    table = chrome["table"]
    # Between Battle keeps a "?" in each half; the one over every screen stands aside.
    assert table["rules"] == {"game": "between", "title": "Rules: Between Battle", "turned": True, "over_all": 0}
    assert table["closed_by_escape"] and table["screen"] == "between.play"


def test_each_moment_asks_for_its_sound(chrome):
    m = chrome["match"]
    steps = m["steps"]
    assert steps, "the match was not played"
    for s in steps:
        ev, cues = set(s["events"]), s["cues"]
        if "win" in ev:
            assert cues == ["win"], s
        elif "flag-lost" in ev:
            assert cues == ["capture"], s
        elif "reveal" in ev:
            assert cues == ["reveal"], s
        else:
            assert cues == [], s
    assert any(s["cues"] == ["capture"] for s in steps)
    assert steps[-1]["cues"] == ["win"]
    # A press on the half that must wait: no game event, a hint on that half, the "wrong" sound.
    assert m["wrong"]["events"] == [] and m["wrong"]["cues"] == ["wrong"]
    assert m["wrong"]["hint"].startswith("Wait")
    assert m["played"] > len(steps) // 2                               # volume 60: they were played


def test_a_game_at_the_local_table_asks_for_its_sounds_too(chrome):
    steps = chrome["table"]["steps"]
    for s in steps:
        if "win" in s["events"]:
            assert s["cues"] == ["win"], s
        elif "take" in s["events"] or "hit" in s["events"]:
            assert s["cues"] == ["capture"], s       # a pile taken as damage
        elif "reveal" in s["events"]:
            assert s["cues"] == ["reveal"], s
        else:
            assert s["cues"] == [], s
    assert any(s["cues"] == ["capture"] for s in steps), steps
