"""What a board seen on the table means, given the legal moves of the seat to play.

The camera (or the page's board) gives a layout; the engine gives the legal moves and the board each
one leaves. :func:`judge` compares them:

* ``unchanged``: the board is the expected one;
* ``move``: exactly one legal move leaves this board (``ambiguous``: several do);
* ``in_progress``: the board is on the way to one or more legal moves' boards (a captured marble not
  yet back in its reserve, a split 7 half done): ``to_do`` says which holes must still change;
* ``illegal``: no legal move explains it; ``violations`` are the engine's reasons for the move that was
  apparently attempted, ``wrong_places`` and ``put_back`` say what to put right.

A seat's reserve counts as one pool everywhere: which reserve hole a marble waits in does not matter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from firmware_py.engine import Card, PlaceKind, parse_place
from firmware_py.engine.legality import explain, play
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.violations import Rule, Violation, violation


def is_reserve(place: str) -> bool:
    """Whether ``place`` is a reserve hole."""
    return parse_place(place).kind is PlaceKind.RESERVE


def _board(layout: Mapping[str, str]) -> dict[str, str]:
    return {p: s for p, s in layout.items() if not is_reserve(p)}


def _reserves(layout: Mapping[str, str]) -> Counter[str]:
    return Counter(s for p, s in layout.items() if is_reserve(p))


def board_diff(expected: Mapping[str, str], seen: Mapping[str, str]) -> tuple[list[str], dict[str, str]]:
    """Where a board seen differs from the expected one: (holes wrongly filled, hole -> seat to put back).

    A missing reserve marble is asked back in a free hole of its reserve; an extra one is shown as wrong.
    """
    wrong: list[str] = []
    put_back: dict[str, str] = {}
    for place in sorted(set(_board(expected)) | set(_board(seen))):
        if expected.get(place) != seen.get(place):
            if place in seen:
                wrong.append(place)
            if place in expected:
                put_back[place] = expected[place]
    want, have = _reserves(expected), _reserves(seen)
    for seat in sorted(set(want) | set(have)):
        holes = sorted(p for p, s in seen.items() if s == seat and is_reserve(p))
        if have[seat] > want[seat]:
            wrong += holes[want[seat] :]
        elif have[seat] < want[seat]:
            free = [f"{seat}R{n}" for n in range(1, 5) if f"{seat}R{n}" not in seen]
            put_back.update(dict.fromkeys(free[: want[seat] - have[seat]], seat))
    return sorted(wrong), put_back


def same_board(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """Same marbles on the same holes (reserves as pools)."""
    return _board(a) == _board(b) and _reserves(a) == _reserves(b)


@dataclass(frozen=True)
class Verdict:
    """What a board means (see the module docstring)."""

    kind: str
    moves: tuple[Move, ...] = ()
    to_do: dict[str, str | None] = field(default_factory=dict)
    """In progress: hole -> seat whose marble must come there (None: the hole must be emptied)."""
    violations: tuple[Violation, ...] = ()
    wrong_places: tuple[str, ...] = ()
    put_back: dict[str, str] = field(default_factory=dict)


def _on_the_way(expected: Mapping[str, str], seen: Mapping[str, str], result: Mapping[str, str]) -> bool:
    """Whether every change from ``expected`` to ``seen`` goes towards ``result`` (or lifts a marble that
    ``result`` moves or takes)."""
    for place in set(_board(expected)) | set(_board(seen)):
        was, now, goal = expected.get(place), seen.get(place), result.get(place)
        if now == was:
            continue
        if now != goal and not (now is None and goal != was):
            return False
    want, have, goal_reserve = _reserves(expected), _reserves(seen), _reserves(result)
    return all(
        min(want[s], goal_reserve[s]) <= have[s] <= max(want[s], goal_reserve[s])
        for s in set(have) | set(want)
    )


def _to_do(seen: Mapping[str, str], result: Mapping[str, str]) -> dict[str, str | None]:
    todo: dict[str, str | None] = {}
    for place in set(_board(seen)) | set(_board(result)):
        if seen.get(place) != result.get(place):
            todo[place] = result.get(place)
    have, goal = _reserves(seen), _reserves(result)
    for seat in goal:
        missing = goal[seat] - have[seat]
        free = [f"{seat}R{n}" for n in range(1, 5) if f"{seat}R{n}" not in seen]
        todo.update(dict.fromkeys(free[: max(0, missing)], seat))
    return todo


def _attempt(position: Any, seen: Mapping[str, str], cards: Sequence[Card]) -> tuple[Violation, ...]:
    """The engine's reasons against the move the board seems to show (the mover's marbles that moved)."""
    expected = position.layout
    seat = position.turn
    moved = {
        s
        for p in set(_board(expected)) | set(_board(seen))
        for s in (expected.get(p), seen.get(p))
        if s is not None and expected.get(p) != seen.get(p)
    }
    moved |= {
        s
        for s in set(_reserves(expected)) | set(_reserves(seen))
        if _reserves(expected)[s] != _reserves(seen)[s]
    }
    others = sorted(moved - {seat})
    sources = sorted(p for p, s in _board(expected).items() if s == seat and seen.get(p) != seat)
    targets = sorted(p for p, s in _board(seen).items() if s == seat and expected.get(p) != seat)
    entered = _reserves(seen)[seat] < _reserves(expected)[seat]
    if not sources and not targets and not entered and others:
        place = next(
            p for p in sorted(set(expected) | set(seen)) if expected.get(p) in others or seen.get(p) in others
        )
        return (violation(Rule.NOT_YOUR_TURN, places=(place,), seat=others[0]),)
    if entered and len(targets) == 1 and not sources:
        steps: tuple[tuple[str, str], ...] = ((f"{seat}R", targets[0]),)
        kind = MoveKind.ENTER
    elif len(sources) == len(targets) and sources:
        steps = tuple(zip(sources, targets, strict=True))
        kind = MoveKind.STEP
    else:
        return ()
    for card in cards:
        reasons = explain(position, Move(card, kind, steps))
        if reasons:
            return reasons
    return ()


def judge(position: Any, seen: Mapping[str, str], moves: Sequence[Move], cards: Sequence[Card]) -> Verdict:
    """What ``seen`` means in ``position`` for the seat to play.

    Args:
        position: the engine's position (the expected board, the seat to play).
        seen: the board read (place -> seat letter).
        moves: the legal moves to consider (of the chosen card, or of the whole hand).
        cards: the cards the seat may have played (to explain an illegal attempt).
    """
    expected = position.layout
    if same_board(expected, seen):
        return Verdict("unchanged")
    results = [(move, play(position, move).layout) for move in moves]
    exact = tuple(move for move, result in results if same_board(result, seen))
    if len(exact) == 1:
        return Verdict("move", exact)
    if exact:
        return Verdict("ambiguous", exact)
    going = [(move, result) for move, result in results if _on_the_way(expected, seen, result)]
    if going:  # show only what every candidate still needs
        todos = [_to_do(seen, result) for _, result in going]
        todo = {p: s for p, s in todos[0].items() if all(t.get(p, "-") == s for t in todos[1:])}
        return Verdict("in_progress", tuple(m for m, _ in going), todo)
    wrong, put_back = board_diff(expected, seen)
    return Verdict("illegal", (), {}, _attempt(position, seen, cards), tuple(wrong), put_back)
