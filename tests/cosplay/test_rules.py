"""One test per rule of the spec (shared/spec/cosplay-team-battle.md), each quoting the
rulebook's French sentence it interprets; the decisions are in docs/rules.md."""

import json

import pytest
from cosplay_table import find, names, table

from engine.cosplay import GAME
from engine.cosplay.state import MAIN, PREPARE, CosplayState
from engine.errors import IllegalAction
from engine.game import Action, GameSetup


def A(p, kind, *args):
    return Action(p, kind, args)


def fingerprint(s):
    return json.dumps([[s.observation(p) for p in range(s.n)], s.rng.getstate(), s.library, s.reserve,
                       s.obj_piles], default=repr)


# ---------------------------------------------------------------------------- set-up

def test_setup_deals_zone_6_first_and_players_plus_one_objectives(data):
    """Set-up: « Placer une carte du dessus de la « Bibliothèque » dans chaque zone de
    recrutement, face visible, de la zone 6 à la zone 1. » and « Placer une carte de niveau 1
    dans les zones objectifs ... (nombre de joueurs +1) »."""
    for n in (2, 3, 4):
        s = CosplayState(data, GameSetup("cosplay", tuple("abcd"[:n]), 7))
        assert all(c >= 0 for c in s.zones) and len(s.zones) == 6
        assert len(s.library) == 52 - 6
        assert len(s.obj_zones) == n + 1 and all(s.inst.types[c].level == 1 for c in s.obj_zones)
        assert len(s.drama_pile) == 20
        for p in range(n):
            assert len(s.hand[p]) == 5 and len(s.reserve[p]) == 5
            assert sorted(names(s, s.hand[p] + s.reserve[p])) == sorted(
                ["badass"] * 3 + ["kawaii"] * 3 + ["craft"] * 3 + ["la-passion"])
    # zone 6 got the first card off the library: replay the shuffle
    import random
    rng = random.Random(7)
    lib = list(data.library)
    rng.shuffle(lib)
    s = CosplayState(data, GameSetup("cosplay", ("a", "b"), 7))
    assert s.zones[5] == lib[-1] and s.zones[0] == lib[-6]


# ---------------------------------------------------------------------------- preparation

def test_no_preparation_on_a_players_first_turn(data):
    """« Phase de préparation (ne s'applique pas au 1er tour) »: on the first turn the
    face-down cards stay face down and Drama stays in hand."""
    s = table(data, hands={0: ["drama", "badass"]}, assists={0: ["rust-knight"]}, facedown=[(0, "rust-knight")],
              zones=["bubble-bard"] * 1 + [None] * 5, first_turn=True)
    s.turns = [0, 0]
    s._begin_turn(0, [])
    assert s.phase == MAIN and s.turns[0] == 1
    assert find(s, s.assist[0], "rust-knight") in s.facedown
    assert "drama" in names(s, s.hand[0])


def test_preparation_turns_the_assistance_zone_face_up_and_sends_drama_back(data):
    """« Le joueur actif retourne les cartes de sa zone d'assistance faces cachées pour les placer
    faces visibles. » « Si vous avez des cartes Drama en main, placez-les sur la réserve de cartes
    Drama » (the hand is smaller this turn)."""
    s = table(data, hands={0: ["drama", "drama", "badass"]}, assists={0: ["rust-knight"]},
              facedown=[(0, "rust-knight")])
    pile = len(s.drama_pile)
    s.turns = [1, 1]
    s._begin_turn(0, [])
    assert not s.facedown
    assert names(s, s.hand[0]) == ["badass"]
    assert len(s.drama_pile) == pile + 2


