"""Generation and explanation agree: on every candidate move of about a thousand random positions (170
per preset, a few hundred thousand candidate moves), a move is listed by ``legal_moves`` exactly when
``explain`` finds nothing wrong with it. ``test_conformance.py`` checks the same on positions reached by
play."""

from __future__ import annotations

import random

import pytest

from firmware_py.engine import PRESETS, Card, Move, MoveKind, explain, legal_moves, play
from tests.engine.positions import candidate_moves, random_position, random_rules

POSITIONS_PER_PRESET = 170


def _legal_set(position, candidates: list[Move]) -> set[Move]:
    cards = {m.card for m in candidates if m.card is not None}
    legal: set[Move] = set()
    if position.hands is not None:
        legal.update(legal_moves(position))
    else:
        for card in cards:
            legal.update(legal_moves(position, card))
    return legal


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_explain_agrees_with_generation_on_random_positions(preset: str) -> None:
    rng = random.Random(f"agreement-{preset}")
    checked = 0
    for _ in range(POSITIONS_PER_PRESET):
        position = random_position(rng, PRESETS[preset])
        candidates = candidate_moves(position, rng)
        legal = _legal_set(position, candidates)
        for move in legal:
            assert explain(position, move) == (), f"{move} listed but explained illegal in {position}"
        for move in candidates:
            if move.kind is MoveKind.LAY_DOWN and position.hands is None:
                continue  # "nothing playable" needs the whole hand
            problems = explain(position, move)
            listed = move in legal
            assert listed == (not problems), (
                f"{move} in {position}: listed={listed}, explain={[v.code for v in problems]}"
            )
            checked += 1
    assert checked > POSITIONS_PER_PRESET * 20


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_legal_move_plays_and_illegal_ones_raise(preset: str) -> None:
    rng = random.Random(f"play-{preset}")
    for _ in range(100):
        position = random_position(rng, PRESETS[preset], hands=True)
        for move in legal_moves(position):
            after = play(position, move)
            assert sum(len(after.marbles_of(s)) + after.in_reserve(s) for s in after.seats) == 4 * len(
                after.seats
            )
            again = Move.parse(str(move))
            assert play(position, again) == after
        assert position.hands is not None
        card = position.hands[position.turn_index][0]
        assert isinstance(card, Card)


def test_explain_agrees_with_generation_under_random_house_rules() -> None:
    rng = random.Random("agreement-house-rules")
    for _ in range(250):
        position = random_position(rng, random_rules(rng))
        candidates = candidate_moves(position, rng)
        legal = _legal_set(position, candidates)
        for move in candidates:
            if move.kind is MoveKind.LAY_DOWN and position.hands is None:
                continue
            problems = explain(position, move)
            assert (move in legal) == (not problems), (
                f"{move} in {position}: listed={move in legal}, explain={[v.code for v in problems]}"
            )
