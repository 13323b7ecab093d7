"""Move-generation benchmarks (design.md targets, one core).

- A whole hand of 5 cards' legal moves in mid-game positions, on the fast core (moves as integers, what
  a search lists): median <= 2 µs (compiled). The positions come from random games of every preset (4
  seats), taken between plies 40 and 240 with a fresh random hand of 5; each state is new, so that the
  time includes what the core works out once per position (the hand is listed on 16 such states and
  the time divided: one reading of the CPU clock costs about 0.15 µs). The public ``legal_moves``
  (``Move`` values with place ids, from a position rebuilt without its memo) is timed on the same hands,
  for comparison.
- Random 4-seat self-play, games per CPU second (>= 1,000 compiled, >= 150 as Python):
  ``selfplay.play_random_game`` without the per-move invariant checks, which plays on the fast core, always
  the same seeded games (so that two commits time the same work); the very same games driven through
  the public ``Game``, and the bare public engine loop (positions only, a random hand each turn), for
  comparison.

Times are CPU time of this process (``time.process_time``): the machine is shared by several jobs, and
the figures compared are taken in one run.
"""

from __future__ import annotations

import random
import statistics
import time

from firmware_py.engine import PRESETS, Position, legal_moves, play
from firmware_py.engine.compiled import engine_kind
from firmware_py.engine.context import rank_code
from firmware_py.engine.deck import new_deck
from firmware_py.engine.fast import State
from firmware_py.engine.game import Game
from firmware_py.engine.selfplay import play_random_game, random_action

clock = time.process_time
"""CPU time of this process: the machine is shared, and the targets are for one core."""
HAND_TARGET_MS = 0.002
"""design.md: a whole hand's legal moves, median, compiled."""
GAMES_TARGET = {"compiled": 1000.0, "Python": 150.0}
"""design.md: random 4-seat r1 games without invariant checks, per CPU second of one core."""
SELFPLAY_SEEDS = range(1000, 1040)
"""The self-play games timed (40 games, about 26,000 actions)."""


def _fresh(position: Position) -> Position:
    return Position(
        position.rules, position.seats, position.marbles, position.fresh, position.turn_index, position.hands
    )


def mid_game_positions(count: int, seed: int = 7) -> list[Position]:
    """``count`` positions of random 4-seat games, each with a fresh hand of 5 for the seat to play."""
    rng = random.Random(seed)
    samples: list[Position] = []
    names = sorted(PRESETS)
    while len(samples) < count:
        rules = PRESETS[names[len(samples) % len(names)]]
        deck = new_deck(rules)
        position = Position.initial(rules, 4)
        for ply in range(240):
            hand = tuple(rng.sample(deck, 5))
            hands = {s: (hand if s == position.turn else ()) for s in position.seats}
            position = position.replace(hands=hands)
            if ply >= 40 and ply % 20 == 0:
                samples.append(_fresh(position))
            moves = legal_moves(position)
            if not moves or position.winner is not None:
                break
            position = play(position, rng.choice(moves))
    return samples[:count]


def selfplay_rate(seeds: range = SELFPLAY_SEEDS) -> tuple[float, float, float]:
    """Games per second, actions per game and microseconds per action of random r1 4-seat games.

    The same seeded games every run, so that two runs (two commits) time the same work.
    """
    actions = 0
    started = clock()
    for seed in seeds:
        actions += play_random_game(PRESETS["r1"], 4, seed, check=False).actions
    elapsed = clock() - started
    return len(seeds) / elapsed, actions / len(seeds), elapsed / actions * 1e6


def game_rate(seeds: range = SELFPLAY_SEEDS) -> float:
    """Games per second of the same random games driven through the public ``Game`` (an immutable game,
    a position and ``Move`` values per action), as ``play_random_game`` played them before the core."""
    started = clock()
    for seed in seeds:
        game = Game.new(PRESETS["r1"], seats=4, seed=seed)
        rng = random.Random(f"selfplay:{seed}")
        while game.winner is None:
            action = random_action(game, rng)
            assert action is not None
            game = game.apply(action)
    return len(seeds) / (clock() - started)


