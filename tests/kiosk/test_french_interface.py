"""The French interface is complete: every screen of the real app, walked in French, shows no English.

What counts as English: a word that the English words of the kiosk (its English catalogue) or
of the cards (the engine's English card text) use and that neither French says (the French
catalogue, the French card text) nor a name does (card and set names, "Tablecup").  So a
word both languages share ("Deck", "Fans", "Go", "total") passes, and an English sentence left
in the code ("2 from A", "the attacker ran out of cards") does not.  The same check on the
English screens of the same run finds English: it reads real widget texts.
"""

from __future__ import annotations

import json
import re

import pytest

from french_check import _keys, english_in, english_only_words
from kiosk_helpers import artifacts_dir, run_script


def test_the_check_finds_english_sentences():
    english_only = english_only_words()
    assert english_in(["1.  2 from A (+1 fans)"], english_only)
    assert english_in(["the attacker ran out of cards"], english_only)
    assert english_in(["Waiting for the other player…"], english_only)
    assert english_in(["Mettez jusqu'à 2 cartes Newcomer de votre banc sur votre deck."], english_only)
    assert not english_in(["Deck: 6    Réserve: 0", "Fans: 0", "Go", "kiosk.db.damaged-20261122-203529"],
                          english_only)


@pytest.mark.slow
def test_every_screen_in_french_shows_no_english(tmp_path):
    p = run_script("drive_french.py", tmp_path / "data", artifacts_dir() / "french", timeout=150)
    line = [x for x in p.stdout.splitlines() if x.startswith("FRENCH-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("FRENCH-RESULT "):])
    assert r["error"] is None, r["error"]
    stages = r["stages"]
    walked = {"home-notice", "home", "home-history", "operator-unlocked", "operator-new-pin",
              "operator-short-pin", "operator-pin-saved", "operator-wrong-pin", "deck-option", "deck-pick",
              "deck-remove", "deck-short-deck-question", "match-toss", "match-reveal", "match-log", "match-end", "result-match",
              "result-final", "alert-storage", "alert-resume", "join", "join-short-code", "park", "park-message"}
    assert walked <= set(stages), sorted(walked - set(stages))
    assert all(r["lang_at"][s] == "fr" for s in walked)

    english_only = english_only_words()
    # The English start of the same run: the check reads real widget texts and finds English there.
    for s in ("home-en", "operator-locked-en"):
        assert len({w for hits in english_in(stages[s], english_only).values() for w in hits}) >= 5, stages[s]

    # An error's own text (an exception, the network library's message) is shown as it came.
    def plain(text):
        for technical in r["technical"]:
            text = text.replace(technical, "") if technical else text
        return text
    found = {s: english_in(map(plain, texts), english_only) for s, texts in stages.items()
             if r["lang_at"][s] == "fr"}
    found = {s: f for s, f in found.items() if f}
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)

    # No key shows through (a message missing from every catalogue reads as its key).
    keys = _keys()
    keys = {k for k in keys if "_" in k}      # "pick_n", "zone_deck-top": never a word of a sentence
    raw = {s: [t for t in texts if keys & set(re.findall(r"[\w-]+", t))]
           for s, texts in stages.items() if r["lang_at"][s] == "fr"}
    assert not any(raw.values()), {s: t for s, t in raw.items() if t}

    # The alerts and the banner said what they are for, in French.
    assert any("Stockage plein" in t for t in stages["alert-storage"])
    assert any("n'a pas pu être reprise" in t for t in stages["alert-resume"])
    assert any("mise de côté" in t for t in stages["home-notice"])
    assert any("Appairez de nouveau ce kiosque" in t for t in stages["park-message"])
    assert r["banner"] == "HORS LIGNE · 0 à envoyer" and not r["park_online"]


@pytest.mark.slow   # a café park walked in French
def test_a_cafe_park_in_french_shows_no_english(tmp_path):
    """A kiosk of a real café (coordinator on 127.0.0.1, pairing by its code): the park screen with
    who sits where and the standings, then the tournament's Deck Phase, in French."""
    from cafe import start_cafe, wait_until

    players = ["Ann", "Bob"]                 # names are data: Bob is also an English card's name
    coord, kiosks, _tid = start_cafe(tmp_path, 1, players, seed=3, kiosk_env={"TABLECUP_KIOSK_BOT": ""})
    k = kiosks[0]
    try:
        k.send("lang fr")
        n = [0]

        def texts(screen, wanted):
            n[0] += 1
            path = k.dir / f"texts{n[0]}.json"
            k.send(f"texts {path}")
            got = wait_until(lambda: path.exists() and json.loads(path.read_text()), 20, "the kiosk's texts",
                             procs=[k])
            return got if got["screen"] == screen and got["lang"] == "fr" and wanted(got["texts"]) else None

        seats = wait_until(lambda: texts("park", lambda t: any("Installez-vous" in x for x in t)), 60,
                           "the seating screen in French", step=0.3, procs=[k, coord])
        k.send("go")
        deck = wait_until(lambda: texts("deck", lambda t: any("Phase de deck" in x for x in t)), 60,
                          "the tournament's Deck Phase in French", step=0.3, procs=[k, coord])
    finally:
        k.stop()
        coord.stop()
    assert any("Ann → parc 1" in x for x in seats["texts"]), seats["texts"]
    assert any("Trophées" in x for x in seats["texts"])
    english_only = english_only_words() - {p.lower() for p in players}
    found = {name: english_in(got["texts"], english_only) for name, got in (("park", seats), ("deck", deck))}
    assert not any(found.values()), json.dumps(found, ensure_ascii=False, indent=1)
