"""The players' settings file (kiosk.toml in the config folder): read, checked, written whole."""

import os

import pytest

from kiosk import settings as config


def test_no_file_is_the_defaults(tmp_path):
    assert config.load(tmp_path / "kiosk.toml") == (config.Settings(), [])


def test_every_value_round_trips(tmp_path):
    path = tmp_path / "kiosk.toml"
    s = config.Settings(text_size="large", palette="colour-blind", volume=0, animations="fast", hint_top=True)
    config.save(path, s)
    assert config.load(path) == (s, [])
    assert s.hint_for(1) and not s.hint_for(0)
    assert s.font_scale == 1.12 and s.animation_factor == 0.5


def test_each_bad_value_is_one_line_naming_the_file_and_key_and_the_rest_is_kept(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('[kiosk]\ntext_size = "huge"\npalette = "colour-blind"\nvolume = 140\n'
                    'animations = true\nsound = 3\nhint_bottom = "yes"\nhint_top = true\n', encoding="utf-8")
    s, errors = config.load(path)
    assert s == config.Settings(palette="colour-blind", hint_top=True)
    assert errors == [
        f"{path}: key 'kiosk.text_size': 'huge' is not one of normal, large; using 'normal'",
        f"{path}: key 'kiosk.volume': 140 is not a whole number from 0 to 100; using 70",
        f"{path}: key 'kiosk.animations': True is not one of normal, fast, off; using 'normal'",
        f"{path}: key 'kiosk.sound': unknown key (known: animations, hint_bottom, hint_top, palette, text_size, volume)",
        f"{path}: key 'kiosk.hint_bottom': 'yes' is not true or false; using False",
    ]


def test_a_file_that_is_not_toml_or_not_utf8_is_the_defaults_and_one_line(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text("[kiosk\nvolume = 3\n", encoding="utf-8")
    s, errors = config.load(path)
    assert s == config.Settings() and len(errors) == 1 and errors[0].startswith(f"{path}: ")
    path.write_bytes(b'[kiosk]\npalette = "caf\xe9"\n')
    s, errors = config.load(path)
    assert s == config.Settings() and errors == [
        f"{path}: field 'kiosk.palette': not UTF-8 text (byte 0xe9 at line 2, column 15); save it as UTF-8"]


def test_a_change_is_checked_before_it_is_taken(tmp_path):
    with pytest.raises(ValueError, match="volume: -1 is not a whole number"):
        config.Settings().with_(volume=-1)
    assert config.Settings().with_(volume=30).volume == 30


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "kiosk.toml"
    config.save(path, config.Settings(volume=40))
    before = path.read_text(encoding="utf-8")

    def disk_full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        config.save(path, config.Settings(volume=90))
    assert path.read_text(encoding="utf-8") == before
    assert list(tmp_path.iterdir()) == [path]          # no temporary file left behind
