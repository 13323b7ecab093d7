"""The public move list, ``legal_moves``, compiled and as Python, side by side in one run.

``legal_moves`` is built on the fast core's generator: the moves are listed as integers and turned into
``Move`` values. This prints what that costs where the table asks for it, on the same positions with
both engines: the compiled one in this process and the Python sources in a child process
(``TOCK_ENGINE=python``) started by this one, so that the figures come from one run on the same
machine load.

The positions are ``bench_movegen``'s (random 4-seat games of every preset, plies 40 to 240, every
20th, each with a fresh random hand of 5 for the seat to play), rebuilt without their memo so that
every figure includes the work done once per position. Two figures per position: a whole hand (what
the table lists when a seat's turn starts) and one card of it (a tap on a card).

The module uses the public API only, so the very same file times another checkout of the engine
(one whose ``bench_movegen`` lists the same positions)::

    PYTHONPATH=/path/to/checkout .venv/bin/python -m tests.benchmarks.bench_legal_moves

Times are CPU time of the process that measures (``time.process_time``).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

from firmware_py.engine import Position, legal_moves
from firmware_py.engine.compiled import engine_kind
from tests.benchmarks.bench_movegen import mid_game_positions

clock = time.process_time
"""CPU time of this process: the machine is shared."""
POSITIONS = 600
"""Positions timed per engine."""
REPEATS = 3
"""Each position's lists are timed this many times (on fresh copies) and the smallest kept."""


def _fresh(position: Position) -> Position:
    """The same position without its memo: what the table holds when a turn starts."""
    return Position(
        position.rules, position.seats, position.marbles, position.fresh, position.turn_index, position.hands
    )


def timings() -> dict[str, float]:
    """Microseconds per position (medians and means) of a whole hand's and one card's moves, and the
    number of moves listed (the same in every engine: a check that both timed the same work)."""
    hand: list[float] = []
    card: list[float] = []
    listed = 0
    for position in mid_game_positions(POSITIONS, seed=11):
        assert position.hands is not None
        first = position.hands[position.turn_index][0]
        best_hand = best_card = float("inf")
        for _ in range(REPEATS):
            fresh = _fresh(position)
            started = clock()
            moves = legal_moves(fresh)
            best_hand = min(best_hand, clock() - started)
            fresh = _fresh(position)
            started = clock()
            legal_moves(fresh, first)
            best_card = min(best_card, clock() - started)
        listed += len(moves)
        hand.append(best_hand * 1e6)
        card.append(best_card * 1e6)
    return {
        "hand_median": statistics.median(hand),
        "hand_mean": statistics.fmean(hand),
        "card_median": statistics.median(card),
        "card_mean": statistics.fmean(card),
        "moves": float(listed),
    }


def _as_python() -> dict[str, float]:
    """The same timings with the Python sources, measured in a child process."""
    result = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.bench_legal_moves", "--json"],
        env={**os.environ, "TOCK_ENGINE": "python"},
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(result.stdout)
    return figures


def _line(kind: str, figures: dict[str, float]) -> str:
    return (
        f"   {kind:8} engine: whole hand median {figures['hand_median']:7.1f} µs "
        f"(mean {figures['hand_mean']:7.1f}), one card median {figures['card_median']:7.1f} µs "
        f"(mean {figures['card_mean']:7.1f}); {figures['moves']:.0f} moves listed"
    )


def main() -> bool:
    here = timings()
    print(f"   legal_moves on {POSITIONS} mid-game positions of every preset, CPU time, best of {REPEATS}:")
    print(_line(engine_kind(), here))
    if engine_kind() == "compiled":
        python = _as_python()
        print(_line("Python", python))
        return python["moves"] == here["moves"]
    return True


if __name__ == "__main__":
    if "--json" in sys.argv[1:]:
        print(json.dumps(timings()))
    else:
        main()
