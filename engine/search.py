"""One search bot for every game on the contract of :mod:`engine.game`.

The bot is told what its seat may see (``observation(seat)``), the legal
actions and the game's public rules and data -- never the state.  It decides
by *sampling what it cannot see*: each simulation asks the game to build a
full state consistent with the observation (:attr:`Game.determinize`, every
hidden thing drawn from the bot's own generator), plays it to the end, and
scores the result for its seat.

The search is single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse, 2012) with a tree over the bot's *own*
decisions only:

* a node is the sequence of the bot's own actions so far in this decision;
  its children are the bot's actions, chosen by UCB1 among those legal in the
  simulation's determinization (counting how often each was *available*, so
  an action legal in few determinizations is not over-explored);
* between two of the bot's decisions the other seats move by an opponent
  model that sees only *their own* observation of the determinized state, so
  a simultaneous secret choice of the bot is never answered by an opponent
  who peeked at it (the opponents' already committed secret choices are part
  of what the determinization draws);
* when the bot leaves the tree, everybody plays on by the rollout policy
  (uniform random unless told otherwise) to the end of the game;
* a game may give a *playout* rule, ``(state, seat, rng) -> action``: a cheap
  heuristic that reads the determinized state directly (no observation is
  built, and the legal list need not be: Cosplay's lists every payment of
  every target) and stands in for uniform random, for the rollouts and for the
  other seats inside the tree.  It must decide only from what the moving seat
  could see (its own hand, the table), so that the bot's model of its
  opponents never peeks at the bot's own cards;
* a game may also give an *evaluation*, ``(state, seat) -> reward in 0..1``,
  with a ``horizon``: a playout stops that many moves after the bot left the
  tree and the evaluation of the position stands for the reward (long games
  are then searched by more, shorter playouts);
* every seat's reward comes from the :class:`~engine.game.Outcome`: 1 for a
  win (each winner of a team), 0.5 each in a draw, 0 for a loss -- or the
  final scores mapped onto 0..1 -- and the bot backs up its own.

The answer is the most-visited action; the search stops as soon as that can
no longer change (the leader is ahead of every other action by more than the
simulations left).  A budget is a number of simulations and, optionally, a
time: the engine reads no clock, so a caller that wants a time budget passes
one in (``clock=time.perf_counter``); without a clock the search is fully
deterministic (same seed, same observations, same choices).  A time cap is
kept, not overrun: no simulation is begun that would, at the mean length so
far, end past it, and one that runs longer (the clock is read every
:data:`CLOCK_EVERY` moves) is abandoned before the cap, the longest stretch
between two readings being the margin kept.  Levels are budgets and noise
(:data:`LEVELS`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, Game, GameState, Outcome, Policy, Termination

__all__ = ["GAME_OPTIONS", "LEVELS", "Level", "SearchPolicy", "policy_factory", "registered_policy", "rewards"]

PolicyFactory = Callable[[Any, int, int], Policy]
#: Under a time cap, a simulation reads the clock once every this many moves (a reading costs
#: about as much as a move of the cheapest games' playouts).
CLOCK_EVERY = 4

#: A game's cheap playout rule: ``(state, seat, rng) -> action``, a legal action of ``seat``
#: (see the module's docstring).
Playout = Callable[[Any, int, random.Random], Action]
#: A game's evaluation of an unfinished position: ``(state, seat) -> seat's expected reward in 0..1``.
Evaluation = Callable[[Any, int], float]


@dataclass(frozen=True)
class Level:
    """How hard the bot tries: simulations per decision, an optional time cap (seconds,
    used only when a clock is given) and ``noise``, the chance of playing a random
    legal action instead of the searched one."""

    simulations: int
    seconds: float | None
    noise: float


LEVELS: dict[str, Level] = {
    "easy": Level(simulations=48, seconds=0.05, noise=0.25),
    "medium": Level(simulations=300, seconds=0.3, noise=0.05),
    "hard": Level(simulations=1500, seconds=1.0, noise=0.0),
}


def rewards(outcome: Outcome | None, num_players: int, mode: str = "outcome") -> list[float]:
    """Each seat's reward in 0..1 for how a game ended.

    ``"outcome"``: 1 to each winner, 0 to the others; a draw or an abandoned
    game gives everybody 0.5.  ``"scores"``: the final scores mapped linearly
    onto 0..1 (all equal: 0.5 each), falling back to the outcome where the game
    keeps no scores.  A game that did not end (``None``) counts as a draw.
    """
    if outcome is None:
        return [0.5] * num_players
    if mode == "scores" and outcome.scores is not None:
        lo, hi = min(outcome.scores), max(outcome.scores)
        if hi == lo:
            return [0.5] * num_players
        return [(s - lo) / (hi - lo) for s in outcome.scores]
    if outcome.termination == Termination.WIN and outcome.winners:
        won = set(outcome.winners)
        return [1.0 if p in won else 0.0 for p in range(num_players)]
    return [0.5] * num_players


class _Edge:
    """One of the bot's own actions after one sequence of its own actions."""

    __slots__ = ("action", "available", "node", "total", "visits")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0          # sum of the bot's rewards over the visits
        self.available = 0        # simulations in which the action was legal here
        self.node: _Node | None = None


