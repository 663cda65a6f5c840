"""A table's screens after a move keep what did not change: a label is drawn again only when
something it is drawn from changed; a hand shown face up keeps the faces of the cards still in
it (and none once hidden); the last-moves strip keeps the rows still said."""

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


def test_a_shown_hand_keeps_the_faces_of_the_cards_still_in_it():
    from kiosk.hand import HandStrip
    strip = HandStrip(size=(400, 100))
    strip.show(["a", "b", "c"], lit=["a"])
    faces = {f.card: f for f in strip.faces()}
    assert [faces[c].lit for c in "abc"] == [True, False, False]

    strip.show(["a", "b", "c"], lit=["b"])        # the same hand, another card playable
    assert {f.card: f for f in strip.faces()} == faces
    assert [faces[c].lit for c in "abc"] == [False, True, False]

    strip.show(["a", "c", "d"], lit=[])           # b played, d drawn
    now = {f.card: f for f in strip.faces()}
    assert now["a"] is faces["a"] and now["c"] is faces["c"] and "b" not in now
    assert sorted(now) == ["a", "c", "d"]
    assert len(strip.children) == 3

    strip.hide(3)                                 # hidden: no face of the hand left anywhere in it
    assert strip.faces() == [] and not any(getattr(w, "card", "") for w in strip.children)
    strip.show(["a", "c", "d"], lit=[])
    assert all(f is not now[f.card] for f in strip.faces())

    again = {f.card: f for f in strip.faces()}
    strip.face_style = "fr"                       # the screen's language changed: faces drawn again
    strip.show(["a", "c", "d"], lit=[])
    assert all(f is not again[f.card] for f in strip.faces())


def test_the_last_moves_keep_the_rows_still_said():
    from kivy.uix.label import Label

    from kiosk.lastmove import LastMoves
    from kiosk.table.happened import Said
    strip = LastMoves(size=(500, 130), row_height=40)

    def face(card):
        lab = Label(text=str(card))
        lab.card = card
        return lab

    first = Said(1, "Robot plays 7 on A.", ("c7",))
    strip.show([first], face, {"c7"})
    rows = list(strip.ids.rows.children)
    assert strip.said_texts() == ["Robot plays 7 on A."] and strip.drawn_cards() == ["c7"]

    strip.show([Said(1, "Robot draws.", ()), first], face, {"c7"})
    assert strip.said_texts() == ["Robot draws.", "Robot plays 7 on A."]
    assert strip.ids.rows.children[0] is rows[0]          # the older row, kept (now the lower one)

    strip.show([Said(1, "Robot draws.", ()), first], face, set())   # c7 no longer shown on the table
    assert strip.drawn_cards() == []
    assert strip.ids.rows.children[0] is not rows[0]
