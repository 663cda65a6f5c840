"""The command line says games and cards in a language with ``--lang``, from the kiosk's catalogues:
in the pseudo-locale (``qps``, tools/catalogues.py) every line of a whole seeded game of every game
the kiosk hosts, of a Challengers! match, of café tournaments and of a card shown, has nothing but names and data left unaccented
(tests/kiosk/pseudo_check.py says what may show as it is).  Real processes."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pseudo_check import untranslated

from kiosk.games import registry as kiosk_games
from kiosk.i18n import PSEUDO

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(kg.game for kg in kiosk_games.games() if kg.events is not None)


def tablecup(*args):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False, env=env)


def _untranslated_lines(out: str, also: tuple[str, ...] = ()) -> dict[str, str]:
    return {line: left for line in out.splitlines() if (left := untranslated(line, also))}


@pytest.mark.parametrize("game", GAMES)
def test_simulate_in_the_pseudo_locale_says_every_line_from_the_catalogues(game):
    r = tablecup("simulate", "--game", game, "--seed", "3", "--lang", PSEUDO)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) > 10 and lines[-1].startswith("Ŵîññéŕ"), lines[-3:]
    assert not _untranslated_lines(r.stdout)
    # The same game without --lang: the engines' English, which the check does find.
    english = tablecup("simulate", "--game", game, "--seed", "3")
    assert english.returncode == 0 and len(_untranslated_lines(english.stdout)) > 5


def test_a_match_in_the_pseudo_locale_says_every_line_from_the_catalogues():
    deal = ("match", "--deck-a", "champion,dog,talent", "--deck-b", "newcomer,lion", "--first", "a", "--no-shuffle")
    r = tablecup(*deal, "--lang", PSEUDO)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) > 10 and not _untranslated_lines(r.stdout)
    french = tablecup(*deal, "--lang", "fr").stdout.splitlines()
    assert "Joueur 1 gagne le match" in french and french[-1] == "Gagnant : Joueur 1"


@pytest.mark.parametrize("rules", [("--game", "between", "--format", "swiss", "--rounds", "2", "--players", "5"),
                                   ("--game", "wacky", "--players", "7", "--table-size", "4", "--rounds", "1",
                                    "--bot", "search", "--level", "easy")])
def test_a_cafe_tournament_in_the_pseudo_locale_says_every_line_from_the_catalogues(rules):
    r = tablecup("cafe", *rules, "--seed", "1", "--lang", PSEUDO)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) > 8 and not _untranslated_lines(r.stdout)
    assert len(_untranslated_lines(tablecup("cafe", *rules, "--seed", "1").stdout)) > 5


def test_simulate_in_french_says_the_players_and_the_winner_in_french():
    r = tablecup("simulate", "--game", "wacky", "--players", "3", "--seed", "3", "--lang", "fr")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Wacky Challenge : 3 joueurs, graine 3"
    assert lines[-1].startswith("Gagnant : Joueur ")


def test_a_card_shown_in_the_pseudo_locale_says_only_catalogue_words():
    for card in ("sorcerer", "cyborg", "villain"):
        r = tablecup("cards", "show", card, "--lang", PSEUDO)
        assert r.returncode == 0, r.stderr
        assert not _untranslated_lines(r.stdout), r.stdout


def test_a_language_without_catalogues_is_refused_with_the_list():
    r = tablecup("simulate", "--game", "wacky", "--lang", "xx")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == f"tablecup: --lang must be one of {', '.join(sorted({'en', 'fr', PSEUDO}))}, not 'xx'"
