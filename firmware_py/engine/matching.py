"""From what the camera sees to a move: ``match(position, layout)``.

The camera loop hands over a *layout* (place id -> seat letter) read from the board. ``match`` compares
it with the layout each legal move would leave: exactly one move (``move``), several (``ambiguous``),
a board still on its way to a legal move (``in_progress``: a captured marble not yet back in its
reserve, a 7 split half done), nothing changed (``unchanged``) or no legal move at all (``illegal``,
with the reasons of the move the players seem to have attempted). A marble anywhere in its own seat's
reserve counts as in reserve: which reserve hole does not matter.

Whatever the board means, ``board_difference`` says how to make it the position's again: the holes to
empty and the marbles to put back (after an illegal move, an undo, a restart).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import Card
from firmware_py.engine.errors import NotationError
from firmware_py.engine.legality import explain
from firmware_py.engine.movegen import apply_delta, hand_cards, legal_moves
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.tables import RESERVE
from firmware_py.engine.violations import Rule, Violation, violation

Reduced = tuple[dict[str, str], dict[str, int]]
"""A layout reduced to what matters: marbles on the board (place -> seat) and reserve counts per seat."""


@dataclass(frozen=True)
class Match:
    """What a layout read from the board means in a position."""

    kind: str
    """``unchanged``, ``move``, ``ambiguous``, ``in_progress`` or ``illegal`` (and ``unsure`` from
    :func:`match_seen`)."""
    moves: tuple[Move, ...] = ()
    """The legal moves that give the layout (``move``, ``ambiguous``) or that it is on its way to."""
    to_do: Mapping[str, str | None] = field(default_factory=lambda: MappingProxyType({}))
    """``in_progress``: place -> seat letter whose marble must go there, or None to empty it. A reserve
    is named by its first free hole."""
    violations: tuple[Violation, ...] = ()
    """``illegal``: why the attempted move is not allowed."""
    wrong_places: tuple[str, ...] = ()
    """``illegal``: places that differ from the board before the move (what to put back)."""
    unchanged_too: bool = False
    """``ambiguous`` (:func:`match_seen`): the board as it was fits what was seen as well as the moves."""


@dataclass(frozen=True)
class BoardDifference:
    """How a board seen differs from a position's board (a seat's reserve counting as one pool)."""

    wrong: tuple[str, ...] = ()
    """Places holding a marble that should not be there, sorted: on the board, a marble in another
    seat's reserve, or a reserve's marbles beyond the ones it should hold."""
    put_back: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Place -> seat letter whose marble must go there; a marble missing from a reserve is asked back
    in a free hole of that reserve."""

    @property
    def places(self) -> tuple[str, ...]:
        """Every place to put right, sorted (what the LEDs flash)."""
        return tuple(sorted(set(self.wrong) | set(self.put_back)))

    @property
    def unchanged(self) -> bool:
        """Whether the board seen is the position's board."""
        return not self.wrong and not self.put_back


def board_difference(position: Position, layout: Mapping[str, str]) -> BoardDifference:
    """Where ``layout`` (a board seen) differs from ``position``'s board, and how to put it right.

    Raises:
        NotationError: the layout names a place that is not on this board, or an unknown seat.
    """
    (b, want), (s, have) = _reduce(position, position.layout), _reduce(position, layout)
    wrong: list[str] = []
    put_back: dict[str, str] = {}
    for place in sorted(set(b) | set(s)):
        if b.get(place) != s.get(place):
            if place in s:
                wrong.append(place)
            if place in b:
                put_back[place] = b[place]
    for seat in position.seats:
        holes = sorted(p for p, owner in layout.items() if owner == seat and p not in s)
        if have[seat] > want[seat]:
            wrong += holes[want[seat] :]
        elif have[seat] < want[seat]:
            section = SECTION_LETTERS.index(seat)
            free = [h for n in range(1, 5) if (h := position.tables.reserve_id(section, n)) not in layout]
            put_back.update(dict.fromkeys(free[: want[seat] - have[seat]], seat))
    return BoardDifference(tuple(sorted(wrong)), MappingProxyType(put_back))