def test_preparation_lays_hand_cards_face_up_and_attaches_equipment(data):
    """« Si le joueur à des cartes de personnages, d'équipements et /ou d'objectifs en main, le
    joueur peut les poser faces visibles en zone d'assistance. »  Starters stay in hand."""
    s = table(data, hands={0: ["rust-knight", "foam-sword", "badass"]})
    s.turns = [1, 1]
    s._begin_turn(0, [])
    assert s.phase == PREPARE
    legal = s.legal_actions(0)
    knight, sword = find(s, s.hand[0], "rust-knight"), find(s, s.hand[0], "foam-sword")
    assert {a.args[0] for a in legal if a.kind == "place"} == {knight, sword}
    s.apply(A(0, "place", knight))
    s.apply(A(0, "place", sword))
    assert knight not in s.facedown and sword in s.assist[0]
    assert A(0, "attach", sword, knight) in s.legal_actions(0)
    s.apply(A(0, "attach", sword, knight))
    assert s.attached == {sword: knight}
    s.apply(A(0, "ready"))
    assert s.phase == MAIN
    with pytest.raises(IllegalAction):
        s.apply(A(0, "place", find(s, s.hand[0], "badass")))


def test_equipment_points_add_to_its_character_and_pay_as_one_unit(data):
    """« Ses points sont additionnés à la carte de personnage qui lui est associé. » and « elles
    restent indissociables tant qu'elles ne quittent pas la zone d'assistance »: the pair pays one
    target together and both go to the discard."""
    s = table(data, assists={0: ["rust-knight", "sequin-cape"]}, attached=[(0, "sequin-cape", "rust-knight")],
              zones=["led-visor"] + [None] * 5)                   # cost craft 2
    knight, cape = find(s, s.assist[0], "rust-knight"), find(s, s.assist[0], "sequin-cape")
    units = {u.key: u.gives for u in s.units(0)}
    assert units == {knight: (2, 0, 2)}
    assert cape not in units                                       # never pays alone
    with pytest.raises(IllegalAction):
        s.apply(A(0, "recruit", 1, cape))
    assert [a.args for a in s.legal_actions(0) if a.kind == "recruit"] == [(1, knight)]
    s.apply(A(0, "recruit", 1, knight))                            # the character brings the cape's craft
    assert sorted(names(s, s.discard[0])) == ["rust-knight", "sequin-cape"]
    assert s.attached == {} and names(s, s.assist[0]) == ["led-visor"]


def test_unattached_equipment_does_not_pay(data):
    """« Elles doivent être affectées à un personnage avant d'être utilisées pour recruter ou
    utiliser leurs compétences. »"""
    s = table(data, assists={0: ["cardboard-armor", "glue-gun"]}, zones=["foam-sword"] + [None] * 5)
    assert s.units(0) == []
    assert not [a for a in s.legal_actions(0) if a.kind == "recruit"]
    assert A(0, "use", find(s, s.assist[0], "glue-gun")) not in s.legal_actions(0)


def test_encumbrance_limits_equipment_per_character(data):
    """Encumbrance (« 1 par personnage / 2 par personnage / Illimité »; the rulebook's paragraph is
    lost): an equipment allows at most its class's number of equipment on its character."""
    s = table(data, assists={0: ["rust-knight", "cardboard-armor", "foam-sword", "glue-gun", "sequin-cape",
                                 "led-visor"]})
    s.phase = PREPARE
    k = find(s, s.assist[0], "rust-knight")
    armor, sword, gun, cape, visor = (find(s, s.assist[0], c) for c in
                                      ("cardboard-armor", "foam-sword", "glue-gun", "sequin-cape", "led-visor"))
    s.apply(A(0, "attach", armor, k))                          # class 1: alone
    assert all(a.args[0] != sword for a in s.legal_actions(0) if a.kind == "attach")
    with pytest.raises(IllegalAction):
        s.apply(A(0, "attach", sword, k))
    del s.attached[armor]
    s.apply(A(0, "attach", cape, k))                           # class 2: two at most
    s.apply(A(0, "attach", visor, k))
    with pytest.raises(IllegalAction):
        s.apply(A(0, "attach", sword, k))
    for e in (cape, visor):
        del s.attached[e]
    for e in (sword, gun):                                     # unlimited: as many as you like
        s.apply(A(0, "attach", e, k))
    with pytest.raises(IllegalAction):
        s.apply(A(0, "attach", armor, k))                      # ...but the armour wants to be alone
    assert sorted(e for e, c in s.attached.items() if c == k) == sorted([sword, gun])


# ---------------------------------------------------------------------------- recruitment

