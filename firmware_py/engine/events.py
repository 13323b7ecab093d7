"""What players do and what happens in a game: the actions, the phases and the history's events.

They stand apart from :class:`firmware_py.engine.game.Game` so that what reads a game's history (a seat's
view, the players) needs only these plain records, not the game that writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from firmware_py.engine.cards import Card
from firmware_py.engine.moves import Move


class Phase(StrEnum):
    """What the game waits for."""

    EXCHANGE = "exchange"
    """Partners give each other one card face down (R1x, CANOP)."""
    PLAY = "play"
    """The seat :attr:`Game.to_play` plays a card (or discards, or lays its hand down)."""
    OVER = "over"
    """A team (or a solo seat) has all its marbles home."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """A seat gives one card of its hand, face down, to its partner (R1x, CANOP)."""

    seat: str
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}>{self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """After a joker, the seat keeps the card it drew for later instead of playing again now."""

    seat: str

    def __str__(self) -> str:
        return f"{self.seat}:end"


Action: TypeAlias = Move | Exchange | EndTurn
"""What a player does: play (or discard) a card, give a card to the partner, end a joker's extra turn."""


def parse_action(text: str) -> Action:
    """Read an action: a move in the engine's notation, ``A>7H`` (seat A gives 7H), ``A:end``.

    Raises:
        NotationError: the text is none of these (the message says what was expected).
    """
    raw = text.strip()
    if raw.lower().endswith(":end") and len(raw) == 5:
        return EndTurn(raw[0].upper())
    if len(raw) > 2 and raw[1] == ">":
        return Exchange(raw[0].upper(), Card.parse(raw[2:]))
    return Move.parse(raw)


# -- history -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shuffled:
    """A shuffle: the whole stock in order, top first (hidden from every seat's view)."""

    number: int
    dealer: str
    stock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """One deal: each seat's cards (a seat sees only its own)."""

    dealer: str
    number: int
    """Deal 0, 1, ... of the current pack."""
    hands: tuple[tuple[str, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class Exchanged:
    """Partners' cards changed hands: each entry is (giver, receiver, card)."""

    gifts: tuple[tuple[str, str, Card], ...]


@dataclass(frozen=True, slots=True)
class Played:
    """A seat played, discarded or laid its hand down."""

    seat: str
    move: Move
    cards: tuple[Card, ...]
    """The cards that left the hand (the whole hand when it is laid down)."""

    def __init__(self, seat: str, move: Move, cards: tuple[Card, ...]) -> None:
        """Written out so that mypyc compiles it (see :meth:`Game.__init__`)."""
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class Drew:
    """A seat drew a card (TOC's pile, a joker's extra card)."""

    seat: str
    card: Card


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The seat kept its joker's extra card for later."""

    seat: str


@dataclass(frozen=True, slots=True)
class Won:
    """The game is over: these seats won."""

    seats: tuple[str, ...]


Event: TypeAlias = Shuffled | Dealt | Exchanged | Played | Drew | TurnEnded | Won
"""Everything that happened, in order: :attr:`Game.history`."""


@dataclass(frozen=True, slots=True)
class EventLog:
    """History as a chain from the newest event back, so that adding one is O(1)."""

    event: Event
    previous: EventLog | None
    length: int

    def __init__(self, event: Event, previous: EventLog | None, length: int) -> None:
        """Written out so that mypyc compiles it (see ``Game.__init__``)."""
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "previous", previous)
        object.__setattr__(self, "length", length)


def logged(log: EventLog | None, *events: Event) -> EventLog | None:
    """``log`` with ``events`` added, newest last."""
    for event in events:
        log = EventLog(event, log, (log.length if log else 0) + 1)
    return log
