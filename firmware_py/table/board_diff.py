"""Where a board seen differs from the game's board, a seat's reserve counting as one pool.

What a board *means* is the engine's ``match``; this is what the table needs besides: which holes to
flash and where marbles must go back (after an illegal move, an undo, a restart), and whether the board
is right again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from firmware_py.engine import PlaceKind, parse_place


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