def test_recruiting_discards_the_payers_and_lays_the_recruit_face_down(data):
    """« Utiliser les points des cartes ... pour payer le coût ... les points supplémentaires ou non
    utilisés sont perdus. Les cartes recrutées sont placées faces cachées dans la zone
    d'assistance du joueur. » « Les cartes utilisées pour recruter sont envoyées dans la défausse »."""
    s = table(data, hands={0: ["badass", "badass", "kawaii"]}, assists={0: ["chrome-brawler"]},
              zones=["rust-knight"] + [None] * 5)                # cost badass 2
    brawler = find(s, s.assist[0], "chrome-brawler")             # gives badass 3
    ev = s.apply(A(0, "recruit", 1, *[brawler]))
    knight = find(s, s.assist[0], "rust-knight")
    assert knight in s.facedown and s.zones[0] == -1
    assert names(s, s.discard[0]) == ["chrome-brawler"]
    rec = [e for e in ev if e.kind == "recruit"][0]
    assert rec.info == (1, 1)                                    # zone 1, one point lost
    assert knight not in {u.key for u in s.units(0)}             # face down: usable next turn


def test_resources_by_kind_and_multicolour_costs(data):
    """Characters pay « via leurs coûts de BADASS et/ou KAWAII », equipment CRAFT; « Coût
    multicolore : BADASS, KAWAII et/ou CRAFT peuvent être utilisés dans n'importe quelle
    combinaison. »"""
    s = table(data, hands={0: ["kawaii", "kawaii", "kawaii", "craft", "craft"]},
              zones=["rust-knight"] + [None] * 5, objectives=["first-photo", None, None])
    assert not [a for a in s.legal_actions(0) if a.kind == "recruit"]     # badass 2: kawaii cannot pay it
    assert A(0, "complete", 1, *s.hand[0]) in s.legal_actions(0)        # any 5: any mix
    s.apply(A(0, "complete", 1, *list(s.hand[0])))
    assert s.obj_points[0] == 2 and s.completed[0] == 1


def test_completing_an_objective_scores_and_lays_it_face_down(data):
    """« Payer le coût d'un ou plusieurs cartes objectifs pour en faire l'acquisition. Les cartes
    ... sont placées faces cachées dans la zone d'assistance du joueur. »"""
    s = table(data, hands={0: ["badass", "badass", "craft", "kawaii", "kawaii"]},
              objectives=["hall-parade", None, None])            # badass 2 + any 3
    s.apply(A(0, "complete", 1, *list(s.hand[0])))
    parade = find(s, s.assist[0], "hall-parade")
    assert parade in s.facedown and s.obj_zones[0] == -1 and s.obj_points[0] == 2


def test_objectives_do_not_pay(data):
    """Objectives « peuvent être utilisées pour leur capacité, mais ne permettent pas de recruter
    directement »."""
    s = table(data, assists={0: ["first-photo", "duel-show"]}, zones=["rust-knight"] + [None] * 5)
    assert s.units(0) == []
    assert A(0, "use", find(s, s.assist[0], "duel-show")) in s.legal_actions(0)


def test_drama_count_is_the_points_spent_over_its_cost(data):
    """« Payer le coût d'une ou plusieurs cartes DRAMA et les envoyer dans la défausse d'un ou
    plusieurs autres joueurs ... Le coût total de points dépensés ... définit le nombre de cartes. »
    Points are pooled for one recipient: a 3 and three 1s send two cards at cost 3."""
    s = table(data, players=3, hands={0: ["badass", "kawaii", "craft"]}, assists={0: ["chrome-brawler"]})
    assert data.drama_cost == 3
    most = max(a.args[0] for a in s.legal_actions(0) if a.kind == "drama")
    assert most == 2                                             # 6 points, 3 a card
    s.apply(A(0, "drama", 2, 2, 2, *[find(s, s.assist[0], "chrome-brawler"), *[c for c in s.hand[0]]]))
    assert names(s, s.discard[2]).count("drama") == 2
    assert len(s.drama_pile) == 18 and s.discard[1] == []


