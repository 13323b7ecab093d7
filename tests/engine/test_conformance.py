"""Conformance: seeded random games of every preset at every seat count its sheet allows.

After every action of every game: the position is valid, the cards and marbles are conserved, the
position and the move read back from their notation; every game ends with a winner; replaying its
actions from the seed gives the same game (``firmware_py.engine.selfplay``). On positions reached by
play, ``explain`` agrees with ``legal_moves`` on every candidate move.

The number of games per preset and seat count is fixed (tests never depend on timing) and sized so that
the whole file runs in about two minutes on one core; ``tock selfplay`` and ``make bench`` run the
10,000 games per preset and seat count that the issue asks for.
"""

from __future__ import annotations

import random

import pytest

from firmware_py.engine.game import Game
from firmware_py.engine.legality import explain
from firmware_py.engine.movegen import legal_moves
from firmware_py.engine.rules import PRESETS
from firmware_py.engine.rules_text import parse_rules
from firmware_py.engine.selfplay import play_random_game, random_action
from tests.engine.positions import candidate_moves

GAMES: dict[str, dict[int, int]] = {
    "r1": {4: 30, 6: 3, 8: 2},
    "r1x": {4: 10, 6: 3, 8: 1},
    "r2": {2: 20, 3: 20, 4: 10, 5: 10, 6: 5, 7: 5, 8: 3},
    "toc": {2: 10, 4: 10},
    "qc": {2: 10, 3: 10, 4: 10, 5: 5, 6: 5},
    "canop": {2: 10, 4: 10},
}
"""Seeded games per preset and seat count in ``make test`` (every seat count of every sheet)."""

HOUSE_RULES: dict[str, int] = {
    "r1[jokers=2]": 10,
    "qc[four_backwards=yes;ten_swaps=yes;jack_left_skips=yes]": 5,
    "r2[teams=solo]": 5,
    "r1x[dealer_rotates=no;play_for_partner=no]": 3,
}
"""Seeded 4-seat games of house rules the sheets name: R1's joker variant, QC's advanced rules, R2 solo."""


def test_every_seat_count_of_every_preset_is_played() -> None:
    assert set(GAMES) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert set(GAMES[name]) == set(rules.seat_counts), name


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "seats"), [(name, seats) for name, counts in GAMES.items() for seats in counts]
)
def test_random_games_keep_every_invariant_and_end(preset: str, seats: int) -> None:
    failures: list[str] = []
    for seed in range(GAMES[preset][seats]):
        report = play_random_game(PRESETS[preset], seats, seed)
        failures += [f"seed {seed}: {failure}" for failure in report.failures]
        assert report.winner is not None or report.failures
    assert not failures, "\n".join(failures[:10])


@pytest.mark.slow
@pytest.mark.parametrize("rules_text", sorted(HOUSE_RULES))
def test_random_games_under_house_rules_keep_every_invariant_and_end(rules_text: str) -> None:
    failures: list[str] = []
    for seed in range(HOUSE_RULES[rules_text]):
        report = play_random_game(parse_rules(rules_text), 4, seed)
        failures += [f"seed {seed}: {failure}" for failure in report.failures]
    assert not failures, "\n".join(failures[:10])


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_explain_agrees_with_legal_moves_on_positions_reached_by_play(preset: str) -> None:
    """Every candidate move of every 7th position of a random game: listed exactly when explain is empty."""
    rules = PRESETS[preset]
    seats = 4 if 4 in rules.seat_counts else rules.seat_counts[0]
    rng = random.Random(f"conformance {preset}")
    game = Game.new(rules, seats=seats, seed=1)
    checked = 0
    for number in range(700):
        if game.winner is not None:
            game = Game.new(rules, seats=seats, seed=number)
        position = game.position
        if number % 7 == 0 and game.to_play is not None and not game.extra_play and not game.must_discard:
            legal = set(legal_moves(position))
            for move in candidate_moves(position, rng):
                assert (move in legal) == (not explain(position, move)), f"{move} in {position}"
                checked += 1
        action = random_action(game, rng)
        assert action is not None
        game = game.apply(action)
    assert checked > 1000
