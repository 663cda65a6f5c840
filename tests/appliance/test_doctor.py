"""`tablecup doctor`: the report has its lines and they tell the truth."""

import os
import socket
import threading
from pathlib import Path

import pytest

from tablecup import doctor


@pytest.fixture
def folders(tmp_path, monkeypatch):
    data = tmp_path / "data"
    config = tmp_path / "config"
    data.mkdir()
    config.mkdir()
    monkeypatch.setenv("TABLECUP_DATA", str(data))
    monkeypatch.setenv("TABLECUP_CONFIG", str(config))
    # As in a container: the settings are this process's own (the tests below bring a systemd).
    monkeypatch.setattr(doctor, "SYSTEMD_RUN_DIR", tmp_path / "no-systemd-here")
    return data, config


@pytest.fixture
def listening_port():
    """A real TCP server on 127.0.0.1 that accepts connections."""
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    stop = threading.Event()

    def serve():
        srv.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
                conn.close()
            except (socket.timeout, OSError):
                continue

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    yield srv.getsockname()[1]
    stop.set()
    t.join(2)
    srv.close()


@pytest.fixture
def closed_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    return port


def as_dict(lines):
    return dict(lines)


def test_report_has_every_key_in_order(folders):
    lines = doctor.report()
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in lines)
    assert [k for k, _ in lines] == list(doctor.KEYS)
    text = doctor.format_report(lines)
    for key in doctor.KEYS:
        assert f"\n{key}:" in "\n" + text


def test_report_values(folders, monkeypatch):
    data, config = folders
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.setenv("KIVY_WINDOW", "sdl2")
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    r = as_dict(doctor.report())
    assert r["SDL_VIDEODRIVER"] == "kmsdrm"
    assert r["KIVY_WINDOW"] == "sdl2"
    assert r["GPIOZERO_PIN_FACTORY"] == doctor.NOT_SET
    assert r["data folder"] == str(data)
    assert r["config folder"] == str(config)
    assert r["python"].split()[0].count(".") == 2
    try:
        from importlib.metadata import version
        assert r["kivy version"] == version("kivy")
    except Exception:
        assert r["kivy version"] == "not installed"
    assert r["coordinator"].startswith("not configured")
    assert r["last errors"]  # text in every case ("journal not available", "none", lines)


def test_data_folder_size_counts_every_file(folders):
    data, _ = folders
    (data / "a.db").write_bytes(b"x" * 1000)
    (data / "b.db").write_bytes(b"y" * 2345)
    (data / "kivy").mkdir()
    (data / "kivy" / "config.ini").write_bytes(b"z" * 100)
    (data / "backups" / "2025-05-20").mkdir(parents=True)
    (data / "backups" / "2025-05-20" / "a.db").write_bytes(b"x" * 1000)
    (data / "link").symlink_to(data / "b.db")  # not counted twice
    r = as_dict(doctor.report())
    assert r["data size"].startswith("4445 bytes (4.3 KiB) in 4 files"), r["data size"]
    assert r["databases"].startswith("a.db (")
    assert "b.db (2.3 KiB)" in r["databases"]
    assert "config.ini" not in r["databases"]
    assert doctor.dir_size(data) == (4445, 4)


