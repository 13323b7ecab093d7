"""The engine's shortcuts decide exactly as the plain definitions do.

Move generation shares one typed context between the positions of one game (the turn's mover and team,
the route switches), carries the occupancy over from the position before, walks a route by arithmetic
when nothing on the board can stop it, builds its moves without ``Move.__init__``, leaves settled home
marbles out of the split 7 and plays the last part of a split without another recursion. These tests hold
the fast paths to what they replace: a position reached by play lists the same moves (captures and
effects included, each equal to the move ``Move(...)`` builds) as the same position read back from its
notation with empty memos, and the split 7 finds exactly the sets of parts that a brute-force search over
every order of every share finds.
"""

from __future__ import annotations

import random

import pytest

from firmware_py.engine import PRESETS, Card, Move, Position, legal_moves, play
from firmware_py.engine.deck import new_deck
from firmware_py.engine.movegen import turn_info
from firmware_py.engine.routes import Board, forward, pop_part, push_part
from firmware_py.engine.rules import SevenMode
from firmware_py.engine.tables import RESERVE
from tests.engine.helpers import pos
from tests.engine.positions import random_position

SEVEN = Card.parse("7H")


def _fingerprint(position: Position) -> list[tuple[str, tuple[str, ...], object]]:
    return [(str(m), m.captures, m.delta) for m in legal_moves(position)]


def _fresh(position: Position) -> Position:
    return Position.from_notation(position.to_notation())


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_positions_reached_by_play_decide_like_positions_read_from_notation(preset: str) -> None:
    rules = PRESETS[preset]
    deck = new_deck(rules)
    rng = random.Random(f"speed-memo-{preset}")
    compared = 0
    for seats in rules.seat_counts[:2]:
        position = Position.initial(rules, seats)
        for _ in range(150):
            hand = tuple(rng.sample(deck, 5))
            position = position.replace(
                hands={s: (hand if s == position.turn else ()) for s in position.seats}
            )
            moves = legal_moves(position)
            for move in moves:
                built = Move(move.card, move.kind, move.steps, move.captures, move.delta)
                assert (built.steps, built, hash(built)) == (move.steps, move, hash(move))
                assert Move.parse(str(move)) == move
            twin = _fresh(position)
            assert _fingerprint(twin) == _fingerprint(position), f"memos changed the moves in {position}"
            assert twin.winner == position.winner
            assert twin.occupancy() == position.occupancy()
            compared += 1
            if not moves or position.winner is not None:
                break
            position = play(position, rng.choice(moves))
            assert position == _fresh(position)
    assert compared >= 100


def _brute_force_sevens(position: Position) -> dict[tuple[tuple[int, int], ...], set[frozenset[int]]]:
    """Every set of parts of a split 7 that plays in some order: sorted (from, to) pairs -> the sets
    of marbles it may take."""
    info = turn_info(position)
    tables = position.tables
    marbles = [
        (loc, section)
        for section in info.played
        for loc in position.marbles[4 * info.index_of[section] : 4 * info.index_of[section] + 4]
        if loc not in (RESERVE, tables.centre)
    ]
    most = 2 if position.rules.seven is SevenMode.SPLIT_TWO else 4
    b = Board(position, full=False, copy=True)
    found: dict[tuple[tuple[int, int], ...], set[frozenset[int]]] = {}

    def explore(
        left: list[tuple[int, int]], remaining: int, steps: list[tuple[int, int]], caps: list[int]
    ) -> None:
        if remaining == 0:
            found.setdefault(tuple(sorted(steps)), set()).add(frozenset(caps))
            return
        if len(steps) == most:
            return
        for index, (loc, section) in enumerate(left):
            if b.occ[loc] != section or loc in caps:
                continue
            for d in range(1, remaining + 1):
                for dest, route_caps, _ in forward(b, section, loc, d, part=True):
                    if dest in {to for _, to in steps}:
                        continue
                    undo = push_part(b, loc, dest, section, route_caps)
                    rest = left[:index] + left[index + 1 :]
                    explore(rest, remaining - d, [*steps, (loc, dest)], [*caps, *route_caps])
                    pop_part(b, undo)

    explore(marbles, 7, [], [])
    return found


def _check_sevens(position: Position) -> int:
    expected = _brute_force_sevens(position)
    moves = [m for m in legal_moves(position, SEVEN) if not m.is_discard]
    got = {tuple(sorted((frm, to) for frm, to, _ in m.delta[0])): m for m in moves}
    assert len(got) == len(moves), f"a set of parts listed twice in {position}"
    if position.rules.seven is SevenMode.PLUS_SEVEN:
        return 0
    assert set(got) == set(expected), f"split 7 differs from the brute force in {position}"
    for key, move in got.items():
        assert frozenset(move.delta[1]) in expected[key], f"{move} takes other marbles in {position}"
    return len(moves)


@pytest.mark.parametrize("preset", ["r1", "r2", "canop", "toc"])
def test_split_seven_finds_what_a_brute_force_search_finds(preset: str) -> None:
    rng = random.Random(f"speed-seven-{preset}")
    listed = 0
    for density in (0.5, 0.8, 1.0):
        for _ in range(40):
            position = random_position(rng, PRESETS[preset], hands=False, density=density)
            listed += _check_sevens(position)
    assert listed > 100


@pytest.mark.parametrize(
    "text",
    [
        "r1 A:AH3,AH4,A14,B2 B:B3 C: D: A",  # settled AH3, AH4; A14 may go home; B2 shares nothing
        "r1 A:AH2,AH4,A15,A16 B: C: D: A",  # AH2 may still move one; two marbles may enter behind it
        "r1 A:AH1,AH2,AH3,AH4 B: C: D: A",  # all home: nothing at all to play
        "r1 A:AH4,A18*,A2 B:A5 C: D: A",  # a marble just out blocks its own team too
        "r1 A:AH3,AH4 B: C:A17 D: A",  # settled marbles alone: no 7
        "canop A:AH2,AH3,AH4,A16 B: C: D: A",  # one cell left for the last marble
    ],
)
def test_split_seven_with_settled_home_marbles(text: str) -> None:
    position = pos(text)
    _check_sevens(position)
    assert _fingerprint(position) == _fingerprint(_fresh(position))
