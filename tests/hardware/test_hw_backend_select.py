"""open_backend(): auto selection and explicit backends."""

import ast
import os
import pathlib

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory

import hardware
from hardware import Backend, HardwareConfig, HardwareError, KeyboardBackend, open_backend
from hardware.backend import DEVICE_TREE_MODEL, raspberry_pi_model
from hardware.gpio import GpioBackend
from hardware.serial_board import SerialBoardBackend


def sink(event):
    pass


@pytest.fixture
def pi_model(tmp_path):
    path = tmp_path / "model"
    path.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    return str(path)


@pytest.fixture
def no_pi(tmp_path):
    return str(tmp_path / "no-device-tree-here")


@pytest.mark.skipif(raspberry_pi_model() is not None, reason="running on a real Raspberry Pi")
def test_auto_on_this_machine_is_keyboard():
    backend = open_backend(HardwareConfig(), sink)
    assert isinstance(backend, KeyboardBackend)
    assert backend.name == "keyboard" and not backend.has_hardware
    assert backend.describe() == "keyboard and touch only (no Raspberry Pi GPIO found, no serial board configured)"
    backend.set_leds({"light": "on", "dark": "blink"})  # LEDs are harmless no-ops
    backend.set_leds({"light": "celebrate"})
    backend.all_off()
    assert backend.wait_ready(0)
    backend.close()


def test_auto_with_absent_serial_device(no_pi, tmp_path):
    device = str(tmp_path / "ttyACM0")
    backend = open_backend(HardwareConfig(device=device), sink, model_path=no_pi)
    assert backend.describe() == (
        f"keyboard and touch only (no Raspberry Pi GPIO found, serial board {device} not present)"
    )


def test_auto_prefers_a_present_serial_board(no_pi):
    master, slave = os.openpty()
    try:
        path = os.ttyname(slave)
        backend = open_backend(HardwareConfig(device=path), sink, model_path=no_pi)
        try:
            assert isinstance(backend, SerialBoardBackend)
            assert backend.name == "serial" and path in backend.describe()
        finally:
            backend.close()
    finally:
        os.close(master)
        os.close(slave)


def test_auto_on_a_pi_uses_gpio(pi_model):
    backend = open_backend(HardwareConfig(), sink, pin_factory=MockFactory(), model_path=pi_model)
    try:
        assert isinstance(backend, GpioBackend)
        assert isinstance(backend, Backend)
        assert backend.describe().startswith(
            "Raspberry Pi GPIO (primary light GPIO17, primary dark GPIO27, secondary light GPIO23, "
            "secondary dark GPIO24, toss GPIO22")
    finally:
        backend.close()


def test_auto_on_a_pi_with_busy_pins_falls_back_to_keyboard(pi_model):
    factory = MockFactory()
    blocker = LED(22, pin_factory=factory)
    try:
        backend = open_backend(HardwareConfig(), sink, pin_factory=factory, model_path=pi_model)
        assert isinstance(backend, KeyboardBackend)
        assert "Raspberry Pi 5 Model B Rev 1.0 GPIO unavailable: cannot open GPIO22" in backend.describe()
    finally:
        blocker.close()


def test_explicit_backends(tmp_path):
    assert open_backend(HardwareConfig(backend="none"), sink).describe() == "no hardware inputs or LEDs (backend = none)"
    kb = open_backend(HardwareConfig(backend="keyboard"), sink)
    assert kb.name == "keyboard" and 'backend = "keyboard"' in kb.describe()
    with pytest.raises(HardwareError, match="ttyUSB7 does not exist"):
        open_backend(HardwareConfig(backend="serial", device=str(tmp_path / "ttyUSB7")), sink)
    gpio = open_backend(HardwareConfig(backend="gpio"), sink, pin_factory=MockFactory())
    assert gpio.name == "gpio"
    gpio.close()


def test_every_backend_is_a_backend(tmp_path):
    kb = open_backend(HardwareConfig(backend="keyboard"), sink)
    assert isinstance(kb, Backend)
    gpio = open_backend(HardwareConfig(backend="gpio"), sink, pin_factory=MockFactory())
    try:
        assert isinstance(gpio, Backend)
    finally:
        gpio.close()


def test_pi_detection(tmp_path, pi_model):
    other = tmp_path / "other"
    other.write_bytes(b"Pine64 RockPro64\x00")
    assert raspberry_pi_model(pi_model) == "Raspberry Pi 5 Model B Rev 1.0"
    assert raspberry_pi_model(str(other)) is None
    assert raspberry_pi_model(str(tmp_path / "missing")) is None
    assert DEVICE_TREE_MODEL == "/proc/device-tree/model"


def test_hardware_is_a_leaf_package():
    """hardware/ must not import the project's other packages."""
    forbidden = {"engine", "kiosk", "coordinator", "cards", "tablecup"}
    root = pathlib.Path(hardware.__file__).parent
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path}: imports {name}"
