"""The kiosk's gettext catalogues: every key the code and the .kv files use is translated in English
and French with the same placeholders; plurals follow each language's rule; the compiled .mo files
are those of the .po files in the tree; an old-style string table migrates into the catalogues."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

from kiosk import i18n
from kiosk_helpers import ROOT

spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
catalogues = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalogues)


def test_every_message_used_is_translated_in_both_languages_with_the_same_placeholders():
    assert catalogues.problems() == []


def test_the_templates_in_the_tree_are_those_the_code_gives():
    """Someone who adds a string runs ``tools/catalogues.py extract``: the .pot files say so."""
    def said(cat):
        return {(m.id, tuple(sorted({f for f, _ in m.locations}))) for m in cat if m.id}
    for domain, template in catalogues.extract().items():
        in_tree = catalogues.read(ROOT / "kiosk" / "locale" / f"{domain}.pot")
        assert said(in_tree) == said(template), f"kiosk/locale/{domain}.pot is stale: python tools/catalogues.py extract"


def test_the_compiled_catalogues_are_those_of_the_po_files(tmp_path):
    """The set-up compiled them (pip install runs setup.py; ./dev.sh does): none missing, none stale."""
    for mo in catalogues.compile_all(out=tmp_path):
        rel = mo.relative_to(tmp_path)
        installed = ROOT / "kiosk" / "locale" / rel
        assert installed.is_file(), f"{rel} not compiled: ./dev.sh setup (or python tools/catalogues.py compile)"
        assert installed.read_bytes() == mo.read_bytes(), f"{rel} is stale: python tools/catalogues.py compile"


@pytest.mark.parametrize(("lang", "n", "said"), [
    ("en", 0, "Pick 0 cards"), ("en", 1, "Pick 1 card"), ("en", 2, "Pick 2 cards"),
    ("fr", 0, "Prenez 0 carte"), ("fr", 1, "Prenez 1 carte"), ("fr", 2, "Prenez 2 cartes"),
])
def test_a_count_takes_the_plural_form_of_its_language(lang, n, said):
    assert i18n.tr("pick_n", lang, n=n) == said


def test_lookups_fall_back_to_english_then_to_the_key():
    assert i18n.tr("solo", "de") == "Solo vs Robot"            # a language the kiosk lacks reads English
    assert i18n.tr("no such key", "fr") == "no such key"
    assert i18n.tr("park_n", "fr", park=3) == "Parc 3"         # singular message, filled
    assert i18n.tr("seat_line", "fr", name="Ann", park=2, side="clair") == "Ann → parc 2, côté clair"


def test_the_match_reason_names_the_player_who_ran_out():
    said = i18n.tr("reason_out-of-cards", "en", loser="Robot")
    assert said == "Robot had to reveal with no card left" and "attacker" not in said


def _tree(tmp_path):
    """A copy of the kiosk's catalogues and a small kiosk using them, to break on purpose."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "kiosk" / "locale", root / "kiosk" / "locale")
    for name in ("home.py", "home.kv", "games/challengers/deckphase.py"):
        (root / "kiosk" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "kiosk" / name, root / "kiosk" / name)
    catalogues.update(root)
    return root


def test_the_check_names_a_missing_key_an_empty_translation_and_a_changed_placeholder(tmp_path):
    root = _tree(tmp_path)
    assert catalogues.problems(root) == []
    (root / "kiosk" / "home.py").write_text((root / "kiosk" / "home.py").read_text()
                                            + '\n\ndef extra(tr):\n    return tr("brand_new", "fr", n=2)\n')
    po = catalogues.po_path("fr", "tablecup", root / "kiosk" / "locale")
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Aucune partie terminée."', 'msgstr ""'),
                  encoding="utf-8")
    po = catalogues.po_path("fr", "challengers", root / "kiosk" / "locale")
    po.write_text(po.read_text(encoding="utf-8").replace("manche {round}", "manche {rnd}"), encoding="utf-8")
    found = "\n".join(catalogues.problems(root))
    assert re.search(r"^brand_new \(kiosk/home.py:\d+\): not in en/tablecup.po", found, re.M)
    assert re.search(r"^no_history \(kiosk/home.py:\d+\): empty or fuzzy in fr/tablecup.po", found, re.M)
    assert re.search(r"^deck_phase \(kiosk/games/challengers/deckphase.py:\d+\): placeholders differ", found, re.M)
    # Extraction adds the new key as a plural (the call passes n=), untranslated until someone says it.
    catalogues.update(root)
    cat = catalogues.read(catalogues.po_path("en", "tablecup", root / "kiosk" / "locale"), "en")
    assert cat.get("brand_new").id == ("brand_new", "brand_new")
    assert re.search(r"^brand_new \(kiosk/home.py:\d+\): empty or fuzzy in en/tablecup.po",
                     "\n".join(catalogues.problems(root)), re.M)


