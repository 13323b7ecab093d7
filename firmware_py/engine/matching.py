"""From what the camera sees to a move: ``match(position, layout)``.

The camera loop hands over a *layout* (place id -> seat letter) read from the board. ``match`` compares
it with the layout each legal move would leave: one move (``move``; moves that lead to one position,
such as a 7 split over two marbles of one seat either way round, are one), several (``ambiguous``),
a board still on its way to a legal move (``in_progress``: a captured marble not yet back in its
reserve, a 7 split half done), nothing changed (``unchanged``) or no legal move at all (``illegal``,
with the reasons of the move the players seem to have attempted). A marble anywhere in its own seat's
reserve counts as in reserve: which reserve hole does not matter. ``match_seen`` does the same for a
board on which some holes were not read for sure (a colour not told, a hole not read at all), and trusts
it only where nothing unread can hide another board; it refuses a wrong move seen where the camera
reads even while a few holes elsewhere are not read, or a few marbles' colours not told when the game
tells whose they are.

Whatever the board means, ``board_difference`` says how to make it the position's again: the holes to
empty and the marbles to put back (after an illegal move, an undo, a restart).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import Card
from firmware_py.engine.colour_evidence import ColourEvidence, favoured
from firmware_py.engine.errors import NotationError
from firmware_py.engine.legality import explain
from firmware_py.engine.movegen import apply_delta, hand_cards, legal_moves
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.seen import Reduced, SeenBoard, attribute
from firmware_py.engine.tables import RESERVE
from firmware_py.engine.violations import Rule, Violation, violation


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
    board: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """``illegal`` from :func:`match_seen`: the board judged (place -> seat letter), each hole not read
    taken as it was and each marble of unsure colour given the seat the game tells: the board whose
    holes to put right the players are shown."""
    unchanged_too: bool = False
    """``ambiguous`` (:func:`match_seen`): the board as it was fits what was seen as well as the moves."""
    colour_lead: float | None = None
    """``move`` or ``unchanged`` (:func:`match_seen`) chosen by the graded colours among several boards
    that fit: by how much (log-likelihood) they favour it over the next."""


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

    Returns:
        ``move`` when the legal moves that give the layout all lead to one position (a 7 split over two
        marbles of one seat either way round leaves one board: either is the move played); ``ambiguous``
        when they lead to several (one move per position); ``unchanged``, ``in_progress`` or ``illegal``.

    Raises:
        NotationError: the layout names a place that is not on this board, or an unknown seat.
    """
    before = _reduce(position, position.layout)
    seen = _reduce(position, layout)
    if seen == before:
        return Match("unchanged")
    results = [(move, after, _reduce(position, after.layout)) for move, after in _outcomes(position, card)]
    exact = _one_per_position([(move, after) for move, after, reduced in results if reduced == seen])
    if exact:
        return Match("move" if len(exact) == 1 else "ambiguous", exact)
    progress = [(move, reduced) for move, _, reduced in results if _on_the_way(before, seen, reduced)]
    if progress:
        best = min(len(_to_do(position, layout, seen, after)) for _, after in progress)
        closest = [(m, a) for m, a in progress if len(_to_do(position, layout, seen, a)) == best]
        to_do = _to_do(position, layout, seen, closest[0][1])
        return Match("in_progress", tuple(m for m, _ in closest), MappingProxyType(to_do))
    wrong = _differences(before, seen)
    return Match("illegal", violations=_attempt(position, before, seen, card), wrong_places=wrong)


