"""The kiosk's sounds: synthesised by the project, loaded once through Kivy's audio, cues from
any game's events, silent at volume 0, and a missing audio backend is no fault."""

import json
import subprocess
import sys
import wave
from io import BytesIO

from kiosk_helpers import ROOT, kiosk_env

from engine.events import Event
from kiosk import sound


def test_each_cue_is_a_short_mono_wav_that_is_not_silent():
    for cue in sound.CUES:
        data = sound.synthesise(cue)
        with wave.open(BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sound.RATE)
            seconds = w.getnframes() / w.getframerate()
            frames = w.readframes(w.getnframes())
        assert 0.05 < seconds < 0.8, cue
        peak = max(abs(int.from_bytes(frames[i:i + 2], "little", signed=True)) for i in range(0, len(frames), 2))
        assert peak > 8000, cue
    assert len({sound.synthesise(c) for c in sound.CUES}) == len(sound.CUES)      # four different sounds


def test_write_all_writes_what_is_missing(tmp_path):
    assert sorted(p.name for p in sound.write_all(tmp_path)) == sorted(f"{c}.wav" for c in sound.CUES)
    (tmp_path / "win.wav").unlink()
    assert [p.name for p in sound.write_all(tmp_path, only_missing=True)] == ["win.wav"]


def test_the_events_of_a_change_ask_for_the_most_telling_cue():
    assert sound.cues_for("challengers", [Event("reveal", 0), Event("compare")]) == ["reveal"]
    assert sound.cues_for("challengers", [Event("reveal", 0), Event("flag-lost", 1), Event("flag", 0)]) == ["capture"]
    assert sound.cues_for("challengers", [Event("reveal", 0), Event("flag-lost", 1), Event("win", 0)]) == ["win"]
    assert sound.cues_for("challengers", [Event("toss", 0)]) == []
    assert sound.cues_for("between", [Event("take", 1)]) == ["capture"]
    assert sound.cues_for("wacky", [Event("reveal", None)]) == ["reveal"]
    assert sound.cues_for("any-new-game", [Event("win", 0)]) == ["win"]      # game-neutral names
    assert sound.cues_for("challengers", []) == []


def test_volume_zero_plays_nothing_and_a_failing_sink_stops_nothing():
    rec = sound.RecordingSink()
    s = sound.Sounds(volume=0, sink=rec)
    s.play("win")
    assert rec.played == [] and s.asked == ["win"]
    s.volume = 50
    s.hear("challengers", [Event("reveal", 0)])
    assert rec.played == [("reveal", 0.5)]

    class Broken:
        problem = None

        def play(self, cue, volume):
            raise RuntimeError("device gone")
    sound.Sounds(volume=50, sink=Broken()).play("win")      # logged, not raised


PROBE = """
import json, time
from kiosk.sound import KivySink, Sounds
s = Sounds(70)
s.play("reveal")                     # before load(): silent, no error
s.load()
sink = s.sink
t = time.perf_counter()
s.play("win")
print("PROBE " + json.dumps({"loaded": {k: v.length for k, v in sink.sounds.items()}, "problem": sink.problem,
                             "play_s": time.perf_counter() - t}))
"""


def _probe(audio_driver):
    p = subprocess.run([sys.executable, "-c", PROBE], check=False, env=kiosk_env(SDL_AUDIODRIVER=audio_driver, KIVY_NO_ARGS=1),
                       capture_output=True, text=True, timeout=60, cwd=ROOT)
    line = [x for x in p.stdout.splitlines() if x.startswith("PROBE ")]
    assert line, p.stdout[-2000:] + p.stderr[-2000:]
    return json.loads(line[-1][6:])


def test_kivy_audio_loads_every_sound_and_play_returns_at_once():
    r = _probe("dummy")                  # SDL's audio driver that plays to nowhere: the real loader
    assert r["problem"] is None
    assert sorted(r["loaded"]) == sorted(sound.CUES) and all(v > 0.05 for v in r["loaded"].values())
    assert r["play_s"] < 0.3             # far shorter than the sound: it was handed over, not waited for


def test_no_audio_device_is_one_warning_and_silence():
    r = _probe("no-such-driver")
    assert r["loaded"] == {} and r["problem"] == "no audio backend could load the sounds"
