"""Property tests (hypothesis) of the game with chance, and the ``tock selfplay`` command."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_py.cli import main as tock
from firmware_py.cli.selfplay import run_games
from firmware_py.engine.deck import Pack, new_deck
from firmware_py.engine.game import Dealt, Drew, Exchange, Exchanged, Game, Phase
from firmware_py.engine.moves import Move
from firmware_py.engine.position import Position, validate
from firmware_py.engine.rules import PRESETS
from firmware_py.engine.selfplay import (
    GameReport,
    RunSummary,
    check_action,
    pack_counts,
    play_random_game,
    random_action,
)

PRESET_SEATS = [(name, seats) for name, rules in PRESETS.items() for seats in rules.seat_counts]


@settings(max_examples=60, deadline=None)
@given(
    preset_seats=st.sampled_from(PRESET_SEATS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 250),
)
def test_any_prefix_of_a_random_game_keeps_the_invariants_and_replays(
    preset_seats: tuple[str, int], seed: int, steps: int
) -> None:
    name, seats = preset_seats
    rules = PRESETS[name]
    game = Game.new(rules, seats=seats, seed=seed)
    rng = random.Random(seed)
    actions = []
    pack = Counter(new_deck(rules))
    for _ in range(steps):
        if game.winner is not None:
            break
        action = random_action(game, rng)
        assert action is not None, f"nothing to do in {game.position}"
        game = game.apply(action)
        actions.append(action)
        held = Counter(game.pack.stock + game.pack.played + sum(game.hand_tuple, ()))
        assert held == pack
        assert validate(game.position) == ()
        assert game.phase is Phase.OVER or game.to_play is not None
        if game.phase is Phase.PLAY:
            assert game.position.turn == game.to_play
    assert Position.from_notation(game.position.to_notation()) == game.position
    assert Game.replay(rules, seats=seats, seed=seed, actions=[str(a) for a in actions]) == game


@settings(max_examples=40, deadline=None)
@given(preset_seats=st.sampled_from(PRESET_SEATS), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_a_seat_view_never_shows_another_hand_or_the_stock(
    preset_seats: tuple[str, int], seed: int, steps: int
) -> None:
    name, seats = preset_seats
    game = Game.new(PRESETS[name], seats=seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        action = random_action(game, rng)
        if action is None or game.winner is not None:
            break
        game = game.apply(action)
    seat = rng.choice(game.seats)
    view = game.view_for(seat)
    assert view.hand == game.hand(seat)
    assert view.position.hands is None
    assert dict(view.hand_counts) == {s: len(h) for s, h in game.hands.items()}
    assert view.stock_count == len(game.pack.stock)
    for event in view.history:
        if event.kind in ("dealt", "drew", "exchanged"):
            assert Counter(event.cards) <= Counter(_own_cards_ever(game, seat)), event
    assert not any(name.startswith("stock") and name != "stock_count" for name in view.to_dict())


def _own_cards_ever(game: Game, seat: str) -> list[object]:
    """Every card that has ever been in ``seat``'s hand (dealt, drawn, given or received)."""
    cards: list[object] = []
    for event in game.history:
        if isinstance(event, Dealt):
            cards += dict(event.hands).get(seat, ())
        elif isinstance(event, Drew) and event.seat == seat:
            cards.append(event.card)
        elif isinstance(event, Exchanged):
            cards += [card for giver, receiver, card in event.gifts if seat in (giver, receiver)]
    return cards


def test_a_random_game_report_says_how_it_ended() -> None:
    report = play_random_game(PRESETS["r2"], 2, 3)
    assert report.failures == ()
    assert report.winner is not None and report.ending == f"solo {report.winner[0]}"
    assert report.actions > 50 and report.deals >= 1
    summary = RunSummary()
    summary.add(report)
    summary.add(dataclasses.replace(report, failures=("boom",), ending="unfinished"))
    assert summary.games == 2 and summary.endings["unfinished"] == 1
    assert summary.failures == [f"seed {report.seed}: boom"]


def test_a_game_that_does_not_end_in_time_is_reported() -> None:
    report = play_random_game(PRESETS["r1"], 4, 1, max_actions=10)
    assert report.ending == "unfinished" and report.winner is None
    assert report.failures == ("no winner after 10 actions",)
    assert isinstance(report, GameReport)


def test_the_random_player_picks_a_card_first_then_one_of_its_moves() -> None:
    game = Game.new(PRESETS["r1x"], seats=4, seed=3)
    rng = random.Random(0)
    action = random_action(game, rng)
    assert isinstance(action, Exchange) and action in game.legal_actions()
    for seat in game.seats:
        game = game.exchange(seat, game.hand(seat)[0])
    move = random_action(game, rng)
    assert isinstance(move, Move) and move in game.legal_moves()


