"""What a :class:`~firmware_py.engine.position.Position` works out once and keeps: :class:`Memo`.

A position is immutable, so whatever is derived from it (the occupancy, the winner, the moves of each
card) can be worked out on first use and kept beside it. Each derived value has its own typed slot
here, so that a reader sees what is kept and a wrong value cannot slip in under a string key.
"""

from __future__ import annotations

from typing import Protocol

from firmware_py.engine.cards import Card
from firmware_py.engine.context import Context, TurnInfo
from firmware_py.engine.moves import Move
from firmware_py.engine.rules import StartCell

CardKey = tuple[str, str | None]
"""A card by its value, ``(rank, suit)`` (hashed in C, where a ``Card``'s hash is Python)."""


class MoveLister(Protocol):
    """What lists a position's moves (the fast core's state of it: ``firmware_py.engine.fast.State``)."""

    def generate(self, rank: int, out: list[int]) -> None: ...

    def to_move(self, code: int, card: Card) -> Move: ...


class Memo:
    """The values derived from one position, each worked out on first use (None or empty until then).

    Engine-internal: the modules that derive a value fill its slot (``movegen`` the moves, ``guards`` the
    guarded marbles, ``Position`` the rest).
    """

    def __init__(self) -> None:
        self.ctx: Context | None = None
        """The game's facts, shared by every position of the game."""
        self.occ: list[int] | None = None
        """Per location, the section of the marble on it, or -1."""
        self.winner_known = False
        self.winner: tuple[str, ...] | None = None
        """The winning team once :attr:`winner_known` (None: nobody has won)."""
        self.guards: tuple[frozenset[int], frozenset[int]] | None = None
        """The marbles that block passage, and those that cannot be taken."""
        self.spared: dict[StartCell, frozenset[int]] = {}
        """Per protection (the Jack's, the 5's), the marbles on their start cell it spares."""
        self.turn: TurnInfo | None = None
        """The seat to play and the sections whose marbles it moves."""
        self.lister: MoveLister | None = None
        """The fast core's state of the position, which lists its moves."""
        self.codes: dict[str, list[int]] = {}
        """Per rank, the legal moves as the core's integers."""
        self.moves: dict[CardKey, tuple[Move, ...]] = {}
        """Per card, its legal moves (no discards)."""
        self.legal: dict[CardKey | None, tuple[Move, ...]] = {}
        """``legal_moves`` per card asked for (None: the whole hand)."""

    def of_marbles(self) -> Memo:
        """A memo holding only what depends on the game and the marbles, not on the seat to play or the
        hands: what a position with another seat to play or other hands may keep."""
        kept = Memo()
        kept.ctx = self.ctx
        kept.occ = self.occ
        kept.winner_known = self.winner_known
        kept.winner = self.winner
        kept.guards = self.guards
        return kept

    def of_game(self) -> Memo:
        """A memo holding only the game's facts: what a position after a move may keep."""
        kept = Memo()
        kept.ctx = self.ctx
        return kept