def test_one_drama_purchase_is_split_between_opponents_as_you_like(data):
    """« les envoyer dans la défausse d'un ou plusieurs autres joueurs dans la quantité de votre
    choix »: the points of one purchase pay for every card, and the cards go where the buyer says.
    Six points in two cards (the Brawler's 3, three starters) buy one for each opponent, which
    two purchases could not (the Brawler's points are not split)."""
    s = table(data, players=3, hands={0: ["badass", "kawaii", "craft"]}, assists={0: ["chrome-brawler"]})
    splits = {a.args[1:1 + a.args[0]] for a in s.legal_actions(0) if a.kind == "drama"}
    assert splits == {(1,), (2,), (1, 1), (1, 2), (2, 2)}                  # each way once, in seat order
    brawler = find(s, s.assist[0], "chrome-brawler")
    refused_before = json.dumps([s.observation(p) for p in range(3)])
    for bad in (A(0, "drama", 2, 2, 1, brawler, *s.hand[0]),               # recipients out of order
                A(0, "drama", 2, 0, 1, brawler, *s.hand[0]),               # to oneself
                A(0, "drama", 2, 1, brawler, *s.hand[0])):                 # one recipient short
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert json.dumps([s.observation(p) for p in range(3)]) == refused_before
    ev = s.apply(A(0, "drama", 2, 1, 2, brawler, *s.hand[0]))
    assert names(s, s.discard[1]).count("drama") == 1 and names(s, s.discard[2]).count("drama") == 1
    assert [(e.value, e.info) for e in ev if e.kind == "drama"] == [(1, 1), (1, 2)]
    assert len(s.drama_pile) == 18


def test_a_drama_purchase_can_reach_both_opponents_seed_3000(data):
    """The reproduction: 3 players, seed 3000, sensible bots seeded 3000 * 7 + seat.  Seat 1 once had
    9 points at a Drama cost of 3 and was offered Drama for one opponent at a time; after one
    purchase nothing bought one for the other.  Now, whenever a seat could buy two Drama cards,
    one purchase sends one to each opponent."""
    state = GAME.new(data, GameSetup("cosplay", ("P1", "P2", "P3"), 3000))
    bots = {p: GAME.policies["sensible"](data, p, 3000 * 7 + p) for p in range(3)}
    checked = 0
    while not state.over:
        p = state.current
        legal = state.legal_actions(p)
        if state.phase == "main" and state.choice is None and \
                sum(state.available_points(p)) >= 2 * state.drama_cost() and len(state.drama_pile) >= 2:
            others = {q for q in range(3) if q != p}
            both = False
            for a in legal:
                if a.kind == "drama":
                    twin = state.clone()
                    ev = twin.apply(a)
                    if {e.info for e in ev if e.kind == "drama"} == others:
                        both = True
                        break
            assert both, f"seat {p} cannot send Drama to both opponents in one purchase"
            checked += 1
        state.apply(bots[p].act(state.observation(p), legal))
    assert checked >= 1


def test_a_card_used_for_its_ability_does_not_pay(data):
    """« Vous pouvez utiliser la capacité d'une ou plusieurs cartes, mais dans ce cas, vous ne
    pourrez pas utiliser les points de ces cartes pour recruter. »"""
    s = table(data, assists={0: ["tin-samurai", "paper-kitsune"]}, zones=["rust-knight"] + [None] * 5)
    samurai = find(s, s.assist[0], "tin-samurai")
    assert samurai in {u.key for u in s.units(0)}
    s.apply(A(0, "combo", samurai))
    assert s.units(0) == [u for u in s.units(0) if u.key == "pool"]


def test_unused_assistance_cards_stay_for_later_turns(data):
    """« Les cartes non utilisées dans votre zone d'assistance restent dans cette zone. »"""
    s = table(data, assists={0: ["rust-knight"]}, hands={0: ["badass"] * 2}, zones=["bubble-bard"] + [None] * 5)
    s.apply(A(0, "end"))
    assert names(s, s.assist[0]) == ["rust-knight"]


# ---------------------------------------------------------------------------- reset

