"""What a move does on a position: each marble's step and each marble it takes, in place ids.

The table says a move in words and draws its arrows from this. It is read from the move's own effect
(the fast core's :data:`~firmware_py.engine.fast.Delta`, the one the engine applies), never from two
boards compared: a marble landing on one of its own side, a split 7 taking on its way, or a Jack
swapping two marbles of one seat leave boards that cannot tell what happened, but the move can.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.fast import Delta
from firmware_py.engine.legality import checked
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.tables import RESERVE


@dataclass(frozen=True, slots=True)
class Step:
    """One marble moved by a move."""

    seat: str
    """The seat whose marble it is (not always the mover's: a 5, a Jack, a partner's marble)."""
    source: str
    """The place it left; a reserve marble leaves the last filled hole of its reserve (``AR4`` when
    the reserve is full), as :attr:`Position.layout` fills them."""
    destination: str


@dataclass(frozen=True, slots=True)
class Capture:
    """One marble a move sent back to its reserve."""

    seat: str
    place: str
    """The place it was taken on."""


@dataclass(frozen=True, slots=True)
class MoveEffect:
    """What a move does: its steps in play order and its captures in the order it takes them."""

    steps: tuple[Step, ...] = ()
    captures: tuple[Capture, ...] = ()

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(step.source for step in self.steps)

    @property
    def destinations(self) -> tuple[str, ...]:
        return tuple(step.destination for step in self.steps)

    @property
    def places(self) -> tuple[str, ...]:
        """Every place the move changes, each once: the steps' in play order, then the captures'."""
        seen: dict[str, None] = {}
        for step in self.steps:
            seen[step.source] = seen[step.destination] = None
        for capture in self.captures:
            seen[capture.place] = None
        return tuple(seen)


def move_effect(position: Position, move: Move) -> MoveEffect:
    """What ``move`` does on ``position`` (a discard or laying the hand down moves nothing).

    ``move`` may be parsed from text (a save, the camera): the engine finds its own legal move.

    Raises:
        IllegalMoveError: the move is illegal in ``position``.
    """
    found = checked(position, move)
    if found.delta is None or found.kind in (MoveKind.DISCARD, MoveKind.LAY_DOWN):
        return MoveEffect()
    steps, caps, _ = cast(Delta, found.delta)
    ids = position.tables.place_ids
    seat_of = {section: seat for section, seat in zip(position.sections, position.seats, strict=True)}
    occ = list(position.occupancy())
    taken: list[Capture] = []
    if len(steps) == 1:  # one marble: what it takes (swept or landed on) stood there before it moved
        taken = [Capture(seat_of[occ[loc]], ids[loc]) for loc in caps]
    elif caps:  # a split 7: each part takes what stands where it lands when it gets there
        waiting = list(caps)
        for frm, to, section in steps:
            if waiting and waiting[0] == to and occ[to] >= 0:
                taken.append(Capture(seat_of[occ[waiting.pop(0)]], ids[to]))
            if frm != RESERVE:
                occ[frm] = -1
            occ[to] = section
    return MoveEffect(
        tuple(Step(seat_of[section], _source(position, frm, section), ids[to]) for frm, to, section in steps),
        tuple(taken),
    )


def _source(position: Position, loc: int, section: int) -> str:
    if loc != RESERVE:
        return position.tables.place_ids[loc]
    index = position.sections.index(section)
    waiting = position.marbles[4 * index : 4 * index + 4].count(RESERVE)
    return f"{SECTION_LETTERS[section]}R{waiting}"
