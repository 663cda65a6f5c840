import os
import subprocess
import sys
from pathlib import Path

import pytest  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "tests" / "artifacts"


def kiosk_env(**extra):
    env = dict(os.environ)
    env.update({"SDL_VIDEODRIVER": "offscreen", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                "TABLECUP_ROBOT_DELAY": "0.01"})
    env.update({k: str(v) for k, v in extra.items()})
    return env


def artifacts_dir():
    ART.mkdir(parents=True, exist_ok=True)
    return ART


def run_script(script, *args, timeout=120, **env):
    return subprocess.run([sys.executable, str(Path(__file__).parent / script), *map(str, args)],
                          env=kiosk_env(**env), capture_output=True, text=True, timeout=timeout, cwd=ROOT)
