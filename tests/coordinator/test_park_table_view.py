"""A park of a café tournament shows the same view as the local table: the kiosk's
``park_view`` turns the coordinator's park and public views (a real coordinator, real HTTP)
into the ``TableView`` Challengers!' screens read, and shows nothing the coordinator hid."""

import asyncio

import aiohttp
import pytest

import cards
import coordbots as cb
from engine.challengers.game import observe
from engine.challengers.library import load
from engine.game import OBSERVATION_SCHEMA
from kiosk.games.challengers.view import DeckView
from kiosk.i18n import tr
from kiosk.games.challengers.park import deck_observation, library_data, park_view
from kiosk.park import ParkController
from kiosk.store import Store


@pytest.mark.slow
def test_the_park_view_is_the_coordinators_tournament(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=8)
                bots = [cb.Bot(s, base, tid, p, tok, seed=p) for p, tok in tokens.items()]
                await asyncio.gather(*(b.run(until=lambda v: v["round"] >= 3) for b in bots))
                t = coord.tournaments[tid].state.tournament
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    pub = await r.json()
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    view = await r.json()
                v = park_view(view, pub, None)
                assert v.id == tid and v.name == pub["name"] and v.round == view["round"] == t.round
                assert v.phase == t.phase and not v.over
                assert [p.name for p in v.players] == [p.name for p in t.players]
                assert [p.robot for p in v.players] == [p.robot for p in t.players]
                assert v.public_standings() == view["standings"]
                # Four players, mid-tournament: a trophy's fans stay hidden on the park's screens too.
                assert any(p.trophies for p in v.players) and not v.fans_visible
                assert all(p.total_fans is None and all(f == "?" for _, f in p.trophies) for p in v.players)
                # An older coordinator: the name and the players only in the public view.
                old = {k: x for k, x in view.items() if k not in ("name", "players", "fans_visible")}
                assert park_view(old, pub, None).name == pub["name"]
                await asyncio.gather(*(b.run() for b in bots))
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    end = park_view(await r.json(), None, None)
                assert end.over and end.winner == t.winner and end.fans_visible
                assert [p.total_fans for p in end.players] == [p.total_fans for p in t.players]
    asyncio.run(main())


#: A Deck Phase as a coordinator before the observations sent it (its stored answers may be
#: replayed to a kiosk after an upgrade; a kiosk may have saved a park view with it).
OLD_DECK_PHASE = {"can_redraw": True, "deck": ["newcomer", "talent", "dog"], "drawn": ["juggler", "vendor", "hermit"],
                  "fans": 1, "name": "Ann", "option": {"fans": 1, "level": "B", "pick": 2, "text": "2 from B"},
                  "options": [{"fans": 0, "level": "A", "pick": 2, "text": "2 from A"},
                              {"fans": 1, "level": "B", "pick": 2, "text": "2 from B"}],
                  "pending": None, "picks_left": 2, "player": 0, "redraw_used": False, "stage": "pick"}


def test_the_parks_deck_phase_is_the_players_observation_read_as_at_the_local_table(tmp_path):
    """The coordinator sends each player at a park their own observation of their Deck Phase
    (the engine's, as the local table's screens get it) and the park reads it with the same
    DeckView; its answer to a deck action is that observation too."""
    lib = load(cards)

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=8)
                t = coord.tournaments[tid].state.tournament
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    view = await r.json()
                sent = view["private"]["deck_phases"]
                assert len(sent) == 2
                for d in sent:
                    p = d["player"]
                    assert d == {"player": p, "name": t.players[p].name, "schema": OBSERVATION_SCHEMA,
                                 **observe(t, p)["deck_phases"][p]}
                bot = cb.Bot(s, base, tid, 1, tokens[1], seed=1)
                body = bot.decide(view)                      # a deck action, decided through DeckView
                body["request_id"] = "a-deck-action"
                status, answer = await bot.post(body)
                assert status == 200, answer
                p = body["action"]["player"]
                assert answer["deck_phase"] == {"player": p, "name": t.players[p].name, "schema": OBSERVATION_SCHEMA,
                                                **observe(t, p)["deck_phases"][p]}
                # The kiosk of park 1 reads those as the local table does.
                store = Store(tmp_path / "k.db")
                store.put("park_tournament", tid)
                store.put("park_number", 1)
                pc = ParkController(store, data_for=library_data(lib))
                board = pc.board
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    pc.on_view(await r.json(), None)
                for side in (0, 1):
                    dv = board.deck_phase_at(side)
                    mine = t.deck_phases[board.player_at(side)]
                    assert isinstance(dv, DeckView) and dv.player == board.player_at(side)
                    assert dv.stage == mine.stage and dv.picks_left == mine.picks_left
                    assert [c.id for c in dv.drawn] == [c.id for c in mine.drawn]
                    assert dv.options == tuple(mine.options)
    asyncio.run(main())


