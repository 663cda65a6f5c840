import pytest

import cards
from engine.cosplay import GAME


@pytest.fixture(scope="session")
def data():
    """The bundled Cosplay Team Battle box, loaded and checked."""
    return GAME.load(cards)
