"""Self-play on the fast core is the ``Game``'s self-play, action for action.

The game's chance and the random player's choices are drawn the way :class:`random.Random` draws them;
the draws are held to :mod:`random` itself, and whole games to the ``Game`` driven by
``selfplay.random_action``, in every preset at every seat count and under random house rules.
"""

from __future__ import annotations

import random

import pytest

from firmware_py.engine import PRESETS, Move, RuleSet
from firmware_py.engine.fast import below, fast_random_game, random_exchange, random_play, shuffle, table_of
from firmware_py.engine.game import Game
from firmware_py.engine.selfplay import play_random_game, random_action
from tests.engine.positions import random_rules


def test_draws_are_those_of_random_s_randrange_choice_and_shuffle() -> None:
    for seed in range(50):
        ours = random.Random(seed)
        theirs = random.Random(seed)
        for n in (1, 2, 3, 5, 7, 13, 52, 54, 100, 1 << 20):
            assert below(ours.getrandbits, n) == theirs.randrange(n)
            items = list(range(1 + n % 60))
            assert items[below(ours.getrandbits, len(items))] == theirs.choice(items)
        cards = list(range(54))
        expected = list(cards)
        shuffle(cards, ours.getrandbits)
        theirs.shuffle(expected)
        assert cards == expected


def _game_actions(rules: RuleSet, seats: int, seed: int) -> list[str]:
    """The random game as ``play_random_game`` plays it on the ``Game``, every action as text."""
    game = Game.new(rules, seats=seats, seed=seed)
    rng = random.Random(f"selfplay:{seed}")
    actions: list[str] = []
    while game.winner is None and len(actions) < 20_000:
        action = random_action(game, rng)
        assert action is not None, game.position
        actions.append(str(action))
        game = game.apply(action)
    return actions


def _fast_actions(rules: RuleSet, seats: int, seed: int) -> list[str]:
    trace: list[str] = []
    fast_random_game(rules, seats, seed, 20_000, trace)
    return trace


CASES = [(name, seats) for name in sorted(PRESETS) for seats in PRESETS[name].seat_counts]


@pytest.mark.parametrize(("preset", "seats"), CASES)
def test_the_core_plays_the_game_s_random_game_action_for_action(preset: str, seats: int) -> None:
    for seed in (seats, 100 + seats):
        assert _fast_actions(PRESETS[preset], seats, seed) == _game_actions(PRESETS[preset], seats, seed)


def test_house_rules_drawn_at_random_play_the_same_games_on_the_core() -> None:
    rng = random.Random("fastplay-house-rules")
    for seed in range(12):
        rules = random_rules(rng)
        seats = rng.choice(rules.seat_counts)
        assert _fast_actions(rules, seats, seed) == _game_actions(rules, seats, seed), rules


def test_qc_s_advanced_jack_and_a_joker_s_extra_turn_play_the_same_on_the_core() -> None:
    rules = PRESETS["qc"].with_switches(jack_left_skips=True, ten_swaps=True, jokers=2, joker_replays=True)
    played: list[str] = []
    for seed in range(6):
        actions = _fast_actions(rules, 4, seed)
        assert actions == _game_actions(rules, 4, seed)
        played += actions
    assert any(text.startswith("J") and ":" in text and "discard" not in text for text in played)
    assert any(text.startswith("JOKER:") for text in played)


def test_an_unchecked_run_reports_what_the_checked_run_reports() -> None:
    for name in ("r1", "r2", "canop"):
        for seed in range(3):
            checked = play_random_game(PRESETS[name], 4, seed)
            fast = play_random_game(PRESETS[name], 4, seed, check=False)
            assert checked.failures == () and fast.failures == ()
            assert (fast.actions, fast.winner, fast.ending, fast.discards, fast.deals) == (
                checked.actions,
                checked.winner,
                checked.ending,
                checked.discards,
                checked.deals,
            )


def test_a_fast_game_that_does_not_end_in_time_is_reported() -> None:
    report = play_random_game(PRESETS["r1"], 4, 1, check=False, max_actions=30)
    assert report.ending == "unfinished" and report.failures == ("no winner after 30 actions",)


def test_the_trace_writes_moves_in_the_engine_s_notation() -> None:
    texts = [t for t in _fast_actions(PRESETS["r1x"], 4, 5) if ">" not in t and not t.endswith(":end")]
    assert texts and all(str(Move.parse(text)) == text for text in texts)


@pytest.mark.parametrize("preset", ["r1", "r1x", "toc", "canop", "qc"])
def test_a_game_taken_onto_the_core_mid_way_goes_on_as_the_game_does(preset: str) -> None:
    """``table_of`` carries everything a game holds: marbles, hands, stock, played pile, dealer, deals,
    shuffles, an exchange under way; the same random player then plays the same rest of the game."""
    rules = PRESETS[preset]
    for seed in range(3):
        game = Game.new(rules, seats=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(37 + 29 * seed):  # somewhere in a deal, an exchange or a joker's extra turn
            action = random_action(game, rng)
            assert action is not None
            game = game.apply(action)
        table = table_of(game)
        table.trace = []
        bits = random.Random(f"rest:{seed}").getrandbits
        rest_rng = random.Random(f"rest:{seed}")
        out: list[int] = []
        expected: list[str] = []
        while game.winner is None and len(expected) < 400:
            action = random_action(game, rest_rng)
            assert action is not None
            expected.append(str(action))
            game = game.apply(action)
            if table.exchange:
                random_exchange(table, bits)
            else:
                assert random_play(table, bits, out) >= 0
        assert table.trace == expected
        assert table.state.to_position() == game.position.reseated(game.position.turn_index, None)
