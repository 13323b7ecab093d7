"""What the table answers, typed: its log lines and the answers to each action, as the pages get them.

They are typed dictionaries because they go out as JSON at once (:mod:`web`); the turn's own values
(problems, questions, move information) are in :mod:`firmware_py.table.turn`, the views per role in
:mod:`firmware_py.table.views`.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from firmware_py.table.turn import MoveInfo, Reason, Words


class LogLine(TypedDict):
    """One line of the game's log: a move, an exchange, a joker's turn ended, or a refused board.

    ``n`` is its line (see :func:`firmware_py.table.wording.move_entry`); ``places`` the holes it
    changed; a move has ``detail`` (its holes, ``A3 → A10``) and ``steps`` (each moved marble's
    ``[from, to]``); a refused board has ``reasons`` and ``unread``, the holes the camera could not read
    when it was refused (taken as they were).
    """

    n: int
    seat: str
    move: str
    fr: str
    en: str
    places: list[str]
    detail: NotRequired[str]
    steps: NotRequired[list[list[str]]]
    reasons: NotRequired[list[Reason]]
    unread: NotRequired[list[str]]


class Played(TypedDict):
    """A move saved: its notation and sentence, and the table's version after it."""

    move: str
    fr: str
    en: str
    version: int


class CardMoves(TypedDict):
    """A card named: its legal moves."""

    card: str
    moves: list[MoveInfo]


class Given(TypedDict):
    """A card given to the partner (face down: only the giver's page sees which)."""

    card: str
    version: int


class Version(TypedDict):
    """An action done: the table's version after it."""

    version: int


class Undone(TypedDict):
    """What an undo took back: the moves' notation (exchanges by kind only) and sentences."""

    undone: str
    fr: str
    en: str
    version: int


class MarbleMoved(TypedDict):
    """A marble moved on the page's board: the board the page now shows."""

    layout: dict[str, str]
    version: int


class Pressed(TypedDict):
    """A table button pressed: what it did (``undone`` for the undo button, as :class:`Undone`), or why
    it was ignored (``ignored``, ``fr``, ``en``)."""

    button: NotRequired[str]
    undone: NotRequired[str]
    version: NotRequired[int]
    card: NotRequired[str]
    ignored: NotRequired[bool]
    fr: NotRequired[str]
    en: NotRequired[str]


class Explanation(TypedDict):
    """ "Why not?": whether ``move`` is legal, and the rules it breaks."""

    move: str
    legal: bool
    reasons: list[Reason]


Hint = TypedDict(
    "Hint",
    {
        "card": str,
        "move": str,
        "fr": str,
        "en": str,
        "detail": str,
        "from": list[str],
        "to": list[str],
        "suggested": bool,
        "why": NotRequired[Words],
    },
)
"""A legal move of the hand, marked when it is the strong player's suggestion (with its ``why``)."""


def hint(card: str, info: MoveInfo) -> Hint:
    """``info``, a move of ``card``, as a hint not (yet) suggested."""
    return {
        "card": card,
        "move": info["move"],
        "fr": info["fr"],
        "en": info["en"],
        "detail": info["detail"],
        "from": info["from"],
        "to": info["to"],
        "suggested": False,
    }


class Calibrated(TypedDict):
    """One step of the camera's calibration done: what it found, in words (``fr``, ``en``), with the
    markers seen and missing (``markers``), whether the empty board was painted and the warnings
    (``colours``), or the board as read against the game's (``test``)."""

    ok: bool
    what: str
    fr: str
    en: str
    markers_seen: NotRequired[list[int]]
    markers_missing: NotRequired[list[int]]
    painted: NotRequired[bool]
    warnings: NotRequired[list[dict[str, str]]]
    status: NotRequired[str]
    layout: NotRequired[dict[str, str]]
    uncertain: NotRequired[list[str]]
    differ: NotRequired[list[str]]
