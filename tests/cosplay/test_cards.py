"""Every card of the box played by a test that checks what it did.

``CARDS`` says, for every card, its activation logo and ability (and its duo or
trio): the test first checks the data says the same, then plays the card the way
its logo says -- recruited or completed (Recrutement), laid in the assistance
zone (Soutien), discarded (Défausse) or sacrificed (Sacrifice) from it, left in
the conveyor or the objective zones (Influence), its combo with its partners --
and checks the ability's effect on the state.
"""

import pytest
from cosplay_table import find, names, table

from engine.cosplay.cards import KINDS
from engine.cosplay.state import PREPARE
from engine.game import Action

CARDS = {
    "neon-ronin": ("recruit", "draw 1"),
    "pastel-pixie": ("support", "gain 1 kawaii"),
    "rust-knight": (None, ""),
    "bubble-bard": (None, ""),
    "ash-vandal": ("discard", "drama 1"),
    "sugar-comet": ("discard", "draw 1"),
    "gravel-monk": ("influence", "drama-cost 1"),
    "lace-witch": ("sacrifice", "recover 1"),
    "tin-samurai": (None, "", ["paper-kitsune"], "gain 2 badass"),
    "paper-kitsune": (None, "", ["tin-samurai"], "draw 1"),
    "storm-valkyrie": ("recruit", "drama 1"),
    "moon-idol": ("recruit", "score 1"),
    "chrome-brawler": (None, ""),
    "velvet-muse": (None, ""),
    "cinder-paladin": ("support", "draw 1"),
    "glitter-archer": ("influence", "discount 1 kawaii"),
    "iron-mascot": ("sacrifice", "cemetery"),
    "candy-oracle": ("discard", "recover 1"),
    "volt-huntress": ("discard", "gain 2 badass"),
    "ribbon-mage": ("sacrifice", "drama 2"),
    "jade-duelist": ("influence", "discount 1 badass"),
    "frost-sprite": ("recruit", "cemetery"),
    "scrap-captain": (None, "", ["gear-smith", "bolt-rider"], "score 2"),
    "gear-smith": (None, ""),
    "bolt-rider": (None, ""),
    "star-sailor": ("support", "gain 1 craft"),
    "titan-fist": ("recruit", "draw 2"),
    "lotus-empress": ("recruit", "score 2"),
    "obsidian-rogue": ("sacrifice", "score 2"),
    "prism-diva": ("discard", "drama 2"),
    "thunder-golem": ("influence", "drama-cost -1"),
    "petal-ninja": ("support", "recover 1"),
    "blaze-shogun": (None, "", ["petal-ninja"], "drama 2"),
    "aurora-siren": ("discard", "discount 2 badass"),
    "onyx-gladiator": (None, ""),
    "comet-princess": ("sacrifice", "draw 2"),
    "dragon-regent": ("recruit", "drama 2"),
    "celestial-idol": ("recruit", "score 3"),
    "void-emperor": ("support", "gain 2 badass"),
    "dream-queen": ("influence", "discount 1 craft"),
    "foam-sword": (None, ""),
    "glue-gun": ("discard", "draw 1"),
    "sequin-cape": (None, ""),
    "led-visor": ("recruit", "draw 1"),
    "wig-stand": ("sacrifice", "recover 1"),
    "cardboard-armor": (None, ""),
    "prop-staff": ("discard", "cemetery"),
    "sewing-kit": ("influence", "discount 1 craft"),
    "spirit-wings": ("sacrifice", "score 2"),
    "hero-mask": ("discard", "gain 2 badass", ["dragon-regent"], "drama 1"),
    "crystal-tiara": (None, "", ["moon-idol"], "gain 2 kawaii"),
    "mecha-gauntlet": ("recruit", "drama 1"),
    "first-photo": (None, ""),
    "fan-meetup": ("recruit", "draw 1"),
    "hall-parade": (None, ""),
    "cute-contest": (None, ""),
    "workshop-day": ("influence", "drama-cost 1"),
    "selfie-wall": (None, ""),
    "stage-debut": (None, ""),
    "group-shoot": ("recruit", "drama 1"),
    "craft-award": (None, ""),
    "duel-show": ("discard", "draw 1"),
    "idol-gala": (None, ""),
    "press-interview": ("influence", "discount 1 badass"),
    "grand-masquerade": (None, ""),
    "world-finals": ("recruit", "score 1"),
    "magazine-cover": (None, ""),
    "legend-cosplay": ("recruit", "drama 2"),
    "guild-trophy": (None, ""),
    "crowd-favourite": ("sacrifice", "drama 1"),
    "badass": (None, ""),
    "kawaii": (None, ""),
    "craft": (None, ""),
    "la-passion": (None, "passion"),
    "drama": (None, ""),
}

