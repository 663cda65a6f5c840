"""The rules reference's pages: one per game with a kiosk package, in English and French, the
same shape in both languages, and Markdown turned into Kivy markup that shows what was written."""

import re

import pytest

from kiosk import i18n
from kiosk import rules_reference as rr
from kiosk.games import registry as kiosk_games

GAMES = ["challengers"] + [kg.game for kg in kiosk_games.games() if kg.game != "challengers"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_page_in_each_language_with_the_same_shape(game):
    shapes = {}
    for lang in i18n.LANGS:
        path = rr.RULES_DIR / f"{game}.{lang}.md"
        assert path.is_file(), f"{path} is missing"
        blocks = rr.blocks(path.read_text(encoding="utf-8"))
        shapes[lang] = [kind for kind, _ in blocks if kind in ("title", "heading")]
        assert blocks[0][0] == "title"
        assert sum(len(t.split()) for _, t in blocks) > 150          # a page, not a placeholder
    assert shapes["en"] == shapes["fr"]
    assert rr.title_of(game, "en") == rr.title_of(game, "fr")        # the game's name is not translated


def test_a_language_without_a_page_reads_english_and_an_unknown_game_says_so():
    assert rr.page_path("between", "de") == rr.RULES_DIR / "between.en.md"
    with pytest.raises(rr.MissingPage, match="no rules page for 'chess'"):
        rr.page_path("chess", "en")


def test_the_small_markdown():
    text = "# Title\n\nFirst line\nsame paragraph.\n\n## Heading\n- **bold** item [1]\n  goes on\n1. step `a`\n"
    assert rr.blocks(text) == [("title", "Title"), ("para", "First line same paragraph."), ("heading", "Heading"),
                               ("item", "•  **bold** item [1] goes on"), ("item", "1. step `a`")]
    assert rr.markup("**bold** [1] `a`", "ffd94d") == "[b]bold[/b] &bl;1&br; [b][color=ffd94d]a[/color][/b]"


def test_no_markdown_is_left_unconverted_on_a_page():
    for game in GAMES:
        for lang in i18n.LANGS:
            for _kind, text in rr.blocks(rr.page_path(game, lang).read_text(encoding="utf-8")):
                shown = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", rr.markup(text))
                assert "**" not in shown and "`" not in shown and "#" not in shown, (game, lang, text)
