"""Properties of every legal move (hypothesis): marbles and cards are conserved, positions stay valid,
the input is never changed, notation round-trips, and a legal move's effect matches its description."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_py.engine import PRESETS, Move, MoveKind, Position, legal_moves, play, validate
from tests.engine.positions import random_position


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), preset=st.sampled_from(sorted(PRESETS)))
def test_every_legal_move_keeps_the_game_sound(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    position = random_position(rng, PRESETS[preset], hands=True)
    before_text = position.to_notation()
    for move in legal_moves(position):
        after = play(position, move)
        assert validate(after) == (), (move, before_text)
        assert Position.from_notation(after.to_notation()) == after
        for seat in after.seats:
            assert len(after.marbles_of(seat)) + after.in_reserve(seat) == 4
        assert after.hands is not None and position.hands is not None
        played = len(position.hands[position.turn_index]) - len(after.hands[position.turn_index])
        assert played == (len(position.hands[position.turn_index]) if move.kind is MoveKind.LAY_DOWN else 1)
        assert after.turn_index == (position.turn_index + 1) % len(position.seats)
        changed = {
            p
            for p in set(position.layout) | set(after.layout)
            if position.layout.get(p) != after.layout.get(p)
        }
        if move.kind is MoveKind.STEP:
            for frm, to in move.steps:
                assert after.layout.get(to) == position.layout[frm]
        for taken in move.captures:
            assert taken in changed or taken in {to for _, to in move.steps}
    assert position.to_notation() == before_text  # the position played from is untouched


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_legal_moves_are_distinct_and_deterministic(seed: int) -> None:
    rng = random.Random(seed)
    position = random_position(rng, hands=True)
    moves = legal_moves(position)
    assert len(set(moves)) == len(moves)
    fresh = Position.from_notation(position.to_notation())
    assert legal_moves(fresh) == moves
    assert all(Move.parse(str(m)) in set(moves) for m in moves)
