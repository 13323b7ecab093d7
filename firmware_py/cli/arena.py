"""``tock arena``: two teams of computer levels play each other, and the first team's win rate.

Game ``i`` uses seed ``S + i``. The first team's level plays the engine's first team (the seats of
``Game.teams[0]``) in even games and the second team in odd games, so that neither level keeps the seats
that start or the deals' order. The last line printed is the first team's win rate with its 95 % Wilson
interval, the measure the design's targets are stated in. Thinking time is CPU time
(``time.process_time``), so running several jobs on a shared machine does not weaken the search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import click

from firmware_py.engine import RuleSet, TockError
from firmware_py.engine.game import Game
from firmware_py.engine.rules_text import parse_rules
from firmware_py.engine.selfplay import MAX_ACTIONS
from firmware_py.engine.violations import spoken_list
from firmware_py.players.levels import LEVELS, Player, StrongPlayer, make_player

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One arena game: did the first team's level win, how long it was, how hard the search worked."""

    seed: int
    first_won: bool
    finished: bool
    actions: int
    cpu_seconds: float
    strong_moves: int = 0
    strong_samples: int = 0


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (better than p ± 1.96 σ near 0 and 1)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def two_teams(rules: RuleSet, seats: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The two teams of a game of ``rules`` at ``seats`` seats.

    Raises:
        TockError: the rules at that seat count do not make exactly two teams.
    """
    teams = Game.new(rules, seats=seats, seed=0).teams
    if len(teams) != 2:
        raise TockError(f"the arena needs two teams; {rules.name} at {seats} seats makes {len(teams)}")
    return teams[0], teams[1]


def first_level_seats(game: Game) -> tuple[str, ...]:
    """The seats the first level plays: the engine's first team for an even seed, the second for odd."""
    return game.teams[game.seed % 2]


def play_match(
    rules: RuleSet, seats: int, seed: int, level1: str, level2: str, move_time: float | None
) -> MatchResult:
    """Play game ``seed``: ``level1`` on the first team's seats for an even seed, the second's for odd.

    A game longer than the self-play limit (``MAX_ACTIONS``) is counted as unfinished: nobody wins it.
    """
    started = time.process_time()
    game = Game.new(rules, seats=seats, seed=seed)
    first = first_level_seats(game)
    players: dict[str, Player] = {
        seat: make_player(level1 if seat in first else level2, move_time=move_time, seed=seed * 16 + index)
        for index, seat in enumerate(game.seats)
    }
    strong_moves = strong_samples = 0
    actions = 0
    while game.winner is None and actions < MAX_ACTIONS:
        seat = game.to_play
        if seat is None:
            break
        player = players[seat]
        game = game.apply(player.act(game, seat))
        if isinstance(player, StrongPlayer) and player.last_samples:
            strong_moves += 1
            strong_samples += player.last_samples
            player.last_samples = 0
        actions += 1
    won = game.winner is not None and game.winner[0] in first
    return MatchResult(
        seed,
        won,
        game.winner is not None,
        actions,
        time.process_time() - started,
        strong_moves,
        strong_samples,
    )


def _play_one(args: tuple[RuleSet, int, int, str, str, float | None]) -> MatchResult:
    return play_match(*args)


def run_arena(
    rules: RuleSet,
    seats: int,
    games: int,
    seed: int,
    level1: str,
    level2: str,
    move_time: float | None,
    jobs: int = 1,
) -> Iterator[MatchResult]:
    """Play ``games`` games (seeds ``seed``..), in ``jobs`` processes; each result as it comes, in seed
    order."""
    tasks = [(rules, seats, s, level1, level2, move_time) for s in range(seed, seed + games)]
    if jobs <= 1:
        yield from map(_play_one, tasks)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        yield from pool.map(_play_one, tasks)
    finally:  # stopped early (Ctrl-C): the games not started are dropped, not waited for
        pool.shutdown(wait=False, cancel_futures=True)


def summary_lines(results: list[MatchResult], level1: str, level2: str) -> list[str]:
    """What ``tock arena`` prints; the last line is the first team's win rate and its interval."""
    games = len(results)
    wins = sum(r.first_won for r in results)
    unfinished = sum(not r.finished for r in results)
    low, high = wilson(wins, games)
    lines = [f"{games} games, {sum(r.actions for r in results)} actions, {unfinished} unfinished"]
    moves = sum(r.strong_moves for r in results)
    if moves:
        samples = sum(r.strong_samples for r in results)
        lines.append(
            f"strong: {moves} searched moves, {samples / moves:.1f} sampled worlds a move on average"
        )
    cpu_seconds = sum(r.cpu_seconds for r in results)
    lines.append(f"CPU time {cpu_seconds:.1f} s ({cpu_seconds / max(games, 1):.2f} s a game)")
    lines.append(
        f"{level1} vs {level2}: {level1} won {wins} of {games} = {100 * wins / max(games, 1):.1f} % "
        f"(95 % interval {100 * low:.1f} to {100 * high:.1f} %)"
    )
    return lines


@click.command(name="arena")
@click.option("--team1", type=click.Choice(LEVELS), required=True, help="Level of the first team.")
@click.option("--team2", type=click.Choice(LEVELS), required=True, help="Level of the second team.")
@click.option(
    "--preset", default="r1", show_default=True, help="Rule preset, or house rules: 'r1[jokers=2]'."
)
@click.option("--seats", type=click.IntRange(2, 8), default=4, show_default=True, help="Number of seats.")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game (then +1 each).")
@click.option(
    "--move-time",
    type=click.FloatRange(0.001, 60),
    default=0.05,
    show_default=True,
    help="CPU seconds the strong level thinks per move (1 s at the table on a Pi 4).",
)
@click.option(
    "--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Processes to play in."
)
@click.option("--progress/--quiet", default=True, show_default=True, help="Progress lines on standard error.")
def command(
    team1: str,
    team2: str,
    preset: str,
    seats: int,
    games: int,
    seed: int,
    move_time: float,
    jobs: int,
    progress: bool,
) -> None:
    """Two teams of computer levels play each other; prints the first team's win rate (95 % interval).

    The levels swap seats every other game. The last line is the win rate of --team1; Ctrl-C stops and
    prints the games played so far.
    """
    try:
        rules = parse_rules(preset.strip())
        if seats not in rules.seat_counts:
            counts = spoken_list(rules.seat_counts, "or")
            raise TockError(f"the {preset} rules are played by {counts} seats, not {seats}")
        two_teams(rules, seats)
    except TockError as error:
        raise click.ClickException(str(error)) from None
    results: list[MatchResult] = []
    step = max(1, games // 40)
    try:
        for result in run_arena(rules, seats, games, seed, team1, team2, move_time, jobs):
            results.append(result)
            if progress and (len(results) % step == 0 or len(results) == games):
                wins = sum(r.first_won for r in results)
                low, high = wilson(wins, len(results))
                click.echo(
                    f"  {len(results)} of {games} games: {team1} won {wins} "
                    f"({100 * low:.1f} to {100 * high:.1f} %)",
                    err=True,
                )
    except KeyboardInterrupt:
        click.echo(f"stopped after {len(results)} of {games} games", err=True)
    for line in summary_lines(results, team1, team2):
        click.echo(line)