def test_an_old_string_table_migrates_its_new_and_changed_entries(tmp_path):
    root = _tree(tmp_path)
    (root / "kiosk" / "home.py").write_text((root / "kiosk" / "home.py").read_text()
                                            + '\n\ndef extra(tr):\n    return tr("greeting", "fr"), tr("boxes", "fr", n=2)\n')
    table = '''STRINGS = {"en": {"greeting": "Hello", "solo": "Solo vs Robot"}, "fr": {"greeting": "Bonjour"}}
STRINGS["en"].update({"boxes": "{n} box(es)"})
STRINGS["fr"].update({"boxes": "{n} boîte(s)", "history": "Historique"})
'''
    said = catalogues.migrate(table, None, root)
    assert "en greeting: tablecup" in said and "fr history: tablecup" in said
    assert any(line.startswith("en boxes: plural") for line in said)
    fr = catalogues.read(catalogues.po_path("fr", "tablecup", root / "kiosk" / "locale"), "fr")
    assert fr.get("greeting").string == "Bonjour" and fr.get("history").string == "Historique"
    # A plural from an old table has one text for every form: the check asks for the forms.
    found = "\n".join(catalogues.problems(root))
    assert re.search(r"^boxes \(kiosk/home.py:\d+\): empty or fuzzy in fr/tablecup.po", found, re.M)
    assert "greeting" not in found


def test_a_new_games_screens_make_its_domain(tmp_path):
    root = _tree(tmp_path)
    (root / "kiosk" / "games" / "newgame").mkdir(parents=True)
    (root / "kiosk" / "games" / "newgame" / "board.py").write_text(
        'def title(tr, lang):\n    return tr("newgame_title", lang), tr("solo", lang)\n')
    catalogues.update(root)
    locale = root / "kiosk" / "locale"
    assert (locale / "newgame.pot").is_file()
    cat = catalogues.read(catalogues.po_path("fr", "newgame", locale), "fr")
    assert cat.get("newgame_title") is not None and cat.get("solo") is None     # shared keys stay shared
    found = "\n".join(catalogues.problems(root))
    assert re.search(r"^newgame_title \(kiosk/games/newgame/board.py:\d+\): empty or fuzzy in fr/newgame.po",
                     found, re.M), found


def test_migration_restores_a_dropped_key_and_keeps_one_the_code_builds(tmp_path):
    root = _tree(tmp_path)
    (root / "kiosk" / "home.py").write_text((root / "kiosk" / "home.py").read_text()
                                            + '\n\ndef extra(tr, lang):\n    return tr("dropped_word", lang)\n')
    base = '''STRINGS = {"en": {"dropped_word": "Word", "solo": "Solo vs Robot"}, "fr": {"dropped_word": "Mot"}}'''
    table = base + '''
STRINGS["en"].update({"end_why_x": "X happened"})
STRINGS["fr"].update({"end_why_x": "X est arrivé"})
'''
    said = catalogues.migrate(table, base, root)
    # "dropped_word" did not change since the base, but this tree had dropped it and the code uses it.
    assert "en dropped_word: tablecup" in said and "fr dropped_word: tablecup" in said
    assert not any(line.startswith("en solo") for line in said)            # unchanged and present
    assert any(line.startswith("fr end_why_x: no code names it") for line in said)
    found = "\n".join(catalogues.problems(root))
    assert "end_why_x: in fr/tablecup.po but no code names it: mark it with N_('end_why_x')" in found
    assert "dropped_word" not in found


def test_a_catalogue_not_compiled_is_named(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "kiosk" / "locale", locale, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    monkeypatch.setenv("TABLECUP_REQUIRE_COMPILED", "1")
    with pytest.raises(i18n.CatalogueError, match=r"fr/LC_MESSAGES/tablecup.mo is missing: compile"):
        i18n._load("fr", "tablecup")
    monkeypatch.delenv("TABLECUP_REQUIRE_COMPILED")
    assert i18n._load("fr", "tablecup") is None          # logged; the kiosk still starts
    catalogues.compile_all(locale)
    po = locale / "fr" / "LC_MESSAGES" / "tablecup.po"
    mo = po.with_suffix(".mo")
    import os
    os.utime(po, (mo.stat().st_mtime + 10,) * 2)         # the .po edited after compiling
    monkeypatch.setenv("TABLECUP_REQUIRE_COMPILED", "1")
    with pytest.raises(i18n.CatalogueError, match="is older than tablecup.po"):
        i18n._load("fr", "tablecup")