def test_reset_sends_zone_6_to_the_cemetery_shifts_and_refills(data):
    """« 1- Si une carte est en zone 6, elle va au cimetière et la carte la plus proche prend sa
    place. 2- Décaler toutes les cartes vers la droite dans la première zone libre. 3-Compléter les
    zones vides par des cartes du dessus de la bibliothèque »."""
    s = table(data, zones=["rust-knight", None, "bubble-bard", None, "velvet-muse", "moon-idol"],
              library=["titan-fist", "foam-sword", "glue-gun"])
    s.apply(A(0, "end"))
    assert names(s, s.cemetery) == ["moon-idol"]
    # the three cards keep their order, pushed to zones 4-6; the library fills 3, 2, 1
    assert names(s, s.zones) == ["glue-gun", "foam-sword", "titan-fist", "rust-knight", "bubble-bard",
                                 "velvet-muse"]


def test_completed_objectives_are_replaced_by_the_next_level(data):
    """« 4- Remplacer les cartes d'objectifs remplis par des objectifs de niveau supérieur (niveau 1
    puis 2 et 3) si un objectif du niveau le plus haut a été rempli, la case reste vide. »"""
    s = table(data, objectives=["first-photo", "stage-debut", "grand-masquerade"])
    for z in range(3):
        s.obj_zones[z] = -1                                      # all three completed this turn
    s.apply(A(0, "end"))
    lv = [s.inst.types[c].level if c >= 0 else None for c in s.obj_zones]
    assert lv == [2, 3, None]
    assert s.obj_level == [2, 3, 3]


def test_the_player_draws_up_to_five_and_rebuilds_the_reserve(data):
    """« 5- Le joueur actif termine son tour en piochant dans sa réserve jusqu'à avoir 5 cartes en
    main. » « Quand sa réserve est vide, le joueur mélange les cartes de sa défausse ... »"""
    s = table(data, hands={0: ["badass"]}, reserves={0: ["kawaii", "craft"]},
              discards={0: ["badass", "badass", "kawaii", "kawaii"]}, zones=["rust-knight"] + [None] * 5)
    ev = s.apply(A(0, "end"))
    assert len(s.hand[0]) == 5
    assert [e.kind for e in ev].count("reshuffle") == 1
    assert len(s.reserve[0]) + len(s.discard[0]) == 2
    assert names(s, s.hand[0])[:3] == ["badass", "kawaii", "craft"]   # the old reserve first


# ---------------------------------------------------------------------------- the end and the score

def _finish(s):
    while not s.over:
        s.apply(A(s.current, "end"))


def test_an_empty_library_ends_the_game_after_the_round(data):
    """« La bibliothèque est vide et ne peut plus alimenter les zones de recrutement. »; the round is
    finished so every player has had as many turns."""
    s = table(data, players=3, current=1,
              zones=["rust-knight", "bubble-bard", "velvet-muse", "moon-idol", "titan-fist", "chrome-brawler"],
              library=[], objectives=["first-photo", "selfie-wall", "stage-debut", "idol-gala"])
    ev = s.apply(A(1, "end"))                                    # zone 6 leaves, zone 1 cannot refill
    assert s.ending and not s.over and s.current == 2
    assert any(e.kind == "last-round" and e.info == "library" for e in ev)
    s.apply(A(2, "end"))
    assert s.over and s.outcome() is not None


def test_no_objective_left_ends_the_game(data):
    """« Il n'y a plus de carte objectif dans les zones des objectifs. »"""
    s = table(data, objectives=[None, None, "grand-masquerade"])
    s.obj_level = [3, 3, 3]
    s.obj_zones[2] = -1
    s.apply(A(0, "end"))
    assert s.ending and not s.over
    s.apply(A(1, "end"))
    assert s.over


def test_score_is_objectives_plus_one_per_ten_of_recruited_cost(data):
    """« Additionner le coût de toutes les cartes que vous avez recrutées au cours de la partie
    (réserve, défausse, main du joueur). Ajouter 1 point d'objectif par tranche de 10 points de coût
    de recrutement. »  Starters, Drama and objectives do not count."""
    # titan-fist 5 + onyx-gladiator 5 + dragon-regent 7 + chrome-brawler 3 = 20 -> 2 points
    s = table(data, hands={0: ["titan-fist", "badass"]}, discards={0: ["onyx-gladiator", "drama"]},
              assists={0: ["dragon-regent", "first-photo"]}, reserves={0: ["chrome-brawler", "kawaii"]})
    s.obj_points[0] = 2
    assert s.recruited_cost(0) == 20 and s.score(0) == 4
    s.discard[0].remove(find(s, s.discard[0], "onyx-gladiator"))
    assert s.recruited_cost(0) == 15 and s.score(0) == 3


