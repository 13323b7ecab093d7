"""What the modules below the public game read of one: :class:`TableFacts` and :class:`GameFacts`.

:class:`~firmware_py.engine.game.Game` lists its moves on the fast core and shows each seat its view,
so neither the core's table (:mod:`firmware_py.engine.fast.table`) nor the seat's view
(:mod:`firmware_py.engine.view`) may import it back; they read a game through this protocol, which
``Game`` satisfies as it is.
"""

from __future__ import annotations

from typing import Protocol

from firmware_py.engine.cards import Card
from firmware_py.engine.deck import Pack
from firmware_py.engine.events import Event, Phase
from firmware_py.engine.moves import Move
from firmware_py.engine.position import Position
from firmware_py.engine.rules import RuleSet


class TableFacts(Protocol):
    """What every seat sees of a game's table, from which the fast core builds a table with the hidden
    cards supplied (:func:`~firmware_py.engine.fast.table.table_with`): a ``Game``, or a seat's
    :class:`~firmware_py.engine.view.SeatView` (whose ``extra_play`` is its own)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def position(self) -> Position: ...
    @property
    def dealer(self) -> str: ...
    @property
    def shuffles(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_play(self) -> str | None: ...
    @property
    def extra_play(self) -> bool: ...
    @property
    def must_discard(self) -> str | None: ...
    @property
    def winner(self) -> tuple[str, ...] | None: ...


class GameFacts(TableFacts, Protocol):
    """A game's facts, as the public :class:`~firmware_py.engine.game.Game` holds them: its table, and
    what only the whole game knows (the hands, the pack, the history)."""

    @property
    def seed(self) -> int: ...
    @property
    def teams(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def hand_tuple(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def pack(self) -> Pack: ...
    @property
    def given(self) -> tuple[Card | None, ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def laid_down(self) -> frozenset[str]: ...
    @property
    def history(self) -> tuple[Event, ...]: ...

    def hand(self, seat: str) -> tuple[Card, ...]: ...

    def partner_of(self, seat: str) -> str | None: ...

    def legal_moves(self, card: Card | None = None) -> tuple[Move, ...]: ...