def match_seen(
    position: Position,
    layout: Mapping[str, str],
    unsure: Collection[str],
    card: Card | None = None,
    *,
    unread: Collection[str] = (),
    colours: ColourEvidence | None = None,
    touched: ColourEvidence | None = None,
) -> Match:
    """Interpret a board on which some holes were not read for sure: marbles whose colour was not told,
    and holes whose occupancy was not read at all.

    A person who cannot tell two colours apart still knows whose marble it is from the game: a marble
    that arrives is the one that left. So the board as it was and every legal move's board are held
    against what was seen: a marble exactly where one was seen, and the colour seen where it was sure.

    A person who cannot see a few holes still knows the move when it happened where they can see, and
    nothing can have changed where they cannot. So a hole not read is no evidence either way, and the
    reading is trusted only when (see :func:`seen_is_whole`):

    * no board that fits it changes a hole not read (a reserve not read whole counts as not read): a
      marble put one hole too far onto such a hole, or a move that ends there, is never explained away
      as the legal move, and two moves that differ only there are not told apart;
    * no marble the board had in the holes not read can have gone to another of them unseen: they hold
      no marble, or they are one hole, or one seat's reserve (whose holes are alike). A reserve not read
      whole holds no such marble when its holes read hold as many marbles as it had: its marbles are
      alike, and none is missing from it.

    A person who cannot see a few holes, or tell a few colours, still sees a wrong move made where they
    can see. The reading is ``illegal`` when the holes read rule out every legal move and the board as
    it was, whatever the holes not read and the unsure colours hold; no legal move starts or ends in a
    hole not read (it could hold the explanation); the game tells whose each marble of unsure colour is
    without any doubt (a marble still in the hole it was in is the one that was there, a marble that
    arrives is the one that left: see :func:`~firmware_py.engine.seen.attribute`); and the board read
    with the holes not read taken as they were (see :func:`read_as_before`) and those marbles given
    their seats is an attempt the rules can judge (a marble moved, entered or swapped): the reasons are
    that attempt's, the very ones of that board read whole, and it is the verdict's ``board``. A change
    that may go on into a hole not read (a marble gone from a hole read, perhaps into one not read) is
    no attempt the rules can judge, so it stays ``unsure``, as does a marble of unsure colour that may
    be one of several (two marbles of different seats left, a marble may have been taken, the card
    can move a marble of another seat whose hole it may have left for another (a Jack's swap with one
    marble put a hole off), a hole not read or a reserve not read whole may hold where it came from).
    No legal move is ever refused: it fits the reading, whatever the holes not read and the unsure
    colours hold. The graded ``colours`` play no part in a refusal.

    Otherwise the reading is ``unsure``: the table waits for a clearer picture or asks to check those
    holes. The rule assumes only that marbles stay on the board: one that is lifted shows as a hole
    emptied, which is read.

    A person who cannot tell two pale tints apart for sure still sees which marble is a little bluer:
    where several boards fit (several moves, or a move and the board as it was), the graded ``colours``
    of the unsure holes choose one when they favour it over every other by
    :data:`~firmware_py.engine.colour_evidence.COLOUR_MARGIN` (see
    :func:`~firmware_py.engine.colour_evidence.favoured`); otherwise it stays ``ambiguous``.

    A person who looked away still sees which marbles were touched, but not whether one was only lifted
    and put back: the ``touched`` evidence (a marble whose look changed since the board before weighs
    against the seat that was there) is added to the colours to choose between moves, never to choose a
    move over the board as it was. A move is chosen over the board as it was by the colours alone, and
    when the colours alone choose another move than colours and touch together, nothing is chosen. Nor
    do the colours choose the board as it was when a move that fits moves only marbles that were
    touched: two marbles of near colours swapped may be read the wrong way round, each in the other's
    colour (blue and purple cat's-eyes in the evening, on the six-seat board), and the players are asked.

    Args:
        position: the position before the move.
        layout: place id -> seat letter of every marble whose colour was seen for sure.
        unsure: the places that hold a marble whose colour was not sure.
        card: the card played, when known.
        unread: the places whose occupancy was not read for sure.
        colours: graded colour evidence of the ``unsure`` places (place -> seat -> log-likelihood).
        touched: evidence of the ``unsure`` places that their marble was touched (place -> seat ->
            log-likelihood, only its differences between seats matter; seats absent weigh nothing).

    Returns:
        ``unchanged`` when only the board as it was fits; ``move`` when the legal moves that fit all lead
        to one position and the board as it was does not fit; ``ambiguous`` when they lead to several
        (one move per position; ``unchanged_too`` says whether the board as it was fits as well: a
        Jack's swap changes no hole's occupancy); ``illegal`` when the holes read rule out every legal
        move and show a wrong attempt (its ``violations`` and ``wrong_places`` are those of its
        ``board``: the board read with the holes not read taken as they were and the marbles of unsure
        colour given the seats the game tells); ``unsure`` when nothing fits or the reading
        cannot be trusted (the reading must be checked by a person, or a clearer picture awaited).

    Raises:
        NotationError: a place that is not on this board, or an unknown seat.
    """
    seen = _reduce_seen(position, layout, unsure, unread)
    before = _reduce(position, position.layout)
    outcomes = [(move, after, _reduce(position, after.layout)) for move, after in _outcomes(position, card)]
    reduced_outcomes = [reduced for _, _, reduced in outcomes]
    fitting = [(move, after, reduced) for move, after, reduced in outcomes if _fits(reduced, seen)]
    if not fitting and not _fits(before, seen) and not _changes_unread(seen, before, reduced_outcomes):
        movable = {place for move, _, _ in outcomes for place in _moving(move)}
        refused = _refusal_seen(position, layout, seen, movable, unsure, unread, card)
        if refused is not None:
            return refused
    if not seen_is_whole(seen, before, [reduced for _, _, reduced in fitting]):
        return Match("unsure")
    unchanged = _fits(before, seen)
    # a move that leaves the board as it was (a Jack swapping two of one seat's marbles) is not seen
    moves = _one_per_position([(move, after) for move, after, reduced in fitting if reduced != before])
    if not moves:
        return Match("unchanged" if unchanged else "unsure")
    if len(moves) == 1 and not unchanged:
        return Match("move", moves)
    if colours:
        chosen = _by_colour(position, moves, unchanged, seen, colours, touched or {})
        if chosen is not None:
            return chosen
    return Match("ambiguous", moves, unchanged_too=unchanged)


