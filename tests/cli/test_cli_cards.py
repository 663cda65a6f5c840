"""`tablecup cards show/list/check`, house sets, Beach Cup and mixed-box tournaments, as real processes."""

import json
import os
import subprocess
import sys

from house_set import HOUSE as BARISTA

HOUSE = BARISTA + """\
[[card.effect]]
on = "reveal"
do = "fans"
amount = 1
if = { counter = "trophies", max = 0 }
"""


def tablecup(*args, data=None):
    env = dict(os.environ)
    if data is not None:
        env["TABLECUP_DATA"] = str(data)
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_cards_show_prints_the_generated_text_in_both_languages():
    en = tablecup("cards", "show", "sorcerer")
    fr = tablecup("cards", "show", "sorcerer", "--lang", "fr")
    assert en.returncode == fr.returncode == 0
    assert en.stdout.splitlines()[0].startswith("Sorcerer (Castle, level B, power 4, x4)")
    assert "power 3 or less" in en.stdout
    assert fr.stdout.splitlines()[0].startswith("Sorcier (Château, niveau B, force 4, x4)")
    assert "force 3 ou moins" in fr.stdout


def test_cards_list_json_has_every_card_with_its_text_in_both_languages():
    r = tablecup("cards", "list", "--json")
    cards = json.loads(r.stdout)
    assert len(cards) >= 160
    for c in cards:
        assert {"id", "name", "set", "level", "power", "copies", "timing", "text"} <= set(c)
        assert c["text"]["en"] and c["text"]["fr"]
    by_id = {c["id"]: c for c in cards}
    assert by_id["yeti"]["timing"] == ["possession"] and by_id["dog-beach"]["provisional"]


def test_cards_check_accepts_a_good_house_set_and_names_the_mistake_in_a_bad_one(tmp_path):
    good = tmp_path / "house.toml"
    good.write_text(HOUSE)
    r = tablecup("cards", "check", str(good))
    assert r.returncode == 0 and r.stdout.strip() == f"{good}: ok"
    bad = tmp_path / "bad.toml"
    bad.write_text(HOUSE.replace("power = 2", "power = 9"))
    r = tablecup("cards", "check", str(bad))
    assert r.returncode == 2
    (line,) = r.stderr.strip().splitlines()
    assert f"{bad}, card 'barista', field 'power', line 10" in line and "cap of 3" in line


def test_a_house_set_in_the_data_folder_is_picked_up_and_can_be_played(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "house.toml").write_text(HOUSE)
    r = tablecup("cards", "show", "barista", data=tmp_path)
    assert r.returncode == 0 and "Barista" in r.stdout
    r = tablecup("simulate", "--players", "4", "--sets", "city,castle,film,funfair,haunted,house",
                 "--seed", "3", "--json", data=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["summary"]["sets"][-1] == "house"


def test_a_two_player_beach_cup_tournament_runs_to_a_winner():
    r = tablecup("simulate", "--players", "2", "--box", "beach", "--seed", "5", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.splitlines()[-1])["summary"]       # --json: JSON lines, the result last
    assert out["box"] == "beach" and "rainbow" in out["sets"] and "forest" not in out["sets"]
    assert out["winner"] in ("Player 1", "Player 2")


def test_a_mixed_box_six_player_tournament_runs_to_a_winner():
    r = tablecup("simulate", "--players", "6", "--sets", "rainbow,castle,film,secret,mountain,university",
                 "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.splitlines()[-1])["summary"]       # --json: JSON lines, the result last
    assert out["box"] == "beach" and out["final"] is not None and out["winner"].startswith("Player")


def test_a_game_needs_one_basic_set_and_five_others():
    r = tablecup("simulate", "--players", "4", "--sets", "city,rainbow,castle,film,funfair,haunted")
    assert r.returncode == 2 and "exactly one basic set" in r.stderr
    r = tablecup("simulate", "--players", "4", "--sets", "city,castle,film")
    assert r.returncode == 2 and "five different additional sets" in r.stderr


def test_by_default_each_box_leaves_out_its_first_game_set():
    base = json.loads(tablecup("simulate", "--players", "2", "--json").stdout.splitlines()[-1])["summary"]["sets"]
    assert base == ["city", "castle", "film", "funfair", "haunted", "shipwreck"]