def test_a_tie_goes_to_more_objectives_then_is_shared(data):
    """« vous avez le plus de points d'objectifs »: a tie goes to the player with more objectives
    completed; still tied, the win is shared."""
    s = table(data, players=3)
    s.over = True
    s.obj_points = [6, 6, 2]
    s.completed = [2, 3, 1]
    o = s.outcome()
    assert o.winners == (1,) and o.reason == "objectives" and o.scores == (6, 6, 2)
    s.completed = [3, 3, 1]
    o = s.outcome()
    assert o.winners == (0, 1) and o.reason == "shared" and o.termination == "win"
    s.obj_points = [6, 6, 6]
    s.completed = [1, 1, 1]
    assert s.outcome().termination == "draw"


# ---------------------------------------------------------------------------- special cards

def test_la_passion_recruits_from_another_assistance_zone(data):
    """La Passion « donne la possibilité de recruter des cartes dans la zone d'assistance des autres
    joueurs. D'autres cartes, à votre disposition, peuvent être ajoutées pour faire ce recrutement. »"""
    s = table(data, hands={0: ["la-passion", "badass", "badass"]},
              assists={1: ["rust-knight", "foam-sword"]}, attached=[(1, "foam-sword", "rust-knight")])
    knight = find(s, s.assist[1], "rust-knight")
    s.apply(A(0, "steal", 1, knight, *[c for c in s.hand[0] if c != find(s, s.hand[0], "la-passion")]))
    assert knight in s.assist[0] and knight in s.facedown
    assert names(s, s.discard[0]) == ["badass", "badass", "la-passion"]
    assert names(s, s.discard[1]) == ["foam-sword"]              # the equipment stays behind
    assert s.attached == {}
    s2 = table(data, hands={0: ["badass", "badass"]}, assists={1: ["rust-knight"]})
    with pytest.raises(IllegalAction):                           # no La Passion in hand
        s2.apply(A(0, "steal", 1, find(s2, s2.assist[1], "rust-knight")))
    # a card recruited this round, still face down, is not yet in play: La Passion cannot take it
    s3 = table(data, hands={0: ["la-passion", "badass", "badass"]}, assists={1: ["rust-knight", "chrome-brawler"]},
               facedown=[(1, "rust-knight")])
    knight = find(s3, s3.assist[1], "rust-knight")
    assert {a.args for a in s3.legal_actions(0) if a.kind == "steal"} == set()      # brawler: 3 badass, too dear
    with pytest.raises(IllegalAction):
        s3.apply(A(0, "steal", 1, knight))


def test_influence_applies_while_in_the_zones(data):
    """Influence: « S'active quand la carte est en zone de recrutement ou d'objectifs. » « appliquer
    leurs effets durant le reste du tour tant qu'elles sont présentes dans ces zones. »"""
    s = table(data, zones=["jade-duelist", "rust-knight"] + [None] * 4, objectives=["workshop-day", None, None])
    knight = s.zones[1]
    assert s.recruit_cost(knight) == (1, 0, 0, 0)                # badass 2, less 1 (Jade Duelist)
    assert s.drama_cost() == data.drama_cost + 1                 # plus 1 (Workshop Day)
    s.zones[0] = -1
    assert s.recruit_cost(knight) == (2, 0, 0, 0)


def test_combo_needs_every_partner_in_the_assistance_zone(data):
    """« Toutes les cartes doivent être présentes dans votre zone d'assistance pour activer cette
    capacité. »"""
    s = table(data, assists={0: ["scrap-captain", "gear-smith"]})
    cap = find(s, s.assist[0], "scrap-captain")
    assert A(0, "combo", cap) not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(A(0, "combo", cap))
    s = table(data, assists={0: ["scrap-captain", "gear-smith", "bolt-rider"]}, facedown=[(0, "bolt-rider")])
    assert A(0, "combo", find(s, s.assist[0], "scrap-captain")) not in s.legal_actions(0)


# ---------------------------------------------------------------------------- hidden information