def _by_colour(
    position: Position,
    moves: tuple[Move, ...],
    unchanged: bool,
    seen: SeenBoard,
    colours: ColourEvidence,
    touched: ColourEvidence,
) -> Match | None:
    """The move (or the board as it was, when it fits) the graded colours of the unsure holes favour
    over every other board that fits, the ``touched`` evidence helping between moves only (see
    :func:`match_seen`), or None. Two moves that leave the same marbles (their positions differ in
    nothing a camera sees) score alike, so neither is ever chosen."""
    before = [_reduce(position, position.layout)[0]] if unchanged else []
    boards = [_reduce(position, apply_delta(position, m, m.delta).layout)[0] for m in moves]
    unsure = [place for place, seat in seen.board.items() if seat is None]
    by_colour = favoured(before + boards, unsure, colours)
    if by_colour is not None and before and by_colour.index == 0:
        if any(_only_touched(before[0], board, touched) for board in boards):
            return None  # a move moves only marbles that were touched: the colours may be read the wrong way
        return Match("unchanged", colour_lead=by_colour.lead)
    colour_move = None if by_colour is None else by_colour.index - len(before)
    both = favoured(boards, unsure, _added(colours, touched)) if touched else None
    if both is None:
        if by_colour is None or colour_move is None:
            return None
        return Match("move", (moves[colour_move],), colour_lead=by_colour.lead)
    if colour_move is not None and both.index != colour_move:
        return None  # the colours and the touch point at two moves
    lead = both.lead
    if before:
        over = favoured([before[0], boards[both.index]], unsure, colours)
        if over is None or over.index == 0:
            return None  # the touched marbles may have been put back where they were
        lead = min(lead, over.lead)
    return Match("move", (moves[both.index],), colour_lead=lead)


def _only_touched(before: Mapping[str, str], after: Mapping[str, str], touched: ColourEvidence) -> bool:
    """Whether ``after`` changes some hole of ``before`` and every hole it changes was touched."""
    changed = {place for place in before.keys() | after.keys() if before.get(place) != after.get(place)}
    return bool(changed) and all(touched.get(place) for place in changed)


def _added(colours: ColourEvidence, touched: ColourEvidence) -> ColourEvidence:
    """The colour evidence with the touch's added, seat by seat."""
    return {
        place: {seat: value + touched.get(place, {}).get(seat, 0.0) for seat, value in seats.items()}
        for place, seats in colours.items()
    }


def read_as_before(position: Position, layout: Mapping[str, str], unread: Collection[str]) -> dict[str, str]:
    """The board read, with each hole not read holding what it held in ``position`` (the board a
    refusal of :func:`match_seen` judges, once its marbles of unsure colour are given their seats)."""
    board = {place: seat for place, seat in layout.items() if place not in unread}
    board.update({place: position.layout[place] for place in unread if place in position.layout})
    return board


def _refusal_seen(
    position: Position,
    layout: Mapping[str, str],
    seen: SeenBoard,
    movable: Collection[str],
    unsure: Collection[str],
    unread: Collection[str],
    card: Card | None,
) -> Match | None:
    """The ``illegal`` verdict on a reading no legal move fits (see :func:`match_seen`), or None when the
    wrong attempt cannot be told from the holes read, or the game cannot tell whose its marbles of
    unsure colour are (see :func:`~firmware_py.engine.seen.attribute`). ``movable``: the places whose
    marble a legal move moves."""
    seats = attribute(_reduce(position, position.layout), seen, movable)
    if seats is None:
        return None
    board = read_as_before(position, {p: s for p, s in layout.items() if p not in unsure}, unread)
    # a marble of unsure colour in a reserve counts for that reserve's seat, as when it was reduced
    board.update({place: seats.get(place, place[0]) for place in unsure})
    judged = match(position, board, card)
    if judged.kind != "illegal" or any(v.rule is Rule.NOT_A_MOVE for v in judged.violations):
        return None
    return Match(
        "illegal",
        violations=judged.violations,
        wrong_places=judged.wrong_places,
        board=MappingProxyType(board),
    )


def _moving(move: Move) -> tuple[str, ...]:
    """The places whose marble ``move`` moves on the board: each step's start, a swap's two places."""
    if move.kind is MoveKind.SWAP:
        return move.steps[0]
    return tuple(start for start, _ in move.steps if move.kind is MoveKind.STEP)