RICH = [20, 20, 20]                       # points gained this turn: pays any cost in one go
PLAIN = ["velvet-muse", "chrome-brawler", "bolt-rider", "gear-smith", "bubble-bard", "rust-knight",
         "onyx-gladiator", "lotus-empress", "cardboard-armor", "sequin-cape", "foam-sword"]
PRICED = {"badass": ["onyx-gladiator", "chrome-brawler", "titan-fist"],
          "kawaii": ["lotus-empress", "velvet-muse", "comet-princess"],
          "craft": ["cardboard-armor", "sequin-cape", "spirit-wings"]}


class Cast:
    """The other cards a card's test needs, never the card itself nor its partners: a card
    to recover, a character to carry equipment, a card in zones 2-6 (so a "cemetery" has a
    choice; zone 3 is the one chosen), a card priced in each resource."""

    def __init__(self, cid: str, partners=()):
        taken = {cid, *partners}
        free = [c for c in PLAIN if c not in taken]
        self.recoverable = free.pop(0)
        self.carrier = next(c for c in free if c in ("rust-knight", "chrome-brawler", "bolt-rider"))
        free.remove(self.carrier)
        self.priced = {k: next(c for c in cs if c not in taken and c != self.recoverable and c != self.carrier)
                       for k, cs in PRICED.items()}
        free = [c for c in free if c not in self.priced.values()]
        self.others = free[:5]

    def table(self, data, **kw):
        kw.setdefault("zones", [None, *self.others])
        kw.setdefault("discards", {0: [self.recoverable]})
        return table(data, **kw)


def A(p, kind, *args):
    return Action(p, kind, args)


def words(eff) -> str:
    if eff is None:
        return ""
    return " ".join(str(x) for x in (eff.do, eff.n or None, KINDS[eff.kind] if eff.kind >= 0 else None) if x)


def test_the_table_describes_the_data(data):
    """Every card of the data is in CARDS, saying what the data says (and no other)."""
    assert set(CARDS) == set(data.types)
    for cid, spec in CARDS.items():
        t = data.card(cid)
        assert (t.logo, words(t.ability)) == spec[:2], cid
        if len(spec) > 2:
            assert (list(t.combo_with), words(t.combo)) == (spec[2], spec[3]), cid
        else:
            assert t.combo is None, cid


def snapshot(s, p=0):
    q = 1 - p
    return {"hand": len(s.hand[p]), "pool": list(s.pool), "drama": names(s, s.discard[q]).count("drama"),
            "points": s.obj_points[p], "discount": list(s.discount), "cemetery": len(s.cemetery),
            "drama_cost": s.drama_cost()}


def resolve_choices(s, cast, p=0):
    """Answer a pending choice the way the check expects: zone 3, or the card to recover."""
    while s.choice is not None:
        word, options = s.choice[0], s.choice[1]
        pick = 3 if word == "cemetery" else options[0]
        if word == "recover":
            pick = next(o for o in options if s.inst.types[o].id == cast.recoverable)
        s.apply(A(p, "choose", pick))