def test_missing_data_folder_is_reported_not_created(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECUP_DATA", str(tmp_path / "nope"))
    monkeypatch.setenv("TABLECUP_CONFIG", str(tmp_path / "nope-either"))
    r = as_dict(doctor.report())
    assert r["data folder"].endswith("(missing)")
    assert r["data size"] == "0 bytes in 0 files"
    assert not (tmp_path / "nope").exists()
    assert not (tmp_path / "nope-either").exists()


@pytest.mark.parametrize("style", ["host_port", "url", "table"])
def test_coordinator_reachable(folders, listening_port, style):
    _, config = folders
    text = {
        "host_port": f'host = "127.0.0.1"\nport = {listening_port}\n',
        "url": f'url = "http://127.0.0.1:{listening_port}/"\n',
        "table": f'[coordinator]\naddress = "127.0.0.1:{listening_port}"\n',
    }[style]
    (config / "coordinator.toml").write_text(text)
    r = as_dict(doctor.report())
    assert r["coordinator"] == f"127.0.0.1:{listening_port}"
    assert r["coordinator reachable"] == "yes"


def test_coordinator_unreachable_on_a_closed_port(folders, closed_port):
    _, config = folders
    (config / "coordinator.toml").write_text(f'host = "127.0.0.1"\nport = {closed_port}\n')
    r = as_dict(doctor.report())
    assert r["coordinator"] == f"127.0.0.1:{closed_port}"
    assert r["coordinator reachable"].startswith("no")
    ok, why = doctor.is_reachable("127.0.0.1", closed_port)
    assert ok is False and "refused" in why.lower()


def test_coordinator_config_errors_are_reported(folders):
    _, config = folders
    (config / "coordinator.toml").write_text('host = "127.0.0.1"\n')  # no port
    r = as_dict(doctor.report())
    assert r["coordinator"].startswith("invalid config")
    assert r["coordinator reachable"] == "no"
    (config / "coordinator.toml").write_text("this is = = not toml")
    assert as_dict(doctor.report())["coordinator"].startswith("invalid config")


def test_pi_model_and_drm(folders, tmp_path, monkeypatch):
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    monkeypatch.setattr(doctor, "DEVICE_TREE_MODEL", model)
    (tmp_path / "dri").mkdir()
    (tmp_path / "dri" / "card1").write_text("")
    monkeypatch.setattr(doctor, "DRM_GLOB", str(tmp_path / "dri" / "card*"))
    r = as_dict(doctor.report())
    assert r["pi model"] == "Raspberry Pi 5 Model B Rev 1.0"
    assert r["drm devices"] == f"yes: {tmp_path}/dri/card1"
    monkeypatch.setattr(doctor, "DRM_GLOB", str(tmp_path / "none" / "card*"))
    assert as_dict(doctor.report())["drm devices"].startswith("no")


def test_last_errors_without_journalctl(folders, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    assert as_dict(doctor.report())["last errors"] == "journal not available"


def test_extra_lines_and_format(folders):
    lines = doctor.report({"hardware": "mock pins (4 buttons)", "python": "overridden"})
    r = as_dict(lines)
    assert lines[-1] == ("hardware", "mock pins (4 buttons)")
    assert r["python"] == "overridden"
    text = doctor.format_report([("a", "1"), ("longer key", "x\ny")])
    assert text == "a:          1\nlonger key: x\n            y\n"


# ---------------------------------------------------------------------- the services' own settings
def _unit_environment():
    """The Environment= lines of the real kiosk unit, as ``systemctl show`` joins them in one."""
    unit = (Path(__file__).resolve().parents[2] / "systemd" / "tablecup-kiosk.service").read_text()
    return " ".join(line.split("=", 1)[1] for line in unit.splitlines() if line.startswith("Environment="))


@pytest.fixture
def fake_systemd(tmp_path, monkeypatch):
    """A ``systemctl`` on PATH that answers ``show`` as systemd 252 does for the installed kiosk (its
    unit's Environment= plus a drop-in's, the settings file named in EnvironmentFiles=) and a
    coordinator that is not installed; systemd "running" (its run folder exists)."""
    env_file = tmp_path / "tablecup.env"
    env_file.write_text("# local settings\nGPIOZERO_PIN_FACTORY=mock\n\n#SDL_KMSDRM_DEVICE_INDEX=1\n"
                        'KIVY_METRICS_DENSITY="1.5"\n')
    dropin = 'SDL_VIDEODRIVER=x11 "TABLECUP_NOTE=a drop-in with spaces"'
    kiosk = (f"LoadState=loaded\nActiveState=active\nSubState=running\nNRestarts=0\n"
             f"Environment={_unit_environment()} {dropin}\n"
             f"EnvironmentFiles={env_file} (ignore_errors=yes)\n")
    (tmp_path / "kiosk.txt").write_text(kiosk)
    (tmp_path / "coordinator.txt").write_text("LoadState=not-found\nActiveState=inactive\nEnvironment=\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "systemctl"
    fake.write_text("#!/bin/sh\n"
                    "for a; do case \"$a\" in\n"
                    f"  tablecup-kiosk.service) cat '{tmp_path}/kiosk.txt'; exit 0 ;;\n"
                    f"  tablecup-coordinator.service) cat '{tmp_path}/coordinator.txt'; exit 0 ;;\n"
                    "esac; done\n"
                    "echo 'Unknown command' >&2; exit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    run_dir = tmp_path / "run-systemd-system"
    run_dir.mkdir()
    monkeypatch.setattr(doctor, "SYSTEMD_RUN_DIR", run_dir)
    return env_file


def test_the_doctor_shows_the_kiosk_services_settings_not_its_own(folders, fake_systemd, monkeypatch, capsys):
    for name in ("SDL_VIDEODRIVER", "KIVY_WINDOW", "KIVY_GL_BACKEND", "GPIOZERO_PIN_FACTORY"):
        monkeypatch.delenv(name, raising=False)         # sudo's environment has none of them
    r = as_dict(doctor.report())
    assert r["settings from"] == f"tablecup-kiosk.service (systemctl show, {fake_systemd})"
    assert r["SDL_VIDEODRIVER"] == "x11"                # the drop-in wins over the unit's kmsdrm
    assert r["KIVY_WINDOW"] == "sdl2" and r["KIVY_GL_BACKEND"] == "sdl2"
    assert r["GPIOZERO_PIN_FACTORY"] == "mock"          # the settings file wins over the unit's lgpio
    assert r["kiosk service"] == "active (running)"
    env = r["kiosk service settings"]
    assert "KIVY_METRICS_DENSITY=1.5" in env and "'TABLECUP_NOTE=a drop-in with spaces'" in env
    assert "TABLECUP_DATA=/var/lib/tablecup" in env and "\n" not in env
    assert r["coordinator service settings"] == "not installed"
    data, _ = folders
    assert r["data folder"] == f"{data} (the kiosk service's is /var/lib/tablecup)"

    from tablecup import cli
    assert cli.main(["doctor"]) == 0                     # what `sudo tablecup doctor` prints
    out = capsys.readouterr().out
    assert "\nSDL_VIDEODRIVER:" in out and "x11" in out.split("\nSDL_VIDEODRIVER:", 1)[1].splitlines()[0]


def test_without_systemd_the_doctor_says_so_once_and_reads_its_own_environment(folders, fake_systemd, tmp_path,
                                                                               monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "wayland")
    monkeypatch.setattr(doctor, "SYSTEMD_RUN_DIR", tmp_path / "no-such-folder")   # a container, CI
    lines = doctor.report()
    r = as_dict(lines)
    assert r["settings from"] == "this shell's environment (systemd is not running here)"
    assert r["SDL_VIDEODRIVER"] == "wayland"
    assert r["kiosk service settings"] == r["coordinator service settings"] == "n/a (see settings from)"
    assert sum("not running here" in v for _, v in lines) == 1


def test_without_systemctl_the_doctor_says_so_and_reads_its_own_environment(folders, tmp_path, monkeypatch):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(doctor, "SYSTEMD_RUN_DIR", tmp_path)      # even where systemd seems to run
    monkeypatch.setenv("KIVY_WINDOW", "sdl2")
    r = as_dict(doctor.report())
    assert r["settings from"] == "this shell's environment (there is no systemctl here)"
    assert r["KIVY_WINDOW"] == "sdl2"
    assert r["data folder"] == str(folders[0])


def test_environment_lines_and_files_parse_as_systemd_reads_them(tmp_path):
    assert doctor.parse_environment('A=1 "B=two words" C= D=x=y') == {"A": "1", "B": "two words", "C": "",
                                                                      "D": "x=y"}
    assert doctor.parse_environment("") == {}
    f = tmp_path / "env"
    f.write_text("# comment\n; also a comment\nA=1\n  B = 'two words'  \nnot a setting\n")
    assert doctor.read_environment_file(str(f)) == {"A": "1", "B": "two words"}
    assert doctor.read_environment_file(str(tmp_path / "missing")) is None
