"""What the camera read of a board, and whose its marbles of unsure colour are when the game says so.

:class:`SeenBoard` is a reading reduced as :func:`firmware_py.engine.matching.match_seen` weighs it:
marbles seen (a colour, or none where it was not sure), reserves counted, holes not read. A person who
cannot tell two colours apart still knows whose a marble is from the game: a marble still in the hole
it was in is the one that was there, and a marble that arrives is the one that left. :func:`attribute`
says so only where the changes read leave a single story, so that a wrong move can be refused with its
rule's reasons (never on a guess); anything else stays a question for the players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Reduced = tuple[dict[str, str], dict[str, int]]
"""A layout reduced to what matters: marbles on the board (place -> seat) and reserve counts per seat."""


@dataclass(frozen=True)
class SeenBoard:
    """What was read of a board, reduced as :data:`Reduced`."""

    board: Mapping[str, str | None]
    """Places (outside a seat's own reserve) where a marble was seen: its seat, or ``None`` when its
    colour was not sure."""
    reserves: Mapping[str, int]
    """Per seat, the marbles seen in its reserve (an unsure colour counts for the reserve it sits in)."""
    unread: frozenset[str] = frozenset()
    """Places outside the reserves whose occupancy was not read."""
    open_reserves: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """Per seat, the holes of its reserve whose occupancy was not read (each may hold one more marble)."""


def attribute(before: Reduced, seen: SeenBoard, movable: Collection[str]) -> dict[str, str] | None:
    """The seat of each marble of unsure colour in ``seen.board`` as the game tells it without any
    doubt from ``before`` (the board as it was), or None when it cannot. ``movable``: the places whose
    marble a legal move of the card played (or of the cards it may be) moves on the board (a step's
    start, a swap's two places).

    A marble of unsure colour where one was before keeps that marble's seat; the marbles of unsure
    colour in holes that were empty are the marbles that left (holes read empty now, reserves holding
    fewer), once the marbles of sure colour that arrived are matched with those of their seat, and
    only when all the marbles left over are of one seat. There is doubt, so None, when:

    * a hole holds a marble of sure colour other than the one it held, or a reserve holds more than it
      did: a marble may have been taken or swapped, and the marble now in its hole, or the one that
      took it, may be any of the unsure ones;
    * a hole not read held a marble, or a reserve is not read whole: the marble that arrived may be
      from there, or a marble taken may have gone there;
    * a marble of sure colour arrived that no marble of its seat that left explains, or the marbles
      that left are more or fewer than the unsure ones that arrived, or of two seats: a marble may be
      in a hand, or in a hole where another one stood;
    * marbles of unsure colour arrived, and one of unsure colour stands where a marble of another seat
      than theirs stood that the card played can move (a Jack's other marble, a 7 split over two
      seats): that marble may be the one that arrived, and the one that left now in its hole (a swap
      with one marble put a hole off).

    A marble of another seat that the card cannot move is taken to be still in its hole: the wrong
    move seen is then the one marble that left and arrived, as a person at the table would take it.
    """
    on_board, reserves = before
    unsure = [place for place, seat in seen.board.items() if seat is None]
    if not unsure:
        return {}
    if any(seat is not None and on_board.get(place, seat) != seat for place, seat in seen.board.items()):
        return None
    open_seats = [seat for seat, holes in seen.open_reserves.items() if holes]
    if any(seen.reserves[seat] > reserves[seat] for seat in reserves) or open_seats:
        return None
    if any(place in on_board for place in seen.unread):
        return None
    left = Counter(
        seat for place, seat in on_board.items() if place not in seen.board and place not in seen.unread
    )
    left.update({seat: reserves[seat] - seen.reserves[seat] for seat in reserves})
    arrived_sure = Counter(
        seat for place, seat in seen.board.items() if seat is not None and place not in on_board
    )
    if arrived_sure - left:
        return None
    left_over = left - arrived_sure
    arrived = [place for place in unsure if place not in on_board]
    if left_over.total() != len(arrived) or len(left_over) > 1:
        return None
    if arrived and any(on_board[p] not in left_over and p in movable for p in unsure if p in on_board):
        return None
    seats = {place: on_board[place] for place in unsure if place in on_board}
    seats.update({place: seat for seat in left_over for place in arrived})
    return seats