def core_hand_times(positions: list[Position], repeats: int = 16) -> list[float]:
    """Milliseconds to list a whole hand's moves on the core, per position: each hand is listed on
    ``repeats`` new states of the position (built beforehand) and the time divided, because one reading
    of the CPU clock costs about as much as a hand's moves."""
    times = []
    for position in positions:
        assert position.hands is not None
        ranks = [
            rank_code(rank) for rank in dict.fromkeys(c.rank for c in position.hands[position.turn_index])
        ]
        states = [State.of(position) for _ in range(repeats)]
        out: list[int] = []
        started = clock()
        for state in states:
            for rank in ranks:
                state.generate(rank, out)
        times.append((clock() - started) * 1000 / repeats)
    return times


def bare_games(rules_name: str, games: int, seed: int = 1) -> tuple[float, float]:
    """Games per second and plies per game of the bare engine loop (a random hand each turn)."""
    rng = random.Random(seed)
    rules = PRESETS[rules_name]
    deck = new_deck(rules)
    plies = 0
    started = clock()
    for _ in range(games):
        position = Position.initial(rules, 4)
        while position.winner is None and plies < 10**7:
            hand = tuple(rng.sample(deck, 5))
            position = position.replace(
                hands={s: (hand if s == position.turn else ()) for s in position.seats}
            )
            position = play(position, rng.choice(legal_moves(position)))
            plies += 1
    elapsed = clock() - started
    return games / elapsed, plies / games


def main() -> bool:
    positions = mid_game_positions(1200)
    core = core_hand_times(positions)
    public = []
    for position in positions:
        fresh = _fresh(position)
        started = clock()
        legal_moves(fresh)
        public.append((clock() - started) * 1000)
    median = statistics.median(core)
    p90 = statistics.quantiles(core, n=10)[-1]
    compiled = engine_kind() == "compiled"
    ok_hand = median <= HAND_TARGET_MS or not compiled
    hand_target = f"target <= {HAND_TARGET_MS * 1000:.0f} µs" + ("" if compiled else " compiled")
    print(
        f"   core, whole hand of 5, mid-game, {engine_kind()} engine: median {median * 1000:.2f} µs, "
        f"p90 {p90 * 1000:.1f} µs over {len(core)} positions ({hand_target})"
        + ("" if not compiled else " OK" if ok_hand else " MISSED")
    )
    print(
        f"   legal_moves (public Moves), the same hands: median {statistics.median(public) * 1000:.1f} µs, "
        f"p90 {statistics.quantiles(public, n=10)[-1] * 1000:.1f} µs"
    )
    rate, per_game, per_action = selfplay_rate()
    through_game = game_rate()
    games_target = GAMES_TARGET[engine_kind()]
    ok_games = rate >= games_target
    print(
        f"   self-play r1, 4 seats (fast core, no invariant checks, {engine_kind()} engine): "
        f"{rate:.1f} games/s, {per_game:.0f} actions/game, {per_action:.1f} us/action, "
        f"seeds {SELFPLAY_SEEDS.start}..{SELFPLAY_SEEDS.stop - 1} "
        f"(target >= {games_target:.0f}) {'OK' if ok_games else 'MISSED'}"
    )
    print(
        f"   the same games through the public Game: {through_game:.1f} games/s "
        f"(the core is {rate / through_game:.1f} times as fast)"
    )
    bare_rate, plies = bare_games("r1", 10)
    print(
        f"   bare engine loop r1, 4 seats, all moves of a fresh 5-card hand every ply: "
        f"{bare_rate:.1f} games/s, {plies:.0f} plies/game"
    )
    return ok_hand and ok_games


if __name__ == "__main__":
    main()