class _Node:
    """The bot's possible actions at one point of its own decisions."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Action, _Edge] = {}


class SearchPolicy:
    """The search bot for seat ``seat`` of ``game`` (whose data is ``data``).

    ``simulations`` bounds the determinized play-outs per decision; with a
    ``clock`` (a callable returning seconds, e.g. ``time.perf_counter``),
    ``seconds`` bounds the decision too, from its start to its answer, whichever
    comes first (none is begun that would, at the mean length so far, end past
    ``seconds``, and one that would run past it is abandoned on its way; the time
    answering took after the simulations is kept back from the next decisions').
    With ``stop_when_decided`` (the default) a decision ends once its most visited
    action cannot be overtaken in the simulations left (under a time cap: as many
    as fit at the mean length so far).
    ``noise`` is the chance of answering a uniformly random legal action.
    ``opponent_model`` and ``rollout`` are policy factories ``(data, seat,
    seed) -> Policy`` for the other seats inside the tree and for everybody
    after it; ``None`` means uniform random (the cheapest: no observation is
    built), or the game's ``playout`` rule where one is given.  With an
    ``evaluation`` and a ``horizon``, a playout stops ``horizon`` moves after
    the bot left the tree and scores the position by the evaluation.
    ``exploration`` is UCB1's constant.
    """

    name = "search"

    def __init__(self, game: Game, data: Any, seat: int, *, simulations: int = 300, seconds: float | None = None,
                 clock: Callable[[], float] | None = None, noise: float = 0.0, seed: int = 0,
                 exploration: float = 0.7, reward: str = "outcome", opponent_model: PolicyFactory | None = None,
                 rollout: PolicyFactory | None = None, playout: Playout | None = None,
                 evaluation: Evaluation | None = None, horizon: int | None = None,
                 max_steps: int = 100_000, stop_when_decided: bool = True) -> None:
        if game.determinize is None:
            raise ValueError(f"{game.title()} cannot be searched: it has no determinize "
                             "(a full state built from one player's observation)")
        if simulations < 1:
            raise ValueError(f"a search needs at least one simulation, not {simulations}")
        if reward not in ("outcome", "scores"):
            raise ValueError(f"reward is 'outcome' or 'scores', not {reward!r}")
        self.game, self.data, self.seat = game, data, seat
        self.determinize = game.determinize      # checked above: never None
        self.simulations, self.seconds, self.clock = simulations, seconds, clock
        self.noise, self.exploration, self.reward, self.max_steps = noise, exploration, reward, max_steps
        self.rng = random.Random(seed)
        self._models: dict[int, Policy] = {}
        self._rollouts: dict[int, Policy] = {}
        self._opponent_model, self._rollout, self._playout = opponent_model, rollout, playout
        if (evaluation is None) != (horizon is None):
            raise ValueError("an evaluation and a horizon go together (a playout stops at the horizon "
                             "to be evaluated)")
        self._evaluation, self._horizon = evaluation, horizon
        self.stop_when_decided = stop_when_decided
        self._end: float | None = None     # this decision's deadline on the clock (a time cap)
        self._gap = 0.0                    # the longest stretch between two readings of the clock
        self._answer_cost = 0.0            # the longest time answering took after the simulations
        self._last_tree: _Node | None = None
        self.last_simulations = 0          # how many the last decision ran (for benchmarks)
        self.last_stats: dict[Action, tuple[int, float]] = {}

    # ------------------------------------------------------------------ the decision
    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise IllegalAction("no legal action to choose from")
        timed = self.clock is not None and self.seconds is not None
        started = self.clock() if timed and self.clock is not None else None
        legal = list(legal)
        if len(legal) == 1:
            self.last_simulations, self.last_stats = 0, {}
            return legal[0]
        # The last decision's tree is freed here, inside this decision's time: freeing thousands
        # of nodes on the way out of the last one would have run past its cap.
        self._last_tree = None
        root = self.search(observation, legal, started)
        after = self.clock() if timed and self.clock is not None else 0.0
        chosen = self._answer(root, legal)
        self._last_tree = root
        if timed and self.clock is not None:
            # The next decisions keep back from their cap the longest answering took.
            self._answer_cost = max(self._answer_cost, self.clock() - after)
        return chosen

    def _answer(self, root: _Node, legal: list[Action]) -> Action:
        """The searched action (or, with the noise's chance, a random one); notes ``last_stats``."""
        edges = root.edges
        listed = set(legal)        # Cosplay lists hundreds of payments: no search of a list per action
        self.last_stats = {a: (e.visits, e.total / e.visits if e.visits else 0.0)
                           for a, e in edges.items() if a in listed}
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]

        def merit(i: int) -> tuple:
            e = edges[legal[i]]
            # Most visited; then the best mean; then the first the game lists.
            return (e.visits, e.total / e.visits if e.visits else 0.0, -i)
        return legal[max(range(len(legal)), key=merit)]

    def search(self, observation: dict[str, Any], legal: Sequence[Action], started: float | None = None) -> _Node:
        """Run the simulations of one decision; the root with its statistics.  ``started`` is
        the clock's reading when the decision began (:meth:`act` passes it), else now."""
        root = _Node()
        for a in legal:
            root.edges[a] = _Edge(a)
        clock, self._end, self._gap = self.clock, None, 0.0
        start = 0.0
        if clock is not None and self.seconds is not None:
            start = clock() if started is None else started
            # Keep back what answering took after the loop, the longest it ever took (act).
            self._end = start + self.seconds - self._answer_cost
        begun = done = 0
        while begun < self.simulations:
            left: float = self.simulations - begun
            if begun and self._end is not None:
                assert clock is not None, "a deadline comes with its clock"
                now = clock()
                mean = (now - start) / begun
                # Begin none that would, at the mean length so far, end past the cap (one
                # longer than the mean is abandoned on its way: _simulate).
                if now + mean > self._end:
                    break
                if mean > 0:
                    left = min(left, (self._end - now) / mean)
            if self.stop_when_decided and self._decided(root, left):
                break
            begun += 1
            if self._simulate(root, observation):
                done += 1
        self.last_simulations = done
        return root

    @staticmethod
    def _decided(root: _Node, left: float) -> bool:
        """Whether ``left`` more simulations could no longer change the answer: the most visited
        action leads every other by more than that (a simulation visits one root action)."""
        first = second = 0
        for e in root.edges.values():
            v = e.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first > 0 and first - second > left

    # ------------------------------------------------------------------ one simulation
    def _simulate(self, root: _Node, observation: dict[str, Any]) -> bool:
        """Determinize, walk down the tree of the bot's own actions, roll out, back up; False
        (nothing backed up) if the time cap came first."""
        rng, seat = self.rng, self.seat
        state = self.determinize(self.data, observation, seat, rng)
        end, clock = self._end, self.clock
        # Under a time cap the clock is read after the determinization and every CLOCK_EVERY
        # moves; a simulation is abandoned when the next stretch of moves, as long as the
        # longest one seen in this decision (self._gap: the margin kept), could end past the cap.
        check = 0 if end is not None else -1
        last = -1.0
        node: _Node | None = root
        path: list[_Edge] = []
        # Moves left before the position is evaluated (counted once the bot has left the tree).
        left = self._horizon if self._horizon is not None else -1
        # Where the game's playout rule moves every other seat and every rollout, it is called
        # directly (_move would choose it at every move).
        playout = self._playout if self._opponent_model is None and self._rollout is None else None
        for _ in range(self.max_steps):
            if check == 0:
                assert clock is not None and end is not None, "a deadline comes with its clock"
                now = clock()
                if last < 0:
                    pass           # the first reading: the determinization is in the mean length
                elif now - last > self._gap:
                    self._gap = now - last
                if now + self._gap > end:
                    return False
                last, check = now, CLOCK_EVERY - 1
            elif check > 0:
                check -= 1
            acting = state.to_act()
            if not acting:
                break
            if node is None and left >= 0:
                if left == 0:
                    assert self._evaluation is not None, "a horizon comes with its evaluation"
                    reward = self._evaluation(state, seat)
                    self._stretch_ended(last)
                    self._back_up(path, reward)
                    return True
                left -= 1
            if node is not None and seat in acting:
                edge = self._select(node, state.legal_actions(seat))
                path.append(edge)
                state.apply(edge.action)
                if edge.visits == 0:
                    node = None            # a new leaf: the tree grows by one edge per simulation
                else:
                    if edge.node is None:
                        edge.node = _Node()
                    node = edge.node
                continue
            # Others move by what they see; when the bot is out of the tree, it rolls out too.
            p = seat if seat in acting else min(acting)
            if playout is not None:
                state.apply(playout(state, p, rng))
            else:
                state.apply(self._move(p, state, in_tree=node is not None))
        reward = rewards(state.outcome(), state.num_players, self.reward)[seat]
        self._stretch_ended(last)
        self._back_up(path, reward)
        return True

    def _stretch_ended(self, last: float) -> None:
        """Under a time cap, count a simulation's last stretch (its last few moves and its
        scoring, since the clock's last reading at ``last``) in the margin kept."""
        if self._end is not None and self.clock is not None and last >= 0:
            self._gap = max(self._gap, self.clock() - last)

    @staticmethod
    def _back_up(path: list[_Edge], reward: float) -> None:
        for edge in path:
            edge.visits += 1
            edge.total += reward

    def _select(self, node: _Node, legal: list[Action]) -> _Edge:
        """UCB1 over the actions legal in this determinization, each counted as available;
        an untried one first (in the order the game lists them)."""
        edges = node.edges
        chosen, best = None, -math.inf
        c = self.exploration
        for a in legal:
            e = edges.get(a)
            if e is None:
                e = edges[a] = _Edge(a)
            e.available += 1
            if chosen is not None and chosen.visits == 0:
                continue
            if e.visits == 0:
                chosen = e
                continue
            score = e.total / e.visits + c * math.sqrt(math.log(e.available) / e.visits)
            if score > best:
                chosen, best = e, score
        assert chosen is not None, "the bot's seat may act but has no legal action"
        return chosen

    def _move(self, p: int, state: GameState, in_tree: bool) -> Action:
        """Seat ``p``'s move outside the bot's own tree decisions: the opponent model's
        inside the tree, the rollout policy's after it (uniform random by default)."""
        other = in_tree and p != self.seat
        factory = self._opponent_model if other else self._rollout
        if factory is None and self._playout is not None:
            return self._playout(state, p, self.rng)
        legal = state.legal_actions(p)
        if factory is None:
            return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
        cache = self._models if other else self._rollouts
        policy = cache.get(p)
        if policy is None:
            policy = cache[p] = factory(self.data, p, self.rng.randrange(2**31))
        return policy.act(state.observation(p), legal)


#: Each game's own search options (its ``playout`` rule, its ``evaluation`` and ``horizon``),
#: given where the game lists its search bot (:func:`registered_policy`): they hold at every level.
GAME_OPTIONS: dict[str, dict[str, Any]] = {}


def policy_factory(game: Game, level: str = "hard", *, clock: Callable[[], float] | None = None,
                   **options: Any) -> PolicyFactory:
    """A bot factory ``(data, seat, seed) -> Policy`` for ``game`` at ``level``, as
    :attr:`Game.policies` holds them (``policies={"search": policy_factory(GAME)}``).
    ``options`` go to :class:`SearchPolicy` (e.g. a game's own ``rollout`` policy), over the
    game's own (:data:`GAME_OPTIONS`)."""
    try:
        lv = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})") from None
    options = {**GAME_OPTIONS.get(game.name, {}), **options}

    def make(data: Any, seat: int, seed: int) -> Policy:
        return SearchPolicy(game, data, seat, simulations=lv.simulations, seconds=lv.seconds, clock=clock,
                            noise=lv.noise, seed=seed, **options)
    return make


def registered_policy(name: str, level: str = "hard", **options: Any) -> PolicyFactory:
    """:func:`policy_factory` for the registered game ``name``, found when the first bot is
    made: a game's own ``GAME`` can list its search bot before ``GAME`` exists.  ``options``
    are the game's own search options (:data:`GAME_OPTIONS`, e.g. its ``playout`` rule): they
    go to every search bot of the game, at every level."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    if options:
        GAME_OPTIONS[name] = options

    def make(data: Any, seat: int, seed: int) -> Policy:
        from engine import registry
        return policy_factory(registry.get(name), level)(data, seat, seed)
    return make
