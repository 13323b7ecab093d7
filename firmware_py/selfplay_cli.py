"""``tock selfplay``: random legal games with every invariant checked, and how fast they run."""

from __future__ import annotations

import time

import click

from firmware_py.engine.errors import TockError
from firmware_py.engine.position import parse_rules
from firmware_py.engine.rules import RuleSet
from firmware_py.engine.selfplay import RunSummary, play_random_game
from firmware_py.engine.violations import spoken_list

SHOWN_FAILURES = 20
"""Invariant failures printed in full; the rest are counted."""


def run_games(
    rules: RuleSet, seats: int, games: int, seed: int, *, check: bool = True
) -> tuple[RunSummary, float]:
    """Play ``games`` random games with seeds ``seed``, ``seed + 1``...; the summary and the seconds taken."""
    summary = RunSummary()
    started = time.perf_counter()
    for number in range(games):
        summary.add(play_random_game(rules, seats, seed + number, check=check))
    return summary, time.perf_counter() - started


def report_lines(label: str, seats: int, summary: RunSummary, seconds: float) -> list[str]:
    """The figures of a run of the rules ``label``, as printed by ``tock selfplay`` and ``make bench``."""
    games = max(summary.games, 1)
    rate = summary.games / seconds if seconds > 0 else float("inf")
    endings = ", ".join(f"{name} {count}" for name, count in sorted(summary.endings.items()))
    lines = [
        f"{label}, {seats} seats: {summary.games} games in {seconds:.1f} s = {rate:.1f} games/s "
        f"(one core); {summary.actions} actions, {summary.actions / games:.0f} per game, "
        f"longest {summary.longest}",
        f"  endings: {endings}",
        f"  invariant failures: {len(summary.failures)}",
    ]
    lines += [f"    {failure}" for failure in summary.failures[:SHOWN_FAILURES]]
    if len(summary.failures) > SHOWN_FAILURES:
        lines.append(f"    ... and {len(summary.failures) - SHOWN_FAILURES} more")
    return lines


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
    help="Check every invariant after every action (--no-check: only that games end).",
)
def command(preset: str, seats: int, games: int, seed: int, check: bool) -> None:
    """Play random legal games, check the engine's invariants, print games per second and the endings.

    Exits with status 1 when any invariant failed.
    """
    try:
        rules = parse_rules(preset.strip())
    except TockError as error:
        raise click.ClickException(str(error)) from None
    if seats not in rules.seat_counts:
        counts = spoken_list(rules.seat_counts, "or")
        raise click.ClickException(f"the {preset} rules are played by {counts} seats, not {seats}")
    summary, seconds = run_games(rules, seats, games, seed, check=check)
    for line in report_lines(preset.strip(), seats, summary, seconds):
        click.echo(line)
    if summary.failures:
        raise SystemExit(1)
