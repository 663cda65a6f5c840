import os
import subprocess
import sys
import tempfile
from pathlib import Path

from engine_peek import install as peek_at_the_engine

import pytest  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "tests" / "artifacts"


#: The settings (kiosk.toml) of a kiosk whose walk looks at texts and screens but at no card on
#: its way: animations off.  Each animation is frames drawn by Mesa's software renderer, and a
#: drive waits for every one to end before it looks (:meth:`app_driver.Driver.follow`): the
#: French and pseudo-locale walks took 102 s of CPU with them, 97 s without (load 16-18).
STILL = '[kiosk]\nanimations = "off"\n'


def kiosk_env(settings=None, **extra):
    """The environment of a kiosk the tests start.  Its settings (kiosk.toml: text size,
    animations...) go to a folder of its own unless the test names one (``TABLECUP_CONFIG=``):
    a drive that turns "Large" text on must change neither the next test's kiosk nor the
    machine's own settings.  ``settings``: that file's text to start with (:data:`STILL`)."""
    env = dict(os.environ)
    config = tempfile.mkdtemp(prefix="tablecup-config-")
    if settings is not None:
        os.makedirs(os.path.join(config, "settings"))
        with open(os.path.join(config, "settings", "kiosk.toml"), "w", encoding="utf-8") as f:
            f.write(settings)
    env.update({"SDL_VIDEODRIVER": "offscreen", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                "TABLECUP_ROBOT_DELAY": "0.01", "TABLECUP_CONFIG": config})
    env.update({k: str(v) for k, v in extra.items()})
    return env


def artifacts_dir():
    ART.mkdir(parents=True, exist_ok=True)
    return ART


def run_script(script, *args, timeout=120, settings=None, **env):
    """Run the drive script ``script`` (``settings``: as :func:`kiosk_env` takes them)."""
    return subprocess.run([sys.executable, str(Path(__file__).parent / script), *map(str, args)],
                          env=kiosk_env(settings, **env), capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def script_result(p, tag):
    """The last ``TAG {json}`` line a drive script printed, checked to carry no error."""
    import json
    line = [x for x in p.stdout.splitlines() if x.startswith(tag)]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len(tag):])
    assert r["error"] is None, r["error"]
    return r


def drive_at_sizes(script, sizes, base, shots, tag, workers=3, timeout=300):
    """Run the drive script ``script`` once per window size (``script DATA SHOTS WxH``), a few at a
    time, each with its own data folder under ``base``; {size: its ``TAG {json}`` result, or
    ``{"error": the end of its output}`` when it printed none}."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    def one(size):
        p = subprocess.run([sys.executable, str(script), str(base / size), str(shots), size], check=False,
                           env=kiosk_env(), capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        line = [x for x in p.stdout.splitlines() if x.startswith(tag + " ")]
        if not line:
            return {"error": p.stdout[-2000:] + p.stderr[-3000:]}
        return json.loads(line[-1][len(tag) + 1:])

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(zip(sizes, pool.map(one, sizes)))


def kill_when_written(script, data, art, *args, wait_for="before.json", timeout=90):
    """Start a drive script, wait until it writes ``art/wait_for``, then kill it with SIGKILL
    (mid-game, as a power cut would); returns that file's JSON."""
    import json
    import signal
    import time
    proc = subprocess.Popen([sys.executable, str(Path(__file__).parent / script), str(data), str(art), *map(str, args)],
                            env=kiosk_env(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.time() + timeout
        while not (art / wait_for).exists():
            assert proc.poll() is None, proc.communicate()[0][-3000:]
            assert time.time() < end, f"no {wait_for}"
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate()
    return json.loads((art / wait_for).read_text())


#: A face-up card on a screenshot, playable or not (kiosk.hand.FACE, FACE_DIM).
FACE_COLOURS = ((245, 240, 224), (158, 156, 148))


def face_pixels(png, box):
    """How many pixels of ``box`` (left, top, right, bottom) of a screenshot are the colour of a
    face-up card."""
    from PIL import Image
    img = Image.open(png).convert("RGB").crop(box)
    return sum(1 for px in img.getdata()
               if any(all(abs(a - b) <= 6 for a, b in zip(px, face)) for face in FACE_COLOURS))


def saved_actions(store, table_id):
    """The actions kiosk.db holds for a table game, decoded by the contract's codec."""
    import json

    from engine.game import Action
    return [Action.from_json(json.loads(a)) for a in store.table_actions(table_id)]


def replay_saved(data, store, table_id):
    """The state a table game's saved set-up and actions replay to, by the engine alone."""
    import json

    from engine import registry
    from engine.game import GameSetup, replay
    game, setup_json = store.db.conn.execute("select game, setup_json from table_games where id = ?",
                                             (table_id,)).fetchone()
    state, _ = replay(registry.get(game), data, GameSetup.from_json(json.loads(setup_json)),
                      saved_actions(store, table_id))
    return state


def challengers_table(lib, store, schedule=None, bot_delay=0.6):
    """Challengers! at a LocalTable over ``store``, as the app has it (without Kivy): the
    table's view model, :class:`kiosk.games.challengers.board.Board`, which its screens read and
    submit their inputs by halves through."""
    from kiosk.games.challengers.board import board_of
    from kiosk.table import LocalTable
    table = LocalTable(store, schedule=schedule, bot_delay=bot_delay, data_for=lambda game: lib)
    return board_of(table)


peek_at_the_engine()
