"""A third language is catalogues only: the pseudo-locale (``qps``, made from the English catalogues
by ``tools/catalogues.py``) is read by the kiosk like any compiled language, and every screen of
every game walked in it shows only catalogue words (tests/kiosk/pseudo_check.py says what else may
show: names and the games' data).

The walks are those of the French interface (drive_french.py: Challengers! from home to a whole
solo tournament, the operator, join and park screens; drive_french_games.py: every moment of
Between Battle, Wacky Challenge and Cosplay Team Battle, the start, the turns, a hand looked at,
the end, a solo game), run with ``WALK_LANG=qps``.  The phone pages are walked in the pseudo-locale
by tests/phones/test_phone_pseudo_locale.py.
"""

from __future__ import annotations

import importlib.util
import json
import re

import pytest
from kiosk_helpers import ROOT, STILL, artifacts_dir, run_script, script_result
from pseudo_check import PLAIN, untranslated_in
from registered import table_games

from kiosk import i18n
from kiosk.main import parse

spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
catalogues = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalogues)

PSEUDO = i18n.PSEUDO
MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|ref|anchor)(?:=[^\]]*)?\]")


def test_the_pseudo_text_keeps_placeholders_markup_and_accents_every_letter():
    said = catalogues.pseudo_text("[b]Your turn[/b]: {name} takes {n:>2} {{cards}} [color=ff0000]now[/color]")
    assert said == "[b]Ýöüŕ ţüŕñ[/b]: {name} ţàķéš {n:>2} {{çàŕďš}} [color=ff0000]ñöŵ[/color]"
    assert said.format(name="Ann", n=3) == "[b]Ýöüŕ ţüŕñ[/b]: Ann ţàķéš  3 {çàŕďš} [color=ff0000]ñöŵ[/color]"
    assert catalogues.pseudo_text("%(n)d left\n") == "%(n)d ĺéƒţ\n"


def test_every_pseudo_message_is_accented_and_formats_like_the_english_one():
    count = 0
    for domain, cat in catalogues.pseudo_catalogues().items():
        for msg in cat:
            if not msg.id:
                continue
            forms = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            for form in forms:
                bare = MARKUP.sub("", re.sub(r"\{[^{}]*\}", "", form))
                assert not PLAIN.search(bare), (domain, msg.id, form)
                count += 1
    assert count > 600
    # Plural forms, English's rule; a placeholder filled.
    assert i18n.tr("pick_n", PSEUDO, n=1) == "Ṕîçķ 1 çàŕď" and i18n.tr("pick_n", PSEUDO, n=3) == "Ṕîçķ 3 çàŕďš"
    assert i18n.display_name("Player 2", PSEUDO) == "Ṕĺàýéŕ 2"


def test_a_language_is_its_compiled_catalogues_and_the_pseudo_one_is_not_offered():
    assert PSEUDO in i18n.known() and PSEUDO not in i18n.LANGS
    assert parse(["--lang", PSEUDO]).lang == PSEUDO
    with pytest.raises(SystemExit):
        parse(["--lang", "xx"])                      # no catalogues for it: refused, with the list


def _untranslated(r, also=()) -> dict[str, dict[str, str]]:
    """{stage: {text: what of it is untranslated}} over the stages walked in the pseudo-locale."""
    allowed = tuple(also)
    found = {s: untranslated_in(texts, allowed) for s, texts in r["stages"].items() if r["lang_at"][s] == PSEUDO}
    return {s: f for s, f in found.items() if f}


@pytest.mark.slow   # Challengers! and the kiosk's own screens walked in the pseudo-locale
def test_challengers_and_the_kiosks_screens_in_the_pseudo_locale_show_only_catalogue_words(tmp_path):
    p = run_script("drive_french.py", tmp_path / "data", artifacts_dir() / "pseudo", timeout=900, settings=STILL,
                   WALK_LANG=PSEUDO)
    r = script_result(p, "FRENCH-RESULT ")
    walked = {s for s, lang in r["lang_at"].items() if lang == PSEUDO}
    assert {"home", "deck-pick", "match-reveal", "match-end", "result-final", "join", "park"} <= walked, walked
    # The English start of the same run: the check reads real widget texts and finds English there.
    assert len(untranslated_in(r["stages"]["home-en"])) >= 5
    found = _untranslated(r, r["technical"])
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


@pytest.mark.slow   # every table game, every moment, walked in the pseudo-locale
def test_every_moment_of_the_table_games_in_the_pseudo_locale_shows_only_catalogue_words(tmp_path):
    p = run_script("drive_french_games.py", tmp_path / "data", artifacts_dir() / "pseudo-games", timeout=600,
                   settings=STILL, WALK_LANG=PSEUDO)
    r = script_result(p, "FRENCH-GAMES-RESULT ")
    for game in table_games():
        assert r["moves"][game] > 20
        for part in ("home", "play", "play-look", "end", "solo"):
            assert r["lang_at"].get(f"{game}-{part}") == PSEUDO, f"{game}-{part} not walked in the pseudo-locale"
    assert len(untranslated_in(r["stages"]["home-en"])) >= 5
    found = _untranslated(r)
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_the_packages_own_build_leaves_the_pseudo_locale_out(tmp_path):
    """``tools/catalogues.py compile`` (the tests' set-up) makes it; ``setup.py`` (a table's
    install) does not, so a table in service says its phone views in the offered languages only."""
    made = catalogues.compile_all(out=tmp_path / "all")
    built = catalogues.compile_all(out=tmp_path / "setup", pseudo=False)
    assert any(p.parts[-3] == PSEUDO for p in made)
    assert built and not any(p.parts[-3] == PSEUDO for p in built)
    assert "pseudo=False" in (ROOT / "setup.py").read_text()
