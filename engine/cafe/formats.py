"""The café's tournament formats as pure functions: pairing, brackets, seating, places and points.

Nothing here holds a tournament: each function takes the facts it needs (an order of players,
who met whom, who had a bye) and answers; :mod:`engine.cafe.tournament` keeps the state and
calls them.  Players are numbers (entry order from 0).  The rules these functions keep are
written in ``docs/rules.md`` ("Café tournaments", the project's own design).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.game import Outcome, Termination

__all__ = [
    "BYE_POINTS", "DRAW_POINTS", "FIRST_PLACE_POINTS", "LOSS_POINTS", "WIN_POINTS", "bracket_order",
    "duel_points", "knockout_round_one", "pair_swiss", "place_points", "places", "seatable", "table_sizes", "tables_byes",
]

#: A duel (Swiss, knockout): points of a win, a draw, a loss, and of a bye (a win's).
WIN_POINTS = 2
DRAW_POINTS = 1
LOSS_POINTS = 0
BYE_POINTS = WIN_POINTS

#: Rounds of tables: first place at any table is worth this, last place 0, the places between
#: evenly spaced (60 divides evenly for every table of 2 to 7 players).
FIRST_PLACE_POINTS = 60

#: How many steps the search for a pairing without rematches may take before it settles for
#: the fewest rematches it finds in order (a bound, so that a large field never stalls a round).
PAIRING_BUDGET = 20_000


# ---------------------------------------------------------------------------- places and points

def places(outcome: Outcome, seats: int) -> list[int]:
    """Each seat's place (1 = first) at a table that ended with ``outcome``.

    The game's winners share first place; the others follow by the game's final scores (higher
    first), equal scores sharing a place ("1, 2, 2, 4").  A draw, or an end without winners,
    ranks everybody by scores alone (all first where the game keeps none)."""
    won = set(outcome.winners) if outcome.termination == Termination.WIN else set()
    scores = outcome.scores

    def key(s: int) -> tuple[int, int]:
        score = scores[s] if scores is not None and s < len(scores) else 0
        return (0 if s in won else 1, -score)
    keys = [key(s) for s in range(seats)]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def place_points(table_places: Sequence[int]) -> list[int]:
    """Points per place at one table (:data:`FIRST_PLACE_POINTS` for first, 0 for last, evenly
    spaced).  Players sharing a place share the points of the places they cover, rounded to the
    nearest whole point (half up)."""
    k = len(table_places)
    if k < 2:
        raise ValueError(f"a table has at least 2 players, not {k}")
    out = []
    for p in table_places:
        tied = sum(1 for q in table_places if q == p)
        covered = sum(k - place for place in range(p, p + tied))      # (k - place) steps above last
        # FIRST_PLACE_POINTS * covered / (tied * (k - 1)), rounded half up, in whole numbers.
        num, den = FIRST_PLACE_POINTS * covered, tied * (k - 1)
        out.append((2 * num + den) // (2 * den))
    return out


def duel_points(table_places: Sequence[int]) -> list[int]:
    """A duel's points from its two places: a win, a loss, or a draw for both."""
    a, b = table_places
    if a == b:
        return [DRAW_POINTS, DRAW_POINTS]
    return [WIN_POINTS, LOSS_POINTS] if a < b else [LOSS_POINTS, WIN_POINTS]


# ---------------------------------------------------------------------------- Swiss

