"""The fast core's moves as integers: what :meth:`~firmware_py.engine.fast.state.State.generate` lists
and :meth:`~firmware_py.engine.fast.marbles.Marbles.make` plays.

A move of one marble (or a swap) packs its kind, where it goes from and to, the section of the marble
moved and the marbles a King sweeps; a 7 split over several marbles packs its parts in an order that
plays. Integers cost nothing to list, compare and keep: what lets a search walk thousands of positions
per move.
"""

from __future__ import annotations

from typing import Final

STEP: Final = 0
"""Move kinds in the low 3 bits of a move's integer: one marble's step (or a 7 taken by one marble)."""
ENTER: Final = 1
"""A marble out of its reserve."""
SWAP: Final = 2
"""Two marbles change places."""
SPLIT: Final = 3
"""A 7 split over several marbles."""

Part = tuple[tuple[int, ...], int, int]
"""Parts of a 7 over some marbles: their ``from << 8 | to`` pairs in an order that plays, the key of the
set (:func:`_key`) and the move's integer."""


def step_code(kind: int, frm: int, to: int, section: int, swept: int) -> int:
    """A move of one marble (or a swap) as an integer.

    Bits: kind (3), ``frm + 1`` (8: 0 is the reserve), ``to`` (8), the section of the marble moved (3),
    then ``swept``: bit ``i`` set when the King takes the marble ``i + 1`` cells past ``frm``. The marble
    on ``to`` (a swap's other marble) is found on the board when the move is made.
    """
    return kind | (frm + 1) << 3 | to << 11 | section << 19 | swept << 22


def kind_step(frm: int, to: int, section: int) -> int:
    """:func:`step_code` of a plain step that takes nothing on its way."""
    return (frm + 1) << 3 | to << 11 | section << 19


def split_code(pairs: list[int]) -> int:
    """A 7 split over several marbles: its parts' ``from << 8 | to`` pairs in an order that plays."""
    code = SPLIT | (len(pairs) - 1) << 3
    for k in range(len(pairs)):
        code |= pairs[k] << (5 + 16 * k)
    return code


def parts_key(pairs: list[int]) -> int:
    """One integer for a set of parts: their ``from << 8 | to`` pairs, sorted, packed 16 bits apart."""
    key = 0
    for pair in sorted(pairs):
        key = key << 16 | pair
    return key