def match(position: Position, layout: Mapping[str, str], card: Card | None = None) -> Match:
    """Interpret a layout read from the board.

    Args:
        position: the position before the move.
        layout: place id -> seat letter of every marble seen (reserve holes included).
        card: the card played, when known (narrows the candidate moves).

    Raises:
        NotationError: the layout names a place that is not on this board, or an unknown seat.
    """
    before = _reduce(position, position.layout)
    seen = _reduce(position, layout)
    if seen == before:
        return Match("unchanged")
    results = [
        (move, _reduce(position, apply_delta(position, move, move.delta).layout))
        for move in legal_moves(position, card)
        if not move.is_discard
    ]
    exact = tuple(move for move, after in results if after == seen)
    if exact:
        return Match("move" if len(exact) == 1 else "ambiguous", exact)
    progress = [(move, after) for move, after in results if _on_the_way(before, seen, after)]
    if progress:
        best = min(len(_to_do(position, layout, seen, after)) for _, after in progress)
        closest = [(m, a) for m, a in progress if len(_to_do(position, layout, seen, a)) == best]
        to_do = _to_do(position, layout, seen, closest[0][1])
        return Match("in_progress", tuple(m for m, _ in closest), MappingProxyType(to_do))
    wrong = _differences(before, seen)
    return Match("illegal", violations=_attempt(position, before, seen, card), wrong_places=wrong)


def match_seen(
    position: Position, layout: Mapping[str, str], unsure: Collection[str], card: Card | None = None
) -> Match:
    """Interpret a board on which every marble was seen but some colours were not told for sure.

    A person who cannot tell two colours apart still knows whose marble it is from the game: a marble
    that arrives is the one that left. So the board as it was and every legal move's board are held
    against what was seen: a marble exactly where one was seen, and the colour seen where it was sure.

    Args:
        position: the position before the move.
        layout: place id -> seat letter of every marble whose colour was seen for sure.
        unsure: the places that hold a marble whose colour was not sure.
        card: the card played, when known.

    Returns:
        ``unchanged`` when only the board as it was fits; ``move`` when one legal move fits and the
        board as it was does not; ``ambiguous`` when several do (``unchanged_too`` says whether the
        board as it was is one of them: a Jack's swap changes no hole's occupancy); ``unsure`` when
        nothing fits (the reading must be checked by a person).

    Raises:
        NotationError: a place that is not on this board, or an unknown seat.
    """
    seen = _reduce_seen(position, layout, unsure)
    unchanged = seen_fits(position, position.layout, seen)
    before = _reduce(position, position.layout)
    boards = (
        (move, apply_delta(position, move, move.delta).layout)
        for move in legal_moves(position, card)
        if not move.is_discard
    )
    # a move that leaves the board as it was (a Jack swapping two of one seat's marbles) is not seen
    moves = tuple(
        move
        for move, board in boards
        if seen_fits(position, board, seen) and _reduce(position, board) != before
    )
    if not moves:
        return Match("unchanged" if unchanged else "unsure")
    if len(moves) == 1 and not unchanged:
        return Match("move", moves)
    return Match("ambiguous", moves, unchanged_too=unchanged)


def seen_unchanged(position: Position, layout: Mapping[str, str], unsure: Collection[str]) -> bool:
    """Whether the board as it was fits what was seen (see :func:`match_seen`)."""
    return seen_fits(position, position.layout, _reduce_seen(position, layout, unsure))


SeenBoard = tuple[dict[str, str | None], dict[str, int]]
"""What was seen, reduced as :data:`Reduced`: a marble of an unsure colour stands as ``None`` on the
board, and counts for the reserve it sits in."""


def _reduce_seen(position: Position, layout: Mapping[str, str], unsure: Collection[str]) -> SeenBoard:
    on_board, reserves = _reduce(position, {p: s for p, s in layout.items() if p not in unsure})
    seen: dict[str, str | None] = dict(on_board)
    for place in unsure:
        if position.tables.loc_of(place) == RESERVE and place[0] in reserves:
            reserves[place[0]] += 1
        else:
            seen[place] = None
    return seen, reserves