def pair_swiss(order: Sequence[int], met: Mapping[int, Collection[int]], byes: Mapping[int, int],
               budget: int = PAIRING_BUDGET) -> tuple[list[tuple[int, int]], int | None]:
    """One Swiss round: pairs (higher-placed first) and the player with the bye (or ``None``).

    ``order`` is the standings (first place first), ``met`` whom each player has played, ``byes``
    how many byes each has had.  Pairs are made top down, each player with the nearest one below
    not yet met (players close in the standings meet).  With an odd count the lowest-placed
    player who has not had a bye sits out, or the next one up when the rest cannot be paired
    without a rematch.  When no pairing avoids every rematch (or the search runs out of
    ``budget`` steps), the nearest player below not yet met is taken where there is one, else
    the nearest one."""
    odd = len(order) % 2 == 1
    if odd:
        fresh = [p for p in reversed(order) if not byes.get(p, 0)]
        candidates: list[int | None] = list(fresh or reversed(order))
    else:
        candidates = [None]
    steps = [budget]
    for bye in candidates:
        rest = [p for p in order if p != bye]
        pairs = _pair_without_rematch(rest, met, steps)
        if pairs is not None:
            return pairs, bye
        if steps[0] <= 0:
            break
    bye = candidates[0]
    return _pair_nearest([p for p in order if p != bye], met), bye


def _pair_without_rematch(rest: list[int], met: Mapping[int, Collection[int]],
                          steps: list[int]) -> list[tuple[int, int]] | None:
    if not rest:
        return []
    first = rest[0]
    seen = met.get(first, ())
    for i in range(1, len(rest)):
        steps[0] -= 1
        if steps[0] <= 0:
            return None
        q = rest[i]
        if q in seen:
            continue
        tail = _pair_without_rematch(rest[1:i] + rest[i + 1:], met, steps)
        if tail is not None:
            return [(first, q), *tail]
    return None


def _pair_nearest(rest: list[int], met: Mapping[int, Collection[int]]) -> list[tuple[int, int]]:
    """Top down, each player with the nearest one below not yet met, else the nearest one
    (the fallback when rematches cannot all be avoided)."""
    rest = list(rest)
    pairs = []
    while len(rest) >= 2:
        first = rest.pop(0)
        seen = met.get(first, ())
        i = next((i for i, q in enumerate(rest) if q not in seen), 0)
        pairs.append((first, rest.pop(i)))
    return pairs


# ---------------------------------------------------------------------------- knockout

def bracket_order(size: int) -> list[int]:
    """The seeds (1-based) down a bracket of ``size`` (a power of two) lines, so that seed 1
    meets seed ``size`` in the first round and seeds 1 and 2 can meet only in the final."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket has a power of two lines, not {size}")
    order = [1, 2]
    while len(order) < size:
        width = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, width - seed)]
    return order


def knockout_round_one(seeds: Sequence[int]) -> list[int | None]:
    """The bracket's lines for players given best seed first: the player on each line, ``None``
    on a line left empty (the player beside it has a bye).  The bracket is the smallest power of
    two that holds them all, so the byes go to the top seeds."""
    n = len(seeds)
    size = 2
    while size < n:
        size *= 2
    return [seeds[s - 1] if s <= n else None for s in bracket_order(size)]


# ---------------------------------------------------------------------------- tables

def seatable(count: int, table_size: int, min_players: int) -> bool:
    """Whether ``count`` players fill tables of ``min_players`` to ``table_size`` players."""
    tables = -(-count // table_size)
    return count == 0 or tables * min_players <= count


def table_sizes(count: int, table_size: int, min_players: int) -> tuple[list[int], int]:
    """Tables for ``count`` players: their sizes (larger first, as even as possible, none above
    ``table_size`` nor below ``min_players``) and how many players sit the round out (a bye):
    the fewest that let the others fill whole tables."""
    if not min_players <= table_size:
        raise ValueError(f"a table of at most {table_size} cannot seat its minimum of {min_players}")
    for out in range(count + 1):
        seated = count - out
        if seated >= min_players and seatable(seated, table_size, min_players):
            tables = -(-seated // table_size)
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra), out
    raise ValueError(f"{count} player(s) cannot fill a table of {min_players} to {table_size}")


def tables_byes(order: Sequence[int], count: int, byes: Mapping[int, int]) -> list[int]:
    """Who sits a round of tables out: ``count`` players among those with the fewest byes so far,
    the lowest placed first (``order`` is the standings, first place first)."""
    ranked = sorted(range(len(order)), key=lambda i: (byes.get(order[i], 0), -i))
    return [order[i] for i in ranked[:count]]