def test_tock_selfplay_prints_rate_endings_and_no_failure() -> None:
    result = CliRunner().invoke(tock, ["selfplay", "--preset", "r2", "--seats", "2", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "r2, 2 seats: 2 games in" in result.output and "games/s" in result.output
    assert "endings: solo" in result.output
    assert "invariant failures: 0" in result.output


def test_tock_selfplay_says_its_rate_is_cpu_time_and_whether_checks_were_on() -> None:
    checked = CliRunner().invoke(tock, ["selfplay", "--preset", "r1", "--games", "1", "--quiet"])
    bare = CliRunner().invoke(tock, ["selfplay", "--preset", "r1", "--games", "1", "--quiet", "--no-check"])
    assert checked.exit_code == 0 and bare.exit_code == 0, checked.output + bare.output
    assert "s of CPU = " in checked.output and "games/s per core (every invariant checked" in checked.output
    assert "games/s per core (no invariant checks, the same games on the fast core" in bare.output


def test_tock_selfplay_plays_house_rules_written_as_in_the_notation() -> None:
    arguments = ["selfplay", "--preset", "r2[teams=solo]", "--seats", "3", "--games", "1"]
    result = CliRunner().invoke(tock, arguments)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("r2[teams=solo], 3 seats: 1 games in")
    bad = CliRunner().invoke(tock, ["selfplay", "--preset", "r1[colour=red]"])
    assert bad.exit_code == 1 and "'colour=red' is not a switch=value" in bad.output


def test_tock_selfplay_refuses_an_unknown_preset_or_seat_count() -> None:
    runner = CliRunner()
    unknown = runner.invoke(tock, ["selfplay", "--preset", "nope"])
    assert unknown.exit_code == 1 and "unknown preset 'nope'" in unknown.output
    assert "Traceback" not in unknown.output
    seats = runner.invoke(tock, ["selfplay", "--preset", "canop", "--seats", "3"])
    assert seats.exit_code == 1 and "played by 2 or 4 seats, not 3" in seats.output
    too_many = runner.invoke(tock, ["selfplay", "--seats", "9"])
    assert too_many.exit_code == 2


def test_several_processes_play_the_same_games_as_one() -> None:
    rules = PRESETS["r2"]
    alone, _ = run_games(rules, 2, 6, seed=40, batch=2)
    shared, _ = run_games(rules, 2, 6, seed=40, jobs=2, batch=2)
    assert dataclasses.astuple(shared) == dataclasses.astuple(alone)
    assert alone.games == 6 and sum(alone.endings.values()) == 6


def test_an_interrupted_run_keeps_the_batches_it_finished() -> None:
    seen: list[int] = []

    def stop_after_two(summary: RunSummary, seconds: float) -> None:
        seen.append(summary.games)
        if summary.games == 4:
            raise KeyboardInterrupt

    summary, _ = run_games(PRESETS["r2"], 2, 10, seed=0, batch=2, progress=stop_after_two)
    assert seen == [2, 4]
    assert summary.games == 4 and sum(summary.endings.values()) == 4


def test_tock_selfplay_shows_progress_on_standard_error_and_the_summary_on_standard_output() -> None:
    result = CliRunner().invoke(tock, ["selfplay", "--preset", "r2", "--seats", "2", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("  3 of 3 games, 0 failures, ") and result.stderr.endswith(" games/s\n")
    assert result.stdout.startswith("r2, 2 seats: 3 games in") and "r2, 2 seats" not in result.stderr
    quiet = CliRunner().invoke(
        tock, ["selfplay", "--preset", "r2", "--seats", "2", "--games", "1", "--quiet"]
    )
    assert quiet.exit_code == 0 and quiet.stderr == ""


def _first_action_spoiled(spoil: Callable[[Game], Game]) -> list[str]:
    """What the self-play checks say of an r2 game whose first action ends in ``spoil``'s version of
    the game (an engine bug)."""
    game = Game.new(PRESETS["r2"], seats=2, seed=1)
    action = random_action(game, random.Random(0))
    assert action is not None and check_action(game.apply(action), action, pack_counts(game.rules), 1) == []
    return check_action(spoil(game.apply(action)), action, pack_counts(game.rules), 1)


def test_self_play_reports_a_position_that_cannot_exist() -> None:
    def two_on_one_cell(game: Game) -> Game:
        p = game.position
        marbles = (5, -1, -1, -1, 5, -1, -1, -1)  # A and C both on A6
        bad = Position(p.rules, p.seats, marbles, 0, p.turn_index, p.hands)
        return dataclasses.replace(game, position=bad)

    failures = _first_action_spoiled(two_on_one_cell)
    assert failures and "invalid position" in failures[0]
    assert "two marbles (A and C) on A6" in failures[0]


def test_self_play_reports_a_card_gone_missing() -> None:
    def lose_the_top_card(game: Game) -> Game:
        return dataclasses.replace(game, pack=Pack(game.pack.stock[1:], game.pack.played))

    failures = _first_action_spoiled(lose_the_top_card)
    assert failures and "cards not conserved" in failures[0]
