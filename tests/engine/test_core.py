"""The fast core lists, makes and unmakes exactly the moves of the public engine.

``legal_moves`` and ``play`` are what the rule tests (named after the sheets' sentences) pin down, and
those tests hold the core to them position by position (``tests/engine/helpers.py``). Here the core is
held to them on many more positions: random ones of every preset, random house rules, and positions
reached by making moves one after the other, for every card; and a move unmade leaves the state as it
was, so that a search can walk a tree on one state.
"""

from __future__ import annotations

import random

import pytest

from firmware_py.engine import PRESETS, Card, Position, legal_moves, play
from firmware_py.engine.context import context_for, rank_code
from firmware_py.engine.deck import new_deck
from firmware_py.engine.fast import SPLIT, State
from firmware_py.engine.rules import seat_letters
from tests.engine.helpers import check_core
from tests.engine.positions import RANK_LIST, random_position, random_rules


def _snapshot(state: State) -> tuple[list[int], list[int], int]:
    return list(state.marbles), list(state.occ), state.fresh


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_core_lists_and_makes_every_card_s_moves_as_the_engine_does(preset: str) -> None:
    rng = random.Random(f"core-{preset}")
    for _ in range(120):
        check_core(random_position(rng, PRESETS[preset], density=rng.choice((0.4, 0.6, 0.9))))


def test_house_rules_drawn_at_random_list_and_make_the_same_moves_in_the_core() -> None:
    rng = random.Random("core-house-rules")
    for _ in range(400):
        check_core(random_position(rng, random_rules(rng), density=rng.choice((0.4, 0.7, 0.95))))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_state_moved_on_by_make_stays_the_position_play_reaches(preset: str) -> None:
    """Games of random hands, one on the core (make, the seat to play set by hand) and one with
    ``play``: every position of the way lists the same moves, and a move unmade restores the state."""
    rules = PRESETS[preset]
    deck = new_deck(rules)
    rng = random.Random(f"core-chain-{preset}")
    plies = 0
    for seats in rules.seat_counts[:3]:
        position = Position.initial(rules, seat_letters(seats))
        state = State.of(position)
        for _ in range(300):
            hand = tuple(rng.sample(deck, 5))
            position = position.replace(
                hands={s: (hand if s == position.turn else ()) for s in position.seats}
            )
            moves = [m for m in legal_moves(position) if not m.is_discard]
            codes: list[int] = []
            for card in dict.fromkeys(hand):
                state.generate(rank_code(card.rank), codes)
            assert len(codes) == len(moves), position
            if position.winner is not None:
                break
            if not moves:  # nothing playable: the seat discards, and no marble moves
                position = position.replace(turn=position.seats[(position.turn_index + 1) % seats])
                state.turn = position.turn_index
                continue
            index = rng.randrange(len(moves))
            before = _snapshot(state)
            state.make(codes[index])
            state.unmake()
            assert _snapshot(state) == before
            state.make(codes[index])
            position = play(position, moves[index])
            state.turn = position.turn_index
            assert (tuple(state.marbles), state.fresh) == (position.marbles, position.fresh)
            assert state.occ == position.occupancy() or rules.centre_holds_several
            assert (state.winner() >= 0) == (position.winner is not None)
            plies += 1
    assert plies > 300


def test_a_search_can_make_moves_several_deep_and_unmake_them_all() -> None:
    rng = random.Random("core-deep")
    for _ in range(60):
        position = random_position(rng, PRESETS[rng.choice(sorted(PRESETS))], density=0.8)
        state = State.of(position)
        start = _snapshot(state)
        made = 0
        for _ in range(6):
            codes: list[int] = []
            state.generate(rank_code(rng.choice(RANK_LIST)), codes)
            if not codes:
                continue
            state.make(rng.choice(codes))
            state.turn = (state.turn + 1) % len(position.seats)
            made += 1
        for _ in range(made):
            state.unmake()
        assert _snapshot(state) == start


def test_a_split_seven_over_four_marbles_is_one_integer_and_reads_back() -> None:
    position = Position.from_notation("r1 A:A1,A9,A12,AH1 B: C: D: A")
    state = State.of(position)
    codes: list[int] = []
    state.generate(rank_code("7"), codes)
    four = [c for c in codes if c & 7 == SPLIT and len(state.to_move(c, Card.parse("7H")).steps) == 4]
    assert four, "a 7 split over four marbles"
    listed = {str(m) for m in legal_moves(position, Card.parse("7H"))}
    assert {str(state.to_move(c, Card.parse("7H"))) for c in four} <= listed


def test_one_context_serves_every_game_of_the_same_rules_and_seats() -> None:
    rules = PRESETS["r1"]
    same = rules.with_switches(name="r1")
    assert context_for(rules, ("A", "B", "C", "D")) is context_for(same, ("A", "B", "C", "D"))
    assert context_for(rules, ("A", "B", "C", "D")) is not context_for(rules, ("A", "B", "C", "D", "E", "F"))
