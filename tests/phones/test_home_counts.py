"""The home's counts for a game with phone seats: the bots offered beside one person and k phones
stay within the game's player counts (none once phones make up the numbers)."""

from engine import registry as engine_games
from kiosk.games import registry as kiosk_games
from kiosk.home import bot_choices


def test_the_bots_offered_fit_the_game_with_its_phones():
    wacky, cosplay = kiosk_games.get("wacky"), kiosk_games.get("cosplay")
    assert bot_choices(wacky, 0) == [1, 2, 3, 4, 5, 6]        # solo: 2 to 7 players
    assert bot_choices(wacky, 2) == [0, 1, 2, 3, 4]           # 1 + 2 phones + up to 4 bots = 7
    assert bot_choices(wacky, 5) == [0, 1]
    assert bot_choices(cosplay, 0) == [1, 2, 3]               # 2 to 4 players
    assert bot_choices(cosplay, 1) == [0, 1, 2]
    assert bot_choices(cosplay, 2) == [0, 1]
    for kg, phones in ((wacky, 1), (wacky, 5), (cosplay, 2)):
        game = engine_games.get(kg.game)
        for bots in bot_choices(kg, phones):
            assert game.min_players <= 1 + phones + bots <= game.max_players