def check_effect(s, cast, before, effect: str):
    after = snapshot(s)
    if not effect:
        return
    word, *rest = effect.split()
    n = int(rest[0]) if rest and rest[0].lstrip("-").isdigit() else 0
    if word == "draw":
        assert after["hand"] == before["hand"] + n
    elif word == "gain":
        k = KINDS.index(rest[1])
        assert after["pool"][k] == before["pool"][k] + n
    elif word == "drama":
        assert after["drama"] == before["drama"] + n
    elif word == "cemetery":
        assert after["cemetery"] == before["cemetery"] + 1 and s.zones[2] == -1
        assert names(s, s.cemetery)[-1] == cast.others[1]
    elif word == "discount":
        assert after["discount"][KINDS.index(rest[1])] == before["discount"][KINDS.index(rest[1])] + n
    elif word == "recover":
        assert cast.recoverable in names(s, s.hand[0])
    elif word == "score":
        assert after["points"] == before["points"] + n
    else:
        raise AssertionError(f"no check for {effect!r}")


LIBRARY = [c for c, spec in CARDS.items() if c not in ("badass", "kawaii", "craft", "la-passion", "drama")]


@pytest.mark.parametrize("cid", LIBRARY)
def test_every_card_does_what_its_logo_and_ability_say(data, cid):
    t = data.card(cid)
    logo, effect = CARDS[cid][:2]
    partners = CARDS[cid][2] if len(CARDS[cid]) > 2 else []
    cast = Cast(cid, partners)
    if t.type in ("character", "equipment") and logo in (None, "recruit"):
        s = cast.table(data, zones=[cid, *cast.others])
        s.pool = list(RICH)
        before = snapshot(s)
        s.apply(A(0, "recruit", 1, "pool"))
        resolve_choices(s, cast)
        inst = find(s, s.assist[0], cid)
        assert inst in s.facedown and s.zones[0] == -1
        before["pool"] = [0, 0, 0]
        check_effect(s, cast, before, effect if logo == "recruit" else "")
        # from the next turn it pays with its points
        s.facedown.clear()
        if t.type == "character":
            assert inst in {u.key for u in s.units(0)}
    elif t.type == "objective" and logo in (None, "recruit"):
        s = cast.table(data, objectives=[cid, None, None])
        s.pool = list(RICH)
        before = snapshot(s)
        s.apply(A(0, "complete", 1, "pool"))
        resolve_choices(s, cast)
        assert find(s, s.assist[0], cid) in s.facedown and s.completed[0] == 1
        before["pool"] = [0, 0, 0]
        before["points"] += t.points
        check_effect(s, cast, before, effect if logo == "recruit" else "")
    elif logo == "support":
        s = cast.table(data, hands={0: [cid]})
        s.turns = [1, 1]
        s._begin_turn(0, [])
        assert s.phase == PREPARE
        before = snapshot(s)
        s.apply(A(0, "place", find(s, s.hand[0], cid)))
        resolve_choices(s, cast)
        before["hand"] -= 1
        check_effect(s, cast, before, effect)
        # and when it is turned face up after being recruited
        s = cast.table(data, assists={0: [cid]}, facedown=[(0, cid)])
        s.turns = [1, 1]
        before = snapshot(s)
        s._begin_turn(0, [])
        resolve_choices(s, cast)
        before["pool"] = [0, 0, 0]
        check_effect(s, cast, before, effect)
    elif logo in ("discard", "sacrifice"):
        assists = [cid]
        attached = []
        if t.type == "equipment":
            assists.append(cast.carrier)
            attached = [(0, cid, cast.carrier)]
            s2 = cast.table(data, assists={0: [cid]})      # equipment acts once attached only
            assert A(0, "use", find(s2, s2.assist[0], cid)) not in s2.legal_actions(0)
        s = cast.table(data, assists={0: assists}, attached=attached)
        inst = find(s, s.assist[0], cid)
        before = snapshot(s)
        s.apply(A(0, "use", inst))
        resolve_choices(s, cast)
        assert inst not in s.assist[0]
        assert inst in (s.discard[0] if logo == "discard" else s.cemetery)
        if t.type == "equipment":
            assert names(s, s.assist[0]) == [cast.carrier] and s.attached == {}
        if effect.startswith("cemetery") and logo == "sacrifice":
            before["cemetery"] += 1                   # the sacrificed card itself
        check_effect(s, cast, before, effect)
    elif logo == "influence":
        word, n, *kind = effect.split()
        n = int(n)
        last = cast.priced[kind[0]] if kind else cast.carrier
        if t.type == "objective":
            s = cast.table(data, objectives=[cid, None, None], zones=[None, *cast.others[:4], last])
        else:
            s = cast.table(data, zones=[cid, *cast.others[:4], last])
        if word == "drama-cost":
            assert s.drama_cost() == data.drama_cost + n
        else:
            k = KINDS.index(kind[0])
            printed = s.inst.cost[s.zones[5]]
            assert s.recruit_cost(s.zones[5])[k] == printed[k] - n
        # gone from the zones, gone is its effect
        if t.type == "objective":
            s.obj_zones[0] = -1
        else:
            s.zones[0] = -1
        assert s.drama_cost() == data.drama_cost and s.recruit_cost(s.zones[5]) == s.inst.cost[s.zones[5]]
    if partners:
        combo = CARDS[cid][3]
        cards = [cid, *partners]
        attached = []
        if t.type == "equipment":
            cards.append(cast.carrier)
            attached = [(0, cid, cast.carrier)]
        s = cast.table(data, assists={0: cards}, attached=attached)
        inst = find(s, s.assist[0], cid)
        assert A(0, "combo", inst) in s.legal_actions(0)
        before = snapshot(s)
        s.apply(A(0, "combo", inst))
        resolve_choices(s, cast)
        check_effect(s, cast, before, combo)
        assert A(0, "combo", inst) not in s.legal_actions(0)        # once a turn
        assert inst in s.used and all(find(s, s.assist[0], c) in s.used for c in partners)


