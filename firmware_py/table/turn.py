"""The turn in progress as one immutable value, and what the table's parts ask the table to do.

A turn is who is about to move and what they intend (:data:`Intent`: nothing yet, a card a person
named, a computer seat's planned move) and what the board says meanwhile (:data:`BoardState`: it agrees
with the game, a move is half made, the table asks a question, an illegal move is on it, or the board
must first come back to the game's after an undo, a restart or a move entered on a page). The parts
(:mod:`~firmware_py.table.board_watch`, :mod:`~firmware_py.table.computer_seats`) never change the
table: they answer an event with an :class:`Outcome`, the next turn and the :data:`Effect` values that
go with it, which :class:`firmware_py.table.core.Table` applies in one place under its lock.

Which state wins is written here, once: a board to put right (an illegal move, a board that must come
back) is what the LEDs show before anything else, then a move in progress, then the intent
(:meth:`Turn.lit`); a refusal is logged only from a turn that is not awaiting the board, so a reading
taken before an undo can never log one after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from firmware_py.engine import Card, Move
from firmware_py.engine.violations import Violation
from firmware_py.errors import TableError
from firmware_py.games import TableGame


class Words(TypedDict):
    """A sentence in both languages of the pages."""

    fr: str
    en: str


MoveInfo = TypedDict(
    "MoveInfo",
    {"move": str, "fr": str, "en": str, "detail": str, "from": list[str], "to": list[str]},
)
"""A move for the pages: its notation, its sentence (fr, en), the holes it goes by (``detail``), the
places it leaves and reaches."""


class Reason(TypedDict):
    """One reason against a board: a rule broken (the engine's violation) in both languages."""

    code: str
    fr: str
    en: str
    marble: str | None
    places: list[str]


class Problem(TypedDict):
    """What is wrong with the board: its words, the holes concerned, the reasons (an illegal move's,
    none for a board that must come back), the holes wrongly filled and where marbles go back, and the
    holes the camera could not read (``unread``): a refusal takes them as they were, so the players
    check them by hand (they flash on the LEDs with the wrong ones)."""

    fr: str
    en: str
    places: list[str]
    violations: list[Reason]
    wrong: list[str]
    put_back: dict[str, str]
    unread: list[str]


class Question(TypedDict):
    """What the table asks the seat to play: its words, the holes concerned, the candidate moves."""

    fr: str
    en: str
    places: list[str]
    moves: list[MoveInfo]


def reason_of(found: Violation) -> Reason:
    """An engine's violation as the pages show it."""
    return {
        "code": found.code,
        "fr": found.fr,
        "en": found.en,
        "marble": found.marble,
        "places": list(found.places),
    }


@dataclass(frozen=True)
class CardChosen:
    """The person to play has named the card they play (on their phone, or the next button)."""

    seat: str
    card: Card
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class ComputerPlan:
    """The move a computer seat has chosen, shown on the pages and the LEDs, made when ``due``.

    ``made`` once its marbles were moved on the simulated board (the camera is to confirm it); ``log``
    is the log's length it was chosen at (a plan of an older position is chosen again)."""

    seat: str
    move: Move
    result: Mapping[str, str]
    due: float
    log: int
    info: MoveInfo
    made: bool = False


Intent = CardChosen | ComputerPlan | None
"""What the seat to play is about to do, as far as the table knows."""


@dataclass(frozen=True)
class BoardAgrees:
    """The board is the game's (or nothing was seen yet that says otherwise)."""


@dataclass(frozen=True)
class MoveInProgress:
    """A legal move is half made: place -> seat whose marble must come there (None: to empty)."""

    to_do: Mapping[str, str | None]


@dataclass(frozen=True)
class Asking:
    """The board means several moves, or was not read for sure: the seat to play is asked."""

    question: Question


@dataclass(frozen=True)
class BoardWrong:
    """The board is an illegal move (refused, in the log): the marbles go back as shown."""

    problem: Problem


@dataclass(frozen=True)
class AwaitingBoard:
    """The real board must first come back to the game's (after an undo, a restart, a move entered on a
    page): a board that differs is shown to put right, never judged as a move nor logged."""

    problem: Problem | None = None
    question: Question | None = None


BoardState = BoardAgrees | MoveInProgress | Asking | BoardWrong | AwaitingBoard
"""What the board says about the turn."""


@dataclass(frozen=True)
class Turn:
    """The turn in progress: a new one (:class:`Turn()`) after every move, undo and new game."""

    intent: Intent = None
    board: BoardState = field(default_factory=BoardAgrees)
    proposed: Mapping[str, str] | None = None
    """Without camera: the board moved on the page, while it is a move in progress or asked about."""
    notice: Words | None = None
    """A message for everyone (an undo, a button ignored, the camera lost...), until the turn ends."""

    @property
    def chosen(self) -> CardChosen | None:
        return self.intent if isinstance(self.intent, CardChosen) else None

    @property
    def plan(self) -> ComputerPlan | None:
        return self.intent if isinstance(self.intent, ComputerPlan) else None

    @property
    def awaiting(self) -> bool:
        """Whether the real board must first come back to the game's."""
        return isinstance(self.board, AwaitingBoard)

    @property
    def problem(self) -> Problem | None:
        """What is wrong with the board, if anything."""
        board = self.board
        return board.problem if isinstance(board, BoardWrong | AwaitingBoard) else None

    @property
    def question(self) -> Question | None:
        """What the table asks, if anything."""
        board = self.board
        if isinstance(board, Asking):
            return board.question
        return board.question if isinstance(board, AwaitingBoard) else None

    @property
    def to_do(self) -> Mapping[str, str | None]:
        """What is left of a move in progress (empty without one)."""
        return self.board.to_do if isinstance(self.board, MoveInProgress) else {}


@dataclass(frozen=True)
class Play:
    """Play ``move`` for ``seat`` (checked, saved, shown; the game moves on)."""

    seat: str
    move: Move
    source: str
    """``camera``, ``page`` or ``computer``: a move not read on the board is then awaited there."""


@dataclass(frozen=True)
class Exchange:
    """``seat`` gives ``card`` to its partner (saved)."""

    seat: str
    card: Card


@dataclass(frozen=True)
class EndTurn:
    """After a joker, ``seat`` keeps its card for later (saved)."""

    seat: str


@dataclass(frozen=True)
class SetSimBoard:
    """Put the simulated board's marbles as ``board``."""

    board: Mapping[str, str]


@dataclass(frozen=True)
class LogRefusal:
    """Write the refusal of an illegal board in the log (once per board: judged again, it is replaced)."""

    problem: Problem
    seat: str


@dataclass(frozen=True)
class Notify:
    """Tell everyone ``words`` (the turn's notice, until the turn ends)."""

    words: Words


@dataclass(frozen=True)
class SearchAside:
    """Search computer ``seat``'s move on ``game`` on a thread of its own, outside the table's lock
    (``seed``: the log's length, so that a position always gets the same choice)."""

    seat: str
    game: TableGame
    seed: int


@dataclass(frozen=True)
class Show:
    """Show the new state: the LEDs, then every page."""


Effect = Play | Exchange | EndTurn | SetSimBoard | LogRefusal | Notify | SearchAside | Show
"""What a part asks the table to do."""


@dataclass(frozen=True)
class Outcome:
    """A part's answer to an event: the turn from now on (None: the turn stays), the effects, applied
    in order, and the refusal to answer the person with once they are applied (an illegal board moved
    on the page is shown, then refused)."""

    turn: Turn | None = None
    effects: tuple[Effect, ...] = ()
    refusal: TableError | None = None
