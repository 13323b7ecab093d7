"""Self-play: random legal games of every preset with every invariant checked after every action.

Prints, per preset and seat count, the games per second (one core), the invariant failures (must be 0)
and how the games ended; then the 4-seat r1 rate without the checks against the design target
(design.md: >= 1,000 games per CPU second compiled, >= 150 as Python).

The issue's full run is 10,000 games per preset and seat count::

    TOCK_SELFPLAY_GAMES=10000 TOCK_SELFPLAY_SEATS=all .venv/bin/python -m tests.benchmarks selfplay

By default ``make bench`` plays ``TOCK_SELFPLAY_GAMES`` (10) games per preset at ``TOCK_SELFPLAY_SEATS``
(4) seats, so that the whole bench stays a few minutes.
"""

from __future__ import annotations

import os

from firmware_py.cli.selfplay import report_lines, run_games
from firmware_py.engine.compiled import engine_kind
from firmware_py.engine.rules import PRESETS

GAMES_TARGET = {"compiled": 1000.0, "Python": 150.0}
"""design.md: random 4-seat self-play without invariant checks, games per CPU second of one core."""


def _seat_counts(name: str, which: str) -> tuple[int, ...]:
    """The seat counts to play: ``all`` of the sheet's, or those listed (``4`` or ``2,4``) that it allows."""
    counts = PRESETS[name].seat_counts
    if which == "all":
        return counts
    wanted = {int(n) for n in which.split(",") if n.strip()}
    return tuple(n for n in counts if n in wanted) or counts[:1]


def main() -> bool:
    games = int(os.environ.get("TOCK_SELFPLAY_GAMES", "10"))
    which = os.environ.get("TOCK_SELFPLAY_SEATS", "4")
    failures = 0
    for name in PRESETS:
        for seats in _seat_counts(name, which):
            summary, seconds = run_games(PRESETS[name], seats, games, seed=0)
            failures += len(summary.failures)
            for line in report_lines(name, seats, summary, seconds):
                print(f"   {line}")
    summary, seconds = run_games(PRESETS["r1"], 4, max(games, 20), seed=100_000, check=False)
    rate = summary.games / seconds
    target = GAMES_TARGET[engine_kind()]
    verdict = "OK" if rate >= target else "MISSED"
    print(
        f"   r1, 4 seats, no invariant checks, {engine_kind()} engine: {rate:.1f} games per CPU second "
        f"(target >= {target:.0f}) {verdict}"
    )
    print(f"   invariant failures in all: {failures} (must be 0) {'OK' if not failures else 'MISSED'}")
    return failures == 0 and rate >= target


if __name__ == "__main__":
    main()
