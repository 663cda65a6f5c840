"""Every game's cards carry their icon, and the moments that matter move, in the real app offscreen
(``drive_card_icons.py``): each card the kiosk draws in each game has the texture of the right
icon (its set, character, vehicle or kind of card) in its canvas, inside the card; a card played,
damage taken, the secret choices revealed, a recruit each start an Animation on Kivy's clock that
runs out by itself, and none starts with the animations setting "off".  With
TABLECUP_SCREENSHOTS=1 the cards of each game go to docs/screenshots/ (cards-GAME-800x480-en.png)."""

import os
import shutil

from kiosk_helpers import ROOT, artifacts_dir, run_script, script_result

#: Each game's moments, as the driver makes them, and what must move on each: (kind, widget class).
MOMENTS = {
    # the first card played is the Ninja's Unique: the pile lands it, the other hand turns over
    "between": {"played": [("played", "ZoneTile"), ("reveal", "FramedCard")],
                "damage": [("damage", "BetweenLine")]},
    "wacky": {"reveal": [("reveal", "CardTile")], "played": [("played", "CardTile")]},
    "cosplay": {"recruit": [("recruit", "Tile")]},
}


def drawn(icon):
    """An icon read off a card: drawn from its own picture's texture, in the card's canvas over its
    face (not covered by it), inside it."""
    return (icon is not None and icon["texture"] and icon["in_canvas"] and icon["over_face"] and icon["inside"]
            and icon["file"].startswith(icon["name"] + "-") and icon["side"] >= 12)


def test_every_games_cards_show_their_icon_and_the_moments_move_unless_animations_are_off(tmp_path):
    import cards
    from engine import registry

    art = artifacts_dir() / "card-icons"
    p = run_script("drive_card_icons.py", tmp_path / "data", art, timeout=240, TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "ICONS-RESULT ")
    icons = r["icons"]

    # Challengers!: every face of the Deck Phase draw shows its set's icon.
    faces = icons["challengers"]["faces"]
    assert len(faces) >= 8
    for set_icon, rainbow, icon in faces:
        assert drawn(icon), (set_icon, icon)
        assert icon["name"] == ("set-rainbow" if rainbow else f"set-{set_icon}")

    # Between Battle: the hand's cards show their character's icon (from the game's own data).
    between = registry.get("between").load(cards)
    hand = icons["between"]["hand"]
    assert len(hand) == 5 and all(drawn(i) for i in hand)
    assert {i["name"] for i in hand} == {f"character-{between.card(i['card_id']).character}" for i in hand}

    # Wacky Challenge: the hand's cards and the public cards (draft row, routes, the revealed
    # chips) show their vehicle's; a card named beside a sentence too.
    for moment in ("wacky", "wacky-after"):
        seen = icons[moment]
        assert seen["hand"] and all(drawn(i) and i["name"].startswith("vehicle-") for i in seen["hand"])
        assert {kind for kind, _ in seen["public"]} >= {"CardTile"}
        assert all(drawn(i) and i["name"].startswith("vehicle-") for _, i in seen["public"])
    assert icons["wacky-after"]["said"] and all(drawn(i) for i in icons["wacky-after"]["said"])

    # Cosplay Team Battle: the hand's cards (the starters), the conveyor's and the objectives'
    # cards show their kind's; the card recruited, named beside its sentence, too.
    hand = icons["cosplay"]["hand"]
    assert hand and all(drawn(i) and i["name"] == "cosplay-starter" for i in hand)
    tiles = [i for kind, i in icons["cosplay"]["public"] if kind == "Tile"]
    assert len(tiles) >= 8 and all(drawn(i) for i in tiles)
    assert {i["name"] for i in tiles} >= {"cosplay-character", "cosplay-objective"}
    assert icons["cosplay-after"]["said"] and all(drawn(i) for i in icons["cosplay-after"]["said"])

    # The moments: each started a motion of its kind on the widget that shows it, its Animation
    # running on Kivy's clock; the clock ran each out (nothing left moving, no Animation left).
    normal, off = r["moments"]["normal"], r["moments"]["off"]
    assert r["speed_normal"] == 1.0 and r["speed_off"] == 0
    for game, made in MOMENTS.items():
        for kind, moving in made.items():
            m = normal[game][kind]
            assert m["made"], (game, kind)
            assert all([k, widget] in m["started"] for k, widget in moving), (game, kind, m)
            assert {k for k, _ in m["started"]} == {k for k, _ in moving}, (game, kind, m)
            assert m["running"] and all(on_clock for _, _, on_clock in m["running"]), (game, kind, m)
            assert m["after"] == {"running": 0, "anims": 0}, (game, kind, m)
            # Animations off: the same moment, made the same way, moves nothing.
            o = off[game][kind]
            assert o["made"] and o["started"] == [] and o["running"] == [], (game, kind, o)

    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for game in ("challengers", "between", "wacky-after", "cosplay-after"):
            shutil.copy(art / f"cards-{game}-800x480-en.png", docs / f"cards-{game.split('-')[0]}-800x480-en.png")
