"""A table's screens after a move keep what did not change: a label is drawn again only when
something it is drawn from changed."""

import pytest

pytest.importorskip("kivy")


@pytest.fixture(autouse=True, scope="module")
def kiosk_font():
    """The kiosk's own font, as the app sets it."""
    from kiosk import fonts
    fonts.use(fonts.find())


@pytest.fixture
def kiosk_labels(monkeypatch):
    """Kivy's labels as the app has them (kiosk.rendering), put back as they were afterwards."""
    from kivy.uix.label import Label

    from kiosk import rendering
    monkeypatch.setattr(Label, "texture_update", Label.texture_update)
    monkeypatch.setattr(Label, "_trigger_texture_update", Label._trigger_texture_update)
    rendering._fill_shown_labels_at_once()


def _counting_draws(label) -> list:
    """The times ``label``'s text is drawn from now on (one entry a drawing)."""
    drawn: list = []
    refresh = label._label.refresh

    def counted():
        drawn.append(label.text)
        refresh()
    label._label.refresh = counted
    return drawn


def test_a_label_is_drawn_again_only_when_it_changed(kiosk_labels):
    from kivy.uix.label import Label
    lab = Label(text="Player 1 · 12 points", font_size=16, size=(200, 40), text_size=(200, None))
    lab.texture_update()
    size = tuple(lab.texture_size)
    drawn = _counting_draws(lab)
    lab.texture_update()                          # nothing changed: the update Kivy planned
    assert drawn == []
    assert tuple(lab.texture_size) == size and lab.texture is not None
    lab.font_size = 13                            # a fit: drawn at once, then the planned update
    lab.texture_update()
    lab.texture_update()
    assert drawn == ["Player 1 · 12 points"]
    assert lab.texture_size[1] < size[1]
    lab.text = "Player 1 · 13 points"             # a new text is drawn
    lab.texture_update()
    assert drawn[-1] == "Player 1 · 13 points" and len(drawn) == 2
    lab.color = (1, 0, 0, 1)                      # so is a colour: it is in the pixels
    lab.texture_update()
    assert len(drawn) == 3
