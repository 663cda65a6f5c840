"""The fit check the screen walks use (tests/kiosk/fit_check.py) finds what it is there to find:
a text cut, a word broken inside across two lines, two texts printed over each other, a text
off the window, and a ``TextLine`` drawn outside its widget; a text that fits gives nothing.

The check reads the lines Kivy drew and draws again only a label whose change waits for the
next frame: a text changed in the same frame as the check (no frame drawn in between, as here)
is still seen as it will be drawn."""

import pytest

pytest.importorskip("kivy")


@pytest.fixture(autouse=True, scope="module")
def kiosk_font():
    """The kiosk's own font, as the app sets it."""
    from kiosk import fonts
    fonts.use(fonts.find())


def _label(text, size, pos=(0, 0), **kw):
    from kivy.uix.label import Label
    lab = Label(text=text, size_hint=(None, None), size=size, pos=pos, font_size=16, **kw)
    lab.texture_update()          # drawn, as a frame would
    return lab


def _root(*children):
    from kivy.uix.floatlayout import FloatLayout
    root = FloatLayout(size=(800, 480))
    for c in children:
        root.add_widget(c)
    return root


def test_a_text_that_fits_gives_nothing():
    from fit_check import text_faults, text_overlaps
    root = _root(_label("Play", (120, 40)), _label("Pass", (120, 40), pos=(200, 0)))
    assert text_faults(root, (800, 480)) == []
    assert text_overlaps(root) == []


def test_a_cut_text_is_found():
    from fit_check import text_faults
    wide = _label("Wilhelmina-Mae plays the Dragon", (60, 30))
    shortened = _label("Wilhelmina-Mae plays the Dragon", (90, 30), text_size=(90, None), shorten=True,
                       shorten_from="right")
    faults = text_faults(_root(wide, shortened), (800, 480))
    assert any("texture" in f and "Wilhelmina" in f for f in faults), faults
    assert any("shows" in f for f in faults), faults


def test_a_word_broken_across_lines_is_found():
    from fit_check import text_faults
    lab = _label("(maintenir)", (40, 120), text_size=(40, None))
    faults = text_faults(_root(lab), (800, 480))
    assert any("a word broken across lines" in f for f in faults), faults


def test_two_texts_printed_over_each_other_are_found():
    from fit_check import text_overlaps
    root = _root(_label("Score 12", (120, 30), pos=(10, 10)), _label("Maximilien", (120, 30), pos=(40, 20)))
    found = text_overlaps(root)
    assert len(found) == 1 and "Score 12" in found[0] and "Maximilien" in found[0], found


def test_a_text_off_the_window_is_found():
    from fit_check import text_faults
    faults = text_faults(_root(_label("End turn", (120, 30), pos=(760, 10))), (800, 480))
    assert any("off the window" in f for f in faults), faults


def test_a_text_changed_in_the_same_frame_is_seen_as_it_will_be_drawn():
    """Drawn once short, then made too long for its box with no frame in between: the check
    sees the long text (its drawing was waiting), not the lines drawn before."""
    from fit_check import text_faults, text_overlaps
    lab = _label("Play", (60, 30))
    other = _label("Pass", (60, 120), pos=(0, 40))
    root = _root(lab, other)
    assert text_faults(root, (800, 480)) == [] and text_overlaps(root) == []
    lab.text = "Wilhelmina-Mae plays the Dragon"
    other.text_size = (60, None)
    other.text = "(maintenir)"
    faults = text_faults(root, (800, 480))
    assert any("Wilhelmina" in f and "texture" in f for f in faults), faults
    assert any("a word broken across lines" in f for f in faults), faults
    assert lab.texture_size[0] > 60        # drawn as it will show


def test_a_text_line_drawn_outside_its_widget_is_found():
    from fit_check import text_faults

    from kiosk.widgets import TextLine
    line = TextLine(text="Wilhelmina-Mae", size_hint=(None, None), size=(120, 30), pos=(10, 10), font_size=16)
    root = _root(line)
    assert text_faults(root, (800, 480)) == []
    line.shrink = False
    line.height = 4          # a 16-px text in a 4-px strip, drawn at the next frame
    line.font_size = 16
    faults = text_faults(root, (800, 480))
    assert any("outside" in f for f in faults), faults
