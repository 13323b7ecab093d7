"""What each role may see of the table, as typed dictionaries (they go to the pages as JSON).

:class:`PublicView` is everything a spectator may see: the board, the turn and the log, never a hand
and never a key. :class:`SeatView` adds one seat's private facts, and goes only to that seat's key.
:class:`SeatLink` (a seat's key and address) goes only to the table's key.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from firmware_py.engine.board import BoardTopology
from firmware_py.table.answers import LogLine
from firmware_py.table.turn import MoveInfo, Problem, Question, Words


class SeatFacts(TypedDict):
    """A seat as everyone sees it: no hand, only how many cards it holds."""

    seat: str
    name: str
    colour: str
    team: int
    computer: bool
    cards: int
    connected: bool


class BoardFacts(TypedDict):
    """The board a game is played on: its model and the engine's topology, for drawing it."""

    model: str
    sections: int
    home_entry_after: int
    shortcut_cell: int
    centre: bool


def board_facts(model: str, topology: BoardTopology) -> BoardFacts:
    """The facts of ``topology`` (of board ``model``) for the pages."""
    return {
        "model": model,
        "sections": topology.sections,
        "home_entry_after": topology.home_entry_after,
        "shortcut_cell": topology.shortcut_cell,
        "centre": topology.centre,
    }


def board_topology(board: BoardFacts) -> BoardTopology:
    """The engine's topology back from a page's board facts."""
    return BoardTopology(
        sections=board["sections"],
        home_entry_after=board["home_entry_after"],
        shortcut_cell=board["shortcut_cell"],
        centre=board["centre"],
    )


Switch = bool | int | str | list[str] | list[int]
"""A house-rule switch's plain value, as the set-up file and the pages hold it."""


class CameraFacts(TypedDict):
    """The camera as the pages show it: its source, its status, and a message (vision's words in
    English, or the table's in both languages)."""

    mode: str
    status: str
    message: str | Words


ComputerMove = TypedDict(
    "ComputerMove",
    {"seat": str, "move": str, "fr": str, "en": str, "from": list[str], "to": list[str]},
)
"""The move a computer seat has chosen, as the pages show it before it is made."""


class PublicView(TypedDict):
    """What everyone may see (see :meth:`firmware_py.table.core.Table.public_view` for each key)."""

    game_id: int | str
    preset: str
    switches: dict[str, Switch]
    sections: int
    board: BoardFacts
    cards: str
    seats: list[SeatFacts]
    layout: dict[str, str]
    turn: str | None
    phase: str
    exchange_owing: list[str]
    last_move: LogLine | None
    log: list[LogLine]
    leds: dict[str, str]
    highlight: list[str]
    problem: Problem | None
    question: Question | None
    computer: ComputerMove | None
    notice: Words | None
    camera: CameraFacts
    sim_layout: dict[str, str] | None
    winner: str | None
    version: int


class SeatView(PublicView):
    """:class:`PublicView` plus one seat's private facts: its hand and what it may play."""

    seat: str
    hand: list[str]
    playable: dict[str, list[MoveInfo]]
    can_exchange: bool
    must_discard: bool
    extra_play: bool
    given: NotRequired[str | None]


class SeatLink(TypedDict):
    """A seat's private address (its key inside): for the table's key only."""

    seat: str
    name: str
    token: str
    path: str
    computer: bool