def test_an_older_coordinators_deck_phase_is_read_the_same_way():
    lib = load(cards)
    seen = deck_observation(OLD_DECK_PHASE)
    dv = DeckView(seen, 0, lib.catalogue.card)
    assert [(o.level, o.pick, o.fans) for o in dv.options] == [("A", 2, 0), ("B", 2, 1)] and dv.option == dv.options[1]
    assert [c.id for c in dv.drawn] == ["juggler", "vendor", "hermit"] and [c.id for c in dv.deck] == ["newcomer", "talent", "dog"]
    assert dv.stage == "pick" and dv.picks_left == 2 and dv.can_redraw() and dv.fans == 1 and dv.pending is None
    assert deck_observation(seen) is seen                            # the observation's form is read as it is


def test_a_parks_kiosk_leaves_a_bot_entrants_draft_to_the_coordinator(tmp_path):
    """A person against a bot entrant at park 1: the kiosk knows the bot from the coordinator's
    view, shows it as a bot's side (no person acts there: the Deck Phase inputs of that side are
    refused, the keys go to the person's side) while the coordinator drafts for it."""
    async def main():
        lib = load(cards)
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann"], 9, bots=[{"name": "Ada", "level": "easy"}])
                tok = tokens[1]
                store = Store(tmp_path / "k.db")
                store.put("park_tournament", tid)
                store.put("park_number", 1)
                pc = ParkController(store, data_for=library_data(lib))
                board = pc.board
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tok)) as r:
                    pc.on_view(await r.json(), None)
                assert pc.table.bots == {1: "easy"}
                bot_side = next(side for side in (0, 1) if board.player_at(side) == 1)
                assert board.is_robot(bot_side) and not board.is_robot(1 - bot_side)
                assert board.submit(bot_side, "deck.done") is None
                assert board.ignored[-1][1] == "a bot drafts on this side"
                assert store.outbox_rows() == []
                assert board.active_deck_side() == 1 - bot_side
                # meanwhile the coordinator drafts for the bot, and only for it
                end = asyncio.get_running_loop().time() + 30
                while coord.tournaments[tid].state.tournament.deck_phases[1].stage != "done":
                    assert asyncio.get_running_loop().time() < end
                    await asyncio.sleep(0.02)
                assert coord.tournaments[tid].state.tournament.deck_phases[0].stage != "done"
    asyncio.run(main())


def test_a_parks_deck_input_is_checked_here_and_a_refusal_is_said_in_words(tmp_path, caplog):
    """A Deck Phase input the player's own Deck Phase does not allow (a digit past the options,
    a removal before the removals) does nothing at the park: nothing goes to the coordinator,
    as at the local table.  And when the coordinator refuses one all the same (a kiosk whose
    view was behind), the table says so in a sentence of its language, naming the player; the
    engine's reason goes to the log only."""
    lib = load(cards)

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=8)
                store = Store(tmp_path / "k.db")
                store.put("park_tournament", tid)
                store.put("park_number", 1)
                pc = ParkController(store, data_for=library_data(lib))
                board = pc.board
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    pc.on_view(await r.json(), None)
                dp = board.deck_phase_at(0)
                assert dp.stage == "option"
                assert board.submit(0, "deck.remove", 0) is None
                assert board.submit(0, "deck.option", len(dp.options)) is None
                assert board.submit(0, "deck.done") is None
                assert [why for _, why in board.ignored] == ["not an action of this Deck Phase now (option)"] * 3
                assert store.outbox_rows() == [] and not pc.table.inflight
                assert board.submit(0, "deck.option", 0) == []          # a legal one is sent
                assert len(store.outbox_rows()) == 1
                # The coordinator refuses a stale removal: said in words, in each language.
                p = board.player_at(1)
                body = {"request_id": "a-stale-removal", "action": {"player": p, "kind": "deck.remove", "args": [0]}}
                async with s.post(f"{base}/api/tournaments/{tid}/actions", json=body,
                                  headers=cb.bearer(tokens[1])) as r:
                    status, answer = r.status, await r.json()
                assert status == 409 and "illegal action" in answer["error"]
                with caplog.at_level("WARNING", logger="tablecup.kiosk.park"):
                    pc.on_answer({"kind": "deck", "body": body, "match_id": None}, status, answer)
                name = board.tournament_view.players[p].name
                en, fr = pc.say("en"), pc.say("fr")
                assert en == tr("refused_deck", "en", name=name) and name in fr and fr != en
                assert "illegal" not in en + fr and answer["error"] not in en + fr
                assert answer["error"] in caplog.text
    asyncio.run(main())
