"""``tock selfplay``: random legal games with every invariant checked, and how fast they run.

The issue's conformance run is 10,000 games per preset and seat count, hours of one core: ``--jobs``
spreads the seeds over several processes (a Raspberry Pi has four cores) and a progress line goes to
standard error as batches finish, so a long run shows where it is and an interrupted one still
reports the games it played.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

import click

from firmware_py.engine.compiled import engine_kind
from firmware_py.engine.errors import TockError
from firmware_py.engine.rules import RuleSet
from firmware_py.engine.rules_text import parse_rules
from firmware_py.engine.selfplay import RunSummary, play_random_game
from firmware_py.engine.violations import spoken_list

SHOWN_FAILURES = 20
"""Invariant failures printed in full; the rest are counted."""
BATCH = 50
"""Games a process plays before it reports (small enough for a steady progress line)."""

Progress = Callable[[RunSummary, float], None]
"""Called with the games so far and the wall-clock seconds taken, after each batch."""


def run_games(
    rules: RuleSet,
    seats: int,
    games: int,
    seed: int,
    *,
    check: bool = True,
    jobs: int = 1,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> tuple[RunSummary, float]:
    """Play ``games`` random games with seeds ``seed``, ``seed + 1``...; the summary and the CPU seconds.

    The seeds are played in batches of ``batch`` games, by ``jobs`` processes when above 1: the games,
    and so the summary, are the same (failures listed in seed order). The seconds are the CPU time the
    games took (``time.process_time`` around each batch, added up over the processes), so that a rate
    is per core and does not depend on what else the machine runs. Interrupted (Ctrl-C), it returns the
    batches finished so far.
    """
    summary = RunSummary()
    cpu = 0.0
    started = time.perf_counter()
    try:
        for done, seconds in _batches(rules, seats, games, seed, check, jobs, batch):
            summary.merge(done)
            cpu += seconds
            if progress is not None:
                progress(summary, time.perf_counter() - started)
    except KeyboardInterrupt:
        pass
    return summary, cpu


Batch = tuple[RunSummary, float]
"""A batch's games added up, and the CPU seconds they took."""


def _batches(
    rules: RuleSet, seats: int, games: int, seed: int, check: bool, jobs: int, batch: int
) -> Iterator[Batch]:
    """The summaries (and CPU seconds) of consecutive batches of seeds, in seed order."""
    starts = range(seed, seed + games, batch)
    sizes = [min(batch, seed + games - start) for start in starts]
    if jobs <= 1:
        for start, size in zip(starts, sizes, strict=True):
            yield play_batch(rules, seats, start, size, check)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: dict[Future[Batch], int] = {}
        finished: dict[int, Batch] = {}
        queue = list(zip(starts, sizes, strict=True))
        ahead = 2 * jobs  # batches in flight at most: twice the processes, so that none waits for work
        next_out = 0
        try:
            while queue or pending:
                while queue and len(pending) < ahead:
                    start, size = queue.pop(0)
                    pending[pool.submit(play_batch, rules, seats, start, size, check)] = start
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    finished[pending.pop(future)] = future.result()
                while next_out < len(starts) and starts[next_out] in finished:
                    yield finished.pop(starts[next_out])
                    next_out += 1
        finally:
            for future in pending:
                future.cancel()


def play_batch(rules: RuleSet, seats: int, first_seed: int, games: int, check: bool) -> Batch:
    """One process's share: ``games`` games from ``first_seed`` on, added up, and their CPU seconds."""
    summary = RunSummary()
    started = time.process_time()
    for number in range(games):
        summary.add(play_random_game(rules, seats, first_seed + number, check=check))
    return summary, time.process_time() - started


def report_lines(
    label: str, seats: int, summary: RunSummary, seconds: float, jobs: int = 1, *, check: bool = True
) -> list[str]:
    """The figures of a run of the rules ``label``, as printed by ``tock selfplay`` and ``make bench``.

    ``seconds`` is CPU time (see :func:`run_games`): the rate is games per second of one core.
    """
    games = max(summary.games, 1)
    rate = summary.games / seconds if seconds > 0 else float("inf")
    endings = ", ".join(f"{name} {count}" for name, count in sorted(summary.endings.items()))
    spread = "" if jobs <= 1 else f", {jobs} processes"
    checks = "every invariant checked" if check else "no invariant checks, the same games on the fast core"
    lines = [
        f"{label}, {seats} seats: {summary.games} games in {seconds:.1f} s of CPU = {rate:.1f} games/s "
        f"per core ({checks}, {engine_kind()} engine{spread}); {summary.actions} actions, "
        f"{summary.actions / games:.0f} per game, longest {summary.longest}",
        f"  endings: {endings}",
        f"  invariant failures: {len(summary.failures)}",
    ]
    lines += [f"    {failure}" for failure in summary.failures[:SHOWN_FAILURES]]
    if len(summary.failures) > SHOWN_FAILURES:
        lines.append(f"    ... and {len(summary.failures) - SHOWN_FAILURES} more")
    return lines


def _progress_line(total: int) -> Progress:
    """A progress reporter printing to standard error about every tenth of the run."""
    step = max(BATCH, total // 10)
    shown = [0]

    def show(summary: RunSummary, seconds: float) -> None:
        if summary.games - shown[0] >= step or summary.games == total:
            shown[0] = summary.games
            rate = summary.games / seconds if seconds > 0 else 0.0
            click.echo(
                f"  {summary.games} of {total} games, {len(summary.failures)} failures, "
                f"{rate:.1f} wall-clock games/s",
                err=True,
            )

    return show


@click.command(name="selfplay")
@click.option(
    "--preset",
    "preset",
    default="r1",
    show_default=True,
    help="Rule preset (see `tock presets`), house rules as in the notation: 'r1[jokers=2]'.",
)
@click.option("--seats", type=click.IntRange(2, 8), default=4, show_default=True, help="Number of seats.")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game (then +1 each).")
@click.option(
    "--check/--no-check",
    default=True,
    show_default=True,
    help="Check every invariant after every action (--no-check: the same games on the fast core, "
    "only their end checked).",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Processes to play in (the same games; a Raspberry Pi has 4 cores).",
)
@click.option("--progress/--quiet", default=True, show_default=True, help="Progress lines on standard error.")
def command(preset: str, seats: int, games: int, seed: int, check: bool, jobs: int, progress: bool) -> None:
    """Play random legal games, check the engine's invariants, print games per second and the endings.

    Ctrl-C stops the run and prints the games played so far. Exits with status 1 when any invariant
    failed, 130 when stopped before the end.
    """
    try:
        rules = parse_rules(preset.strip())
    except TockError as error:
        raise click.ClickException(str(error)) from None
    if seats not in rules.seat_counts:
        counts = spoken_list(rules.seat_counts, "or")
        raise click.ClickException(f"the {preset} rules are played by {counts} seats, not {seats}")
    shown = _progress_line(games) if progress else None
    summary, seconds = run_games(rules, seats, games, seed, check=check, jobs=jobs, progress=shown)
    if summary.games < games:
        click.echo(f"stopped after {summary.games} of {games} games", err=True)
    for line in report_lines(preset.strip(), seats, summary, seconds, jobs, check=check):
        click.echo(line)
    if summary.failures:
        raise SystemExit(1)
    if summary.games < games:
        raise SystemExit(130)