def seen_unchanged(
    position: Position, layout: Mapping[str, str], unsure: Collection[str], unread: Collection[str] = ()
) -> bool:
    """Whether the board as it was fits what was seen, and nothing can have changed in the holes not
    read (see :func:`match_seen`)."""
    seen = _reduce_seen(position, layout, unsure, unread)
    before = _reduce(position, position.layout)
    return _fits(before, seen) and seen_is_whole(seen, before, [before])


def seen_is_whole(seen: SeenBoard, before: Reduced, fitting: Collection[Reduced]) -> bool:
    """Whether the holes not read leave no doubt about the board: no board of ``fitting`` (the boards
    that fit what was seen) changes one of them from ``before``, and no marble ``before`` had in them can
    have moved to another of them unseen (see :func:`match_seen`)."""
    open_seats = {seat for seat, holes in seen.open_reserves.items() if holes}
    if not seen.unread and not open_seats:
        return True
    on_board, reserves = before
    # A reserve's marbles are alike: one whose read holes hold as many as it had lost none unseen.
    holding = any(p in on_board for p in seen.unread) or any(
        reserves[s] > seen.reserves[s] for s in open_seats
    )
    if holding and len(seen.unread) + len(open_seats) > 1:
        return False
    return not _changes_unread(seen, before, fitting)


def _changes_unread(seen: SeenBoard, before: Reduced, boards: Collection[Reduced]) -> bool:
    """Whether a board of ``boards`` differs from ``before`` in a hole not read (a reserve not read
    whole counting as one)."""
    on_board, reserves = before
    open_seats = [seat for seat, holes in seen.open_reserves.items() if holes]
    return any(
        any(after[0].get(p) != on_board.get(p) for p in seen.unread)
        or any(after[1][s] != reserves[s] for s in open_seats)
        for after in boards
    )


def _outcomes(position: Position, card: Card | None) -> list[tuple[Move, Position]]:
    """Every legal move that moves a marble (no discard), with the position it leads to."""
    return [
        (move, apply_delta(position, move, move.delta))
        for move in legal_moves(position, card)
        if not move.is_discard
    ]


def _one_per_position(outcomes: list[tuple[Move, Position]]) -> tuple[Move, ...]:
    """The first move of each distinct position (the engine's whole position: marbles, fresh start
    cells, turn and hands): moves that lead to one position are the same for the game."""
    kept: list[tuple[Move, Position]] = []
    for move, after in outcomes:
        if all(after != other for _, other in kept):
            kept.append((move, after))
    return tuple(move for move, _ in kept)


def _reduce_seen(
    position: Position, layout: Mapping[str, str], unsure: Collection[str], unread: Collection[str]
) -> SeenBoard:
    not_sure = set(unsure) | set(unread)
    on_board, reserves = _reduce(position, {p: s for p, s in layout.items() if p not in not_sure})
    seen: dict[str, str | None] = dict(on_board)
    for place in unsure:
        if _reserve_seat(position, place) in reserves:
            reserves[place[0]] += 1
        else:
            seen[place] = None
    unread_places: set[str] = set()
    open_reserves = dict.fromkeys(reserves, 0)
    for place in set(unread) - set(unsure):
        if _reserve_seat(position, place) in reserves:
            open_reserves[place[0]] += 1
        else:
            unread_places.add(place)
    return SeenBoard(
        MappingProxyType(seen),
        MappingProxyType(reserves),
        frozenset(unread_places),
        MappingProxyType(open_reserves),
    )


def _reserve_seat(position: Position, place: str) -> str | None:
    """The seat whose reserve ``place`` is a hole of, None for any other place.

    Raises:
        NotationError: not a place of this board."""
    return place[0] if position.tables.loc_of(place) == RESERVE else None


def _fits(board: Reduced, seen: SeenBoard) -> bool:
    """Whether ``board`` shows a marble exactly where ``seen`` has one, of the colour seen wherever that
    colour was sure, and its reserves within what was seen of them (holes not read are no evidence)."""
    on_board, reserves = board
    if any(place not in on_board for place in seen.board):
        return False
    for place, seat in on_board.items():
        if place in seen.unread:
            continue
        if place not in seen.board:
            return False
        colour = seen.board[place]
        if colour is not None and colour != seat:
            return False
    return all(
        seen.reserves[seat] <= count <= seen.reserves[seat] + seen.open_reserves.get(seat, 0)
        for seat, count in reserves.items()
    )


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
    """Explain the move the players seem to have made (one marble moved, one entered, two swapped). The
    holes are taken in order of their names, so that the reasons never depend on the order a layout
    lists them in (a camera's, or the board a refusal of :func:`match_seen` judges)."""
    (b, br), (s, sr) = before, seen
    emptied = sorted(p for p in b if p not in s or s[p] != b[p])
    filled = sorted(p for p in s if b.get(p) != s[p])
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