def test_the_hand_is_the_only_secret(data):
    """The hand is hidden from the others; the reserve's order from everyone."""
    s = GAME.new(data, GameSetup("cosplay", ("a", "b", "c"), 3))
    for viewer in (1, 2, None):
        o = s.observation(viewer)
        text = json.dumps(o)
        assert o["hand"] != s.hand[0]
        assert o["seats"][0]["hand"] == 5 and "reserve_order" not in text
    assert s.observation(0)["hand"] == s.hand[0]


def test_gained_points_and_discounts_last_for_the_turn(data):
    """Points an ability gains pay for one target this turn; a discount lasts the turn; both are
    gone at the next turn (decision: « durant le reste du tour » read for every lasting effect)."""
    s = table(data, assists={0: ["volt-huntress", "aurora-siren"]}, zones=["onyx-gladiator", "titan-fist"]
              + [None] * 4, hands={0: ["badass"]})
    s.apply(A(0, "use", find(s, s.assist[0], "volt-huntress")))      # gain 2 badass
    s.apply(A(0, "use", find(s, s.assist[0], "aurora-siren")))       # recruits cost 2 badass less
    assert s.pool == [2, 0, 0] and s.discount == [2, 0, 0]
    assert s.recruit_cost(s.zones[0]) == (3, 0, 0, 0)                # onyx: 5 - 2
    s.apply(A(0, "recruit", 1, "pool", find(s, s.hand[0], "badass")))
    assert s.pool == [0, 0, 0] and find(s, s.assist[0], "onyx-gladiator") in s.facedown
    s.pool = [1, 0, 0]
    s.apply(A(0, "end"))
    assert s.pool == [0, 0, 0] and s.discount == [0, 0, 0]


def test_a_character_leaving_for_its_ability_leaves_its_equipment_to_the_discard(data):
    """« elles restent indissociables tant qu'elles ne quittent pas la zone d'assistance »."""
    s = table(data, assists={0: ["comet-princess", "foam-sword", "glue-gun"]},
              attached=[(0, "foam-sword", "comet-princess"), (0, "glue-gun", "comet-princess")])
    princess = find(s, s.assist[0], "comet-princess")
    s.apply(A(0, "use", princess))                                   # sacrifice: draw 2
    assert princess in s.cemetery
    assert sorted(names(s, s.discard[0])) == ["foam-sword", "glue-gun"] and s.attached == {}
    assert s.assist[0] == []


def test_a_drama_drawn_by_a_soutien_ability_in_the_preparation_goes_back_too(data):
    """« Le joueur actif retourne les cartes de sa zone d'assistance ... Si vous avez des cartes Drama
    en main, placez-les sur la réserve de cartes Drama faces visibles. »  A Soutien ability that draws
    at the start of the turn brings a Drama: it goes back to the pile too, and the hand keeps its
    other cards.  (The sensible game of seed 1013 at 3 players once kept one in seat 1's hand for a
    whole turn, 169 actions in.)"""
    s = table(data, assists={0: ["cinder-paladin"]}, facedown=[(0, "cinder-paladin")], hands={0: ["badass"]},
              reserves={0: ["drama", "kawaii"]})                      # the Paladin's draw 1 brings the Drama
    pile = len(s.drama_pile)
    s.turns = [1, 1]
    ev = []
    s._begin_turn(0, ev)
    assert names(s, s.hand[0]) == ["badass"] and len(s.drama_pile) == pile + 1
    assert [e.kind for e in ev if e.kind in ("draw", "drama-back")] == ["draw", "drama-back"]


def test_no_drama_stays_in_hand_through_a_preparation_seed_1013(data):
    """The reproduction: 3 players, seed 1013, the sensible bot at every seat (seeded 1013 * 7 +
    seat): at no moment of the preparation does the player's hand hold a Drama card."""
    state = GAME.new(data, GameSetup("cosplay", ("P1", "P2", "P3"), 1013))
    bots = {p: GAME.policies["sensible"](data, p, 1013 * 7 + p) for p in range(3)}
    while not state.over:
        p = state.current
        if state.phase == "prepare":
            assert "drama" not in names(state, state.hand[p]), f"seat {p} holds a Drama in its preparation"
        state.apply(bots[p].act(state.observation(p), state.legal_actions(p)))
