"""kiosk.table.LocalTable with a game whose data file is broken (no Kivy, a real SQLite store):
the game does not start and `data_error` says why in one line, nothing is stored; a saved game of
that game is not closed but waits, and resumes once the file is mended."""

from appliance.config import DataFileError
from engine.cosplay.cards import CardDataError
from kiosk.store import Store
from kiosk.table import LocalTable, game_data, two_at_the_table

BROKEN = "cosplay/box.toml: card 'badass', field 'copies': a whole number from 1 to 40, not 'x'"


def data_for(broken):
    """Each game's bundled data, except the games named in ``broken``: their data error."""
    def data(game):
        if game.name in broken:
            raise broken[game.name]
        return game_data(game)
    return data


def test_a_game_whose_file_is_broken_does_not_start_and_says_why(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store, data_for=data_for({"cosplay": CardDataError(BROKEN)}))
    heard = []
    table.listeners.append(lambda t, events: heard.append(t.data_error))
    assert table.new_game("cosplay", two_at_the_table(), seed=3) is None
    assert table.data_error == f"Cosplay Team Battle: {BROKEN}" and heard == [table.data_error]
    assert table.state is None and store.unfinished_table_game() is None
    # Another game starts as ever, and the line is gone.
    assert table.new_game("between", two_at_the_table(), seed=3) is not None
    assert table.data_error is None


def test_a_file_that_is_not_utf8_is_said_the_same_way(tmp_path):
    table = LocalTable(Store(tmp_path / "kiosk.db"),
                       data_for=data_for({"wacky": DataFileError("wacky/wacky.toml: field 'fr': not UTF-8 text")}))
    assert table.new_game("wacky", two_at_the_table(), seed=3) is None
    assert table.data_error == "Wacky Challenge: wacky/wacky.toml: field 'fr': not UTF-8 text"


def test_a_saved_game_waits_for_its_file_to_be_mended(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), seed=5)
    seat = min(table.to_act())
    table.act(table.legal(seat)[0])
    saved = store.unfinished_table_game()
    broken = LocalTable(store, data_for=data_for({"between": CardDataError("between/characters.toml: ...")}))
    assert broken.resume() is False
    assert broken.data_error == "Between Battle: between/characters.toml: ..." and broken.resume_error is None
    assert store.unfinished_table_game() == saved            # not closed: it waits
    mended = LocalTable(store)
    assert mended.resume() is True and mended.actions == table.actions and mended.data_error is None