def seen_fits(position: Position, board: Mapping[str, str], seen: SeenBoard) -> bool:
    """Whether ``board`` (a full layout) shows a marble exactly where ``seen`` has one, of the colour
    seen wherever that colour was sure."""
    on_board, reserves = _reduce(position, board)
    seen_board, seen_reserves = seen
    if on_board.keys() != seen_board.keys() or reserves != seen_reserves:
        return False
    return all(colour is None or on_board[place] == colour for place, colour in seen_board.items())


def _reduce(position: Position, layout: Mapping[str, str]) -> Reduced:
    tables = position.tables
    on_board: dict[str, str] = {}
    reserves: dict[str, int] = {seat: 0 for seat in position.seats}
    for place, seat in layout.items():
        if seat not in reserves:
            raise NotationError(f"{place}: {seat!r} is not one of the seats {', '.join(position.seats)}")
        if tables.loc_of(place) == RESERVE and place[0] == seat:
            reserves[seat] += 1
        else:
            on_board[place] = seat
    return on_board, reserves


def _on_the_way(before: Reduced, seen: Reduced, after: Reduced) -> bool:
    """Every place is as before, as after, or emptied (a marble in a hand); reserves in between."""
    (b, br), (s, sr), (a, ar) = before, seen, after
    for place in set(b) | set(s) | set(a):
        got = s.get(place)
        if got is not None and got != b.get(place) and got != a.get(place):
            return False
    return all(min(br[seat], ar[seat]) <= sr[seat] <= max(br[seat], ar[seat]) for seat in br)


def _to_do(
    position: Position, layout: Mapping[str, str], seen: Reduced, after: Reduced
) -> dict[str, str | None]:
    (s, sr), (a, ar) = seen, after
    todo: dict[str, str | None] = {}
    for place in sorted(set(s) | set(a)):
        if s.get(place) != a.get(place):
            todo[place] = a.get(place)
    for seat in position.seats:
        missing = ar[seat] - sr[seat]
        section = SECTION_LETTERS.index(seat)
        free = [h for n in range(1, 5) if (h := position.tables.reserve_id(section, n)) not in layout]
        for hole in free[: max(missing, 0)]:
            todo[hole] = seat
    return todo


def _differences(before: Reduced, seen: Reduced) -> tuple[str, ...]:
    (b, _), (s, _) = before, seen
    return tuple(sorted(p for p in set(b) | set(s) if b.get(p) != s.get(p)))


def _attempt(position: Position, before: Reduced, seen: Reduced, card: Card | None) -> tuple[Violation, ...]:
    """Explain the move the players seem to have made (one marble moved, one entered, two swapped)."""
    (b, br), (s, sr) = before, seen
    emptied = [p for p in b if p not in s or s[p] != b[p]]
    filled = [p for p in s if b.get(p) != s[p]]
    attempts: list[tuple[MoveKind, tuple[tuple[str, str], ...]]] = []
    if len(emptied) == 2 and len(filled) == 2 and set(emptied) == set(filled):
        attempts.append((MoveKind.SWAP, ((emptied[0], emptied[1]),)))
    entering = [seat for seat in br if sr[seat] < br[seat]]
    if entering and len(filled) >= 1:
        attempts.append((MoveKind.ENTER, ((f"{entering[0]}R", filled[0]),)))
    movers = [(p, b[p]) for p in emptied]
    steps: list[tuple[str, str]] = []
    for place, seat in movers:
        targets = [q for q in filled if s[q] == seat and q not in {t for _, t in steps}]
        if targets:
            steps.append((place, targets[0]))
    if steps:
        attempts.append((MoveKind.STEP, tuple(steps)))
    cards = hand_cards(position, card)
    best: tuple[Violation, ...] = ()
    for kind, move_steps in attempts:
        for c in cards:
            problems = explain(position, Move(c, kind, move_steps))
            if problems and (not best or len(problems) < len(best)):
                best = problems
    if best:
        return best
    places = _differences(before, seen)
    return (violation(Rule.NOT_A_MOVE, places=places),)
