"""The rules of Tock: pure, typed, standard library only."""

from firmware_py.engine.board import CENTRE, BoardTopology, Place, PlaceKind, parse_place
from firmware_py.engine.cards import Card, new_deck
from firmware_py.engine.errors import IllegalMoveError, InvalidPositionError, NotationError, TockError
from firmware_py.engine.legality import destinations, explain, is_legal, play
from firmware_py.engine.movegen import legal_moves
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position, validate
from firmware_py.engine.rules import (
    PRESETS,
    QC_ADVANCED,
    Dealing,
    DealPlan,
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
    deal_plan,
    find_preset,
    seat_letters,
    teams_of,
)
from firmware_py.engine.violations import Rule, Violation

__all__ = [
    "CENTRE",
    "PRESETS",
    "QC_ADVANCED",
    "BoardTopology",
    "Card",
    "DealPlan",
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
    "Move",
    "MoveKind",
    "Position",
    "Rule",
    "RuleSet",
    "SevenCaptures",
    "SevenMode",
    "Shortcut",
    "StartCell",
    "TeamMode",
    "TockError",
    "Violation",
    "board_sections",
    "deal_plan",
    "destinations",
    "explain",
    "find_preset",
    "is_legal",
    "legal_moves",
    "new_deck",
    "parse_place",
    "play",
    "seat_letters",
    "teams_of",
    "validate",
]
