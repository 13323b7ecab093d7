"""The strong seat's playout policy on the core: take a marble of the other team, else go home, else a
card at random; and whatever it plays is a legal move of the position."""

from __future__ import annotations

import random

from firmware_py.engine import PRESETS, Card, Position, legal_moves, play
from firmware_py.engine.fast import CoreTable, State, greedy_action, table_of
from firmware_py.engine.game import Game


def _table(notation: str, hand: list[str]) -> CoreTable:
    """A table of r1 at four seats on the position ``notation``, seat A to play with ``hand``."""
    table = table_of(Game.new(PRESETS["r1"], seats=4, seed=1))
    table.state = State.of(Position.from_notation(notation))
    table.state.recording = False
    table.exchange = False
    table.extra_play = False
    table.must_discard = -1
    table.to_play = 0
    table.hands[0] = [table.setup.card_id(Card.parse(card)) for card in hand]
    return table


def _after(table: CoreTable, seed: int = 0) -> tuple[int, ...]:
    greedy_action(table, random.Random(seed).getrandbits, [0.0] * len(table.setup.values), [])
    return tuple(table.state.marbles)


def test_the_playout_takes_a_marble_of_the_other_team_before_going_home() -> None:
    # 3H takes B's marble on A13; 2S would take A's marble from A16 into its home.
    for seed in range(8):
        table = _table("r1 A:A10,A16 B:A13 C: D: A", ["2S", "3H"])
        marbles = _after(table, seed)
        assert marbles[4:8] == (-1, -1, -1, -1), "B's marble went back to its reserve"


def test_the_playout_goes_home_when_it_cannot_take_a_marble() -> None:
    for seed in range(8):
        table = _table("r1 A:A2,A16 B:C3 C: D: A", ["2S", "6H"])  # 2S:A16-AH2 is the one way home
        marbles = _after(table, seed)
        home = table.state.ctx.home[0]
        assert home + 1 in marbles[0:4], "A16 went two cells on into AH2"


def test_every_playout_move_is_a_legal_move() -> None:
    rng = random.Random("playout-legal")
    game = Game.new(PRESETS["r2"], seats=4, seed=5)
    checked = 0
    while game.winner is None and checked < 300:
        if game.phase.value == "play" and game.to_play is not None and game.must_discard is None:
            table = table_of(game)
            before = game.position
            greedy_action(table, rng.getrandbits, [0.0] * len(table.setup.values), [])
            reached = {play(before, move).marbles for move in legal_moves(before)}
            assert tuple(table.state.marbles) in reached | {before.marbles}
            checked += 1
        actions = game.legal_actions()
        game = game.apply(actions[rng.randrange(len(actions))])
    assert checked > 100
