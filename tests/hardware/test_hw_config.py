"""Loading the [hardware] TOML configuration."""

import pytest

from hardware.config import HardwareConfig, load_config
from hardware.errors import ConfigError


def write(tmp_path, text, name="tablecup.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_defaults():
    c = HardwareConfig()
    assert c.backend == "auto"
    assert c.pins == {"primary_light": 17, "primary_dark": 27, "secondary_light": 23, "secondary_dark": 24,
                      "toss": 22, "led_light": 12, "led_dark": 13}
    assert (c.reveal_light, c.reveal_dark) == (17, 27)   # the older names still read
    assert (c.active_high, c.pull_up, c.debounce_ms, c.hold_ms) == (False, True, 30, 1500)
    assert (c.led_brightness, c.device, c.baud) == (1.0, "", 115200)
    assert load_config(None) == c


def test_hardware_table_in_shared_file(tmp_path):
    path = write(tmp_path, """
[kiosk]
fullscreen = true

[hardware]
backend = "serial"
device = "/dev/ttyACM0"
led_brightness = 1
hold_ms = 2000
""")
    c = load_config(path)
    assert c.backend == "serial" and c.device == "/dev/ttyACM0"
    assert c.led_brightness == 1.0 and isinstance(c.led_brightness, float)
    assert c.hold_ms == 2000
    assert c.origin == str(path)


def test_standalone_file(tmp_path):
    c = load_config(write(tmp_path, "reveal_light = 5\nreveal_dark = 6\nled_brightness = 0.25\n", "hw.toml"))
    assert (c.reveal_light, c.reveal_dark, c.led_brightness) == (5, 6, 0.25)
    assert (c.primary_light, c.primary_dark) == (5, 6)


def test_secondary_pins_and_primary_names(tmp_path):
    c = load_config(write(tmp_path, """
[hardware]
primary_light = 5
primary_dark = 6
secondary_light = 19
secondary_dark = false
"""))
    assert (c.primary_light, c.primary_dark, c.secondary_light, c.secondary_dark) == (5, 6, 19, None)
    assert "secondary_dark" not in c.pins and c.notes == ()


def test_an_older_file_keeps_working_when_a_default_secondary_pin_is_taken(tmp_path):
    """A table wired before secondary buttons existed may use GPIO23/24 for something else."""
    path = write(tmp_path, "[hardware]\nreveal_light = 23\ntoss = 24\n")
    c = load_config(path)
    assert (c.primary_light, c.toss, c.secondary_light, c.secondary_dark) == (23, 24, None, None)
    assert c.notes == (
        f"secondary_light not wired: its default GPIO23 is 'hardware.reveal_light' in {path}",
        f"secondary_dark not wired: its default GPIO24 is 'hardware.toss' in {path}",
    )
    # ... but a secondary pin the file gives explicitly must not clash
    with pytest.raises(ConfigError, match="key 'hardware.toss': GPIO24 is already used by 'hardware.secondary_light'"):
        load_config(write(tmp_path, "[hardware]\ntoss = 24\nsecondary_light = 24\n", "clash.toml"))


@pytest.mark.parametrize(
    "body, key",
    [
        ("colour = 'red'", "colour"),
        ("backend = 'bluetooth'", "backend"),
        ("toss = 40", "toss"),
        ("toss = '22'", "toss"),
        ("led_dark = 17", "led_dark"),  # clashes with primary_light
        ("secondary_dark = 27", "secondary_dark"),  # clashes with primary_dark
        ("secondary_light = true", "secondary_light"),
        ("secondary_light = 'GPIO5'", "secondary_light"),
        ("primary_light = false", "primary_light"),  # a primary button is not optional
        ("reveal_dark = 99", "reveal_dark"),  # the older name, as the file spells it
        ("reveal_light = 5\nprimary_light = 6", "reveal_light"),  # both names at once
        ("debounce_ms = -1", "debounce_ms"),
        ("debounce_ms = 2.5", "debounce_ms"),
        ("hold_ms = 20", "hold_ms"),
        ("led_brightness = 1.5", "led_brightness"),
        ("led_brightness = true", "led_brightness"),
        ("active_high = 'yes'", "active_high"),
        ("active_high = true", "pull_up"),  # pull-up + active-high cannot work
        ("baud = 0", "baud"),
        ("device = 3", "device"),
    ],
)
def test_bad_values_name_file_and_key(tmp_path, body, key):
    path = write(tmp_path, f"[hardware]\n{body}\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert str(path) in message
    assert f"hardware.{key}" in message


def test_unparsable_and_missing_files(tmp_path):
    bad = write(tmp_path, "[hardware\nbackend=", "bad.toml")
    with pytest.raises(ConfigError, match="bad.toml: not valid TOML"):
        load_config(bad)
    with pytest.raises(ConfigError, match="nope.toml: configuration file not found"):
        load_config(tmp_path / "nope.toml")
    with pytest.raises(ConfigError, match="must be a table"):
        load_config(write(tmp_path, "hardware = 3\n", "scalar.toml"))


def test_active_high_with_pull_down_is_valid():
    c = HardwareConfig(active_high=True, pull_up=False)
    assert c.active_high and not c.pull_up