@pytest.mark.parametrize("cid, kind", [("badass", 0), ("kawaii", 1), ("craft", 2)])
def test_starters_pay_one_point_of_their_resource(data, cid, kind):
    target = {"badass": "rust-knight", "kawaii": "bubble-bard", "craft": "sequin-cape"}[cid]
    s = table(data, hands={0: [cid, cid, "la-passion"]}, zones=[target] + [None] * 5)
    assert {u.key: u.gives for u in s.units(0)} == {c: tuple(int(i == kind) for i in range(3))
                                                    for c in s.hand[0] if names(s, [c]) == [cid]}
    s.apply(A(0, "recruit", 1, *[c for c in s.hand[0] if names(s, [c]) == [cid]]))
    assert find(s, s.assist[0], target) in s.facedown
    assert sorted(names(s, s.discard[0])) == [cid, cid]


def test_la_passion_pays_nothing_and_is_spent_stealing(data):
    s = table(data, hands={0: ["la-passion", "kawaii", "kawaii"]}, assists={1: ["bubble-bard"]})
    passion = find(s, s.hand[0], "la-passion")
    assert passion not in {u.key for u in s.units(0)}
    bard = s.assist[1][0]
    s.apply(A(0, "steal", 1, bard, *[c for c in s.hand[0] if c != passion]))
    assert passion in s.discard[0] and bard in s.assist[0] and s.assist[1] == []


def test_drama_cards_clog_the_hand_and_pay_nothing(data):
    s = table(data, hands={0: ["drama", "drama", "badass"]})
    assert [u.key for u in s.units(0)] == [find(s, s.hand[0], "badass")]
    assert data.card("drama").cost == (0, 0, 0, 3) and data.drama_cost == 3


def test_recover_asks_which_card_when_there_is_a_choice(data):
    s = table(data, assists={0: ["candy-oracle"]}, discards={0: ["velvet-muse", "badass", "badass", "drama"]})
    s.apply(A(0, "use", s.assist[0][0]))
    word, options = s.choice[0], s.choice[1]
    assert word == "recover"
    assert sorted(names(s, options)) == ["badass", "velvet-muse"]   # alike cards once, no Drama, not itself
    s.apply(A(0, "choose", find(s, options, "badass")))
    assert names(s, s.hand[0]) == ["badass"] and s.choice is None


def test_drama_asks_which_opponent_at_three_players(data):
    s = table(data, players=3, assists={0: ["ribbon-mage"]})
    s.apply(A(0, "use", s.assist[0][0]))
    assert s.choice[:2] == ["drama", [1, 2]]
    s.apply(A(0, "choose", 2))
    assert names(s, s.discard[2]) == ["drama", "drama"] and s.discard[1] == []
