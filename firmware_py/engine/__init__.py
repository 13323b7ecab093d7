"""The rules of Tock: pure, typed, standard library only.

``Game``, ``SeatView``/``view_for``/``known_position`` (what a seat may know: the one privacy filter)
and ``DealSchedule``/``deal_schedule`` (the game with chance) are imported on first use, so that the
rules alone load without them.
"""

from typing import Any

from firmware_py.engine.compiled import usable_folder

_compiled = usable_folder()
if _compiled is not None:  # the same modules compiled with mypyc, found before the sources
    __path__.insert(0, str(_compiled))

from firmware_py.engine.board import CENTRE, BoardTopology, Place, PlaceKind, parse_place
from firmware_py.engine.cards import Card
from firmware_py.engine.deck import new_deck
from firmware_py.engine.describe import describe, describe_move
from firmware_py.engine.effects import Capture, MoveEffect, Step, move_effect
from firmware_py.engine.errors import NotationError, RulesError, TockError
from firmware_py.engine.legality import changes, destinations, explain, is_legal, play
from firmware_py.engine.matching import BoardDifference, Match, board_difference, match, match_seen
from firmware_py.engine.movegen import legal_moves
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Marble, Position
from firmware_py.engine.rules import (
    PRESETS,
    QC_ADVANCED,
    Dealing,
    FiveMode,
    JackMode,
    KingSweep,
    NothingPlayable,
    Overshoot,
    RuleSet,
    SevenCaptures,
    SevenMode,
    Shortcut,
    StartCell,
    TeamMode,
    board_sections,
    find_preset,
    seat_letters,
    teams_of,
)
from firmware_py.engine.validation import validate
from firmware_py.engine.violations import IllegalMoveError, InvalidPositionError, Rule, Violation

__all__ = [
    "CENTRE",
    "PRESETS",
    "QC_ADVANCED",
    "BoardDifference",
    "BoardTopology",
    "Capture",
    "Card",
    "Dealing",
    "FiveMode",
    "IllegalMoveError",
    "InvalidPositionError",
    "JackMode",
    "KingSweep",
    "NotationError",
    "NothingPlayable",
    "Overshoot",
    "Place",
    "PlaceKind",
    "Marble",
    "Match",
    "Move",
    "MoveEffect",
    "MoveKind",
    "Position",
    "Rule",
    "RuleSet",
    "RulesError",
    "SevenCaptures",
    "SevenMode",
    "Shortcut",
    "StartCell",
    "Step",
    "TeamMode",
    "TockError",
    "Violation",
    "board_difference",
    "board_sections",
    "changes",
    "describe",
    "describe_move",
    "destinations",
    "explain",
    "find_preset",
    "is_legal",
    "legal_moves",
    "match",
    "match_seen",
    "move_effect",
    "new_deck",
    "parse_place",
    "play",
    "seat_letters",
    "teams_of",
    "validate",
]

_LAZY = {
    "Game": "firmware_py.engine.game",
    "DealSchedule": "firmware_py.engine.dealing",
    "deal_schedule": "firmware_py.engine.dealing",
    "SeatView": "firmware_py.engine.view",
    "view_for": "firmware_py.engine.view",
    "known_position": "firmware_py.engine.view",
}


def __getattr__(name: str) -> Any:
    """Import the game-with-chance names on first use."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'firmware_py.engine' has no attribute {name!r}")
