"""A name line (``FitLabel`` with ``one_line``) keeps a short name at its full type and shrinks
a long one until the whole line fits, on one line, inside the label's padding; a card face
fitted by ``fit_face`` keeps its words whole on the card.  (The landscape game screens cut the
longest names with "..." at Large text before: tests/kiosk/test_fit_walk.py walks them.)"""

import pytest

pytest.importorskip("kivy")


@pytest.fixture(autouse=True, scope="module")
def kiosk_font():
    """The kiosk's own font (DejaVu Sans, wider than Kivy's Roboto), as the app sets it."""
    from kiosk import fonts
    fonts.use(fonts.find())


def _line(whole, width, padding=(0, 0)):
    from kivy.metrics import sp

    from kiosk.lastmove import FitLabel
    lab = FitLabel(one_line=True, max_font=sp(16), least=10, trim="last", markup=True, halign="left",
                   padding=padding, size_hint=(None, None), size=(width, sp(24)), whole=whole)
    lab.texture_update()
    return lab


def test_a_short_name_keeps_its_type():
    from kivy.metrics import sp
    lab = _line("[b]Ana[/b] · Knight", 200)
    assert lab.font_size == int(sp(16)) and lab.text == "[b]Ana[/b] · Knight"


@pytest.mark.parametrize("padding", [(0, 0), (8, 0)])
def test_a_long_name_shrinks_whole_on_one_line(padding):
    from kivy.metrics import sp
    whole = "[b]Wilhelmina-Mae[/b] · Chevalier"
    lab = _line(whole, 180, padding)
    assert lab.text == whole                                # not cut with "..."
    assert int(sp(10)) <= lab.font_size < int(sp(16))
    lines = lab._label._cached_lines
    assert len(lines) == 1                                  # not wrapped onto a second line
    assert lines[0].w <= 180 - 2 * padding[0]               # inside the padding
    assert lab.texture_size[1] <= lab.height


def test_a_card_face_keeps_its_words_whole():
    from kiosk.games.cosplay.play import fit_face, markup_fits
    from kiosk.hand import SmallCard
    face = SmallCard(markup=True, size_hint=(None, None), size=(49, 76))

    def body(k):          # La Passion at Large text, as the 800x480 hand showed it (4 px too tall)
        return f"[b]La Passion[/b]\n[size={int(10 * k)}]takes from another[/size]"

    assert not markup_fits(body(1.0), 12, 49, 76, True)
    fit_face(face, body, 12)
    assert markup_fits(face.text, int(face.font_size), 49, 76, True)
    assert face.font_size >= 9                                      # one step or two, not tiny
    face.texture_update()
    assert face.texture_size[1] <= 76 and face.texture_size[0] <= 49


def test_a_route_rows_long_name_gives_way_to_its_first_word():
    """Seven route rows at 800x480 leave a name 70 px by 12: "Wilhelmina-Mae" did not fit even at
    the smallest type (its texture 70x20, on two lines, over the row below); the row writes the
    first word that fits instead, and a short name whole."""
    from kiosk.games.wacky.play import TwoWay, short_names
    from kiosk.widgets import text_extent

    def row_name(name):
        w = TwoWay(text=name, bold=True, shorten=False, size_hint=(None, None), size=(70, 24), spacing=0)
        w.shorter = short_names(name)
        return w

    long_name = row_name("Wilhelmina-Mae")
    assert long_name.shown == "Wilhelmina"
    width, height = text_extent(long_name.shown, long_name.fit_size, 70, True, "center", True)
    assert width <= 70 and height <= 12
    assert row_name("Ana").shown == "Ana"
    assert short_names("Bot 3") == ["Bot", "B3"]
    assert short_names("Wilhelmina-Mae Smith") == ["Wilhelmina-Mae", "Wilhelmina", "Wil"]
