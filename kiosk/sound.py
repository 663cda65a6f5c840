"""Short sounds for the table's moments: a card revealed, a capture, a win, a press at the wrong moment.

The sounds are the project's own: :func:`synthesise` builds each from a few sine tones with a
quick attack and an exponential fade (16-bit mono WAV, 22,050 Hz, written with the standard
library's ``wave``).  The set-up writes them to ``kiosk/sounds/`` (``python -m kiosk.sound``,
run by ``setup.py`` beside the catalogues); a kiosk that finds one missing writes it then
(a few milliseconds), so a source checkout plays too.

:class:`Sounds` loads every file once at start through Kivy's ``SoundLoader`` and plays a cue
without waiting (``Sound.play`` hands the sample to the audio backend and returns).  Volume 0
is silence (nothing is played).  With no audio backend (offscreen tests, a Pi without a sound
card) the kiosk says so once in the log and plays nothing; nothing else changes.

Which cue a game's events ask for is :func:`cues_for`: game-neutral names (an event called
``reveal`` or ``win`` in any game), plus the few per game whose event has another name
(Challengers!' ``flag``: the attacker takes the flag, a capture).  A wrong press is the
wrong-moment hint (:class:`kiosk.widgets.HintLayer` calls :meth:`Sounds.play` with ``wrong``).

``sink``: what actually plays.  The default is Kivy's audio; tests swap in a recorder (as
gpiozero swaps in a mock pin factory) to check which cues were asked for, and when.
"""

from __future__ import annotations

import io
import logging
import math
import struct
import wave
from pathlib import Path

log = logging.getLogger("tablecup.kiosk.sound")

CUES = ("reveal", "capture", "win", "wrong")
SOUND_DIR = Path(__file__).resolve().parent / "sounds"
RATE = 22050

#: Each cue as (start s, length s, frequency Hz, loudness 0..1) notes: short, soft, distinct.
NOTES = {
    "reveal": [(0.0, 0.09, 880.0, 0.5), (0.03, 0.08, 1320.0, 0.25)],                  # a light tick
    "capture": [(0.0, 0.12, 523.25, 0.55), (0.08, 0.16, 783.99, 0.55)],               # a rising fifth
    "win": [(0.0, 0.14, 523.25, 0.5), (0.12, 0.14, 659.25, 0.5), (0.24, 0.14, 783.99, 0.5),
            (0.36, 0.34, 1046.5, 0.55)],                                               # a major arpeggio
    "wrong": [(0.0, 0.10, 220.0, 0.5), (0.11, 0.14, 196.0, 0.5)],                     # two low falling notes
}

#: Events of each game whose kind is not itself a cue name, -> cue.
GAME_CUES = {
    "challengers": {"flag-lost": "capture", "champion": "win"},
    "between": {"take": "capture", "hit": "capture"},
    "cosplay": {"steal": "capture"},
    "wacky": {},
}
#: When one change of the table asks for several cues, only the most telling one plays.
PRIORITY = ("win", "capture", "reveal")


def synthesise(cue: str, rate: int = RATE) -> bytes:
    """The WAV file of ``cue`` (bytes)."""
    notes = NOTES[cue]
    length = max(start + dur for start, dur, _f, _a in notes) + 0.02
    n = int(length * rate)
    samples = [0.0] * n
    for start, dur, freq, amp in notes:
        first = int(start * rate)
        count = int(dur * rate)
        attack = max(1, int(0.005 * rate))
        for i in range(count):
            t = i / rate
            envelope = min(1.0, i / attack) * math.exp(-5.0 * t / dur)
            # A touch of the octave above makes it read as a struck note rather than a beep.
            value = math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t)
            samples[first + i] += amp * envelope * value / 1.3
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / max(1.0, peak)
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(struct.pack(f"<{n}h", *(int(s * scale) for s in samples)))
    return out.getvalue()


def write_all(folder: Path = SOUND_DIR, only_missing: bool = False) -> list[Path]:
    """Write every cue's WAV into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for cue in CUES:
        path = folder / f"{cue}.wav"
        if only_missing and path.is_file():
            continue
        tmp = path.with_suffix(".wav.tmp")
        tmp.write_bytes(synthesise(cue))
        tmp.replace(path)
        written.append(path)
    return written


def cues_for(game: str, events) -> list[str]:
    """The cue one change of ``game`` asks for (at most one, the most telling), from its events."""
    extra = GAME_CUES.get(game, {})
    found = set()
    for e in events or ():
        kind = getattr(e, "kind", None)
        if not isinstance(kind, str):
            continue
        cue = extra.get(kind, kind)
        if cue in PRIORITY:
            found.add(cue)
    for cue in PRIORITY:
        if cue in found:
            return [cue]
    return []


class KivySink:
    """Plays through Kivy's audio: each file loaded once; ``play`` returns at once."""

    def __init__(self, folder: Path = SOUND_DIR):
        self.sounds: dict = {}
        self.problem: str | None = None
        try:
            write_all(folder, only_missing=True)
        except OSError as exc:
            log.warning("sound: cannot write the sounds into %s (%s)", folder, exc)
        try:
            from kivy.core.audio import SoundLoader
        except (ImportError, OSError) as exc:      # no audio library: the kiosk plays silent
            self.problem = f"no audio ({type(exc).__name__}: {exc})"
            return
        for cue in CUES:
            path = folder / f"{cue}.wav"
            try:
                snd = SoundLoader.load(str(path)) if path.is_file() else None
            except (OSError, ValueError, RuntimeError) as exc:    # a broken file or mixer: that cue is silent
                log.warning("sound: %s not loaded: %s", path, exc)
                snd = None
            # SDL's mixer hands back an empty sound when no audio device could be opened.
            if snd is not None and (snd.length or 0) > 0:
                self.sounds[cue] = snd
        if not self.sounds:
            self.problem = "no audio backend could load the sounds"

    def play(self, cue: str, volume: float) -> None:
        snd = self.sounds.get(cue)
        if snd is None:
            return
        snd.volume = volume
        if snd.state == "play":
            snd.stop()
        snd.play()


class RecordingSink:
    """A sink for tests: remembers each cue asked for (and its volume), plays nothing."""

    problem = None

    def __init__(self):
        self.played: list[tuple[str, float]] = []

    def play(self, cue: str, volume: float) -> None:
        self.played.append((cue, volume))


class Sounds:
    """The kiosk's sounds: ``play(cue)`` at the settings' volume; ``hear(game, events)`` plays
    what a change of the table asks for.  Without a ``sink``, Kivy's audio is opened by
    :meth:`load` (the app calls it just after the first frame: opening the audio device takes
    a few hundred milliseconds that the first frame does not wait for); until then cues are
    silent."""

    def __init__(self, volume: int = 70, sink=None):
        self.volume = volume
        self.sink = sink
        self.asked: list[str] = []       # every cue asked for (played or silent): for the logs and tests

    def load(self) -> None:
        """Open Kivy's audio and load every sound (once); say once if there is no audio."""
        if self.sink is None:
            self.sink = KivySink()
            if self.sink.problem:
                log.warning("sound: %s; the kiosk plays silently", self.sink.problem)

    def play(self, cue: str) -> None:
        self.asked.append(cue)
        del self.asked[:-100]
        if self.volume <= 0 or self.sink is None:
            return
        try:
            self.sink.play(cue, self.volume / 100.0)
        except Exception:  # a sound that fails must not stop a game
            log.exception("sound: %s could not be played", cue)

    def hear(self, game: str, events) -> None:
        for cue in cues_for(game, events):
            self.play(cue)


if __name__ == "__main__":
    for p in write_all():
        print(p)
