"""The game a table plays, one type whether the companion deals the cards or the players hold real ones.

With digital cards the engine's :class:`~firmware_py.engine.game.Game` knows every hand, the exchange and
a joker's extra turn. With real cards the companion knows the board and whose turn it is, never a card:
:class:`RealCards` is that game, the position alone, each move played with the card its player names.
Both are a :class:`TableGame`, so the table, the saves and the pages ask one type and never which kind
it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from firmware_py.engine import Card, Move, Position, RuleSet, TockError, legal_moves, play
from firmware_py.engine.events import Phase
from firmware_py.engine.game import Game
from firmware_py.engine.view import SeatView


class TableGame(Protocol):
    """What the table asks of a game, immutable: every action returns the game after it."""

    @property
    def position(self) -> Position:
        """The board, the seats and whose turn it is."""
        ...

    @property
    def phase(self) -> Phase:
        """Exchanging cards, playing, or over."""
        ...

    @property
    def to_play(self) -> str | None:
        """The seat to play (None once the game is over)."""
        ...

    @property
    def winner(self) -> tuple[str, ...] | None:
        """The winning seats, None while the game goes on."""
        ...

    @property
    def extra_play(self) -> bool:
        """The seat to play drew an extra card with a joker and may keep it for later."""
        ...

    @property
    def pending_exchanges(self) -> tuple[str, ...]:
        """The seats that still have to give their partner a card."""
        ...

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in turn order."""
        ...

    @property
    def given(self) -> tuple[Card | None, ...]:
        """Per seat (in :attr:`seats` order), the card it gave in the exchange under way, if any."""
        ...

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards ``seat`` holds, as far as the companion knows them."""
        ...

    def view_for(self, seat: str, *, with_history: bool = True) -> SeatView | None:
        """What ``seat`` may know of the cards (the engine's privacy filter), None when the companion
        knows no card at all."""
        ...

    def legal_moves(self, card: Card | None = None) -> tuple[Move, ...]:
        """The legal moves of the seat to play, of ``card`` or of the whole hand."""
        ...

    def play(self, move: Move) -> TableGame:
        """The game after ``move``.

        Raises:
            IllegalMoveError: the rules forbid it.
        """
        ...

    def exchange(self, seat: str, card: Card) -> TableGame:
        """The game after ``seat`` gives ``card`` to its partner."""
        ...

    def end_turn(self, seat: str) -> TableGame:
        """The game after ``seat`` keeps its joker's extra card for later."""
        ...


@dataclass(frozen=True, slots=True)
class RealCards:
    """A game played with real cards: the position alone; each move names the card it was played with."""

    position: Position

    @property
    def phase(self) -> Phase:
        """Real cards are exchanged at the table, unseen: the game is played or over."""
        return Phase.OVER if self.winner else Phase.PLAY

    @property
    def to_play(self) -> str | None:
        """The seat whose turn it is, None once the game is over."""
        return None if self.winner else self.position.turn

    @property
    def winner(self) -> tuple[str, ...] | None:
        """The winning seats, None while the game goes on."""
        return self.position.winner

    @property
    def extra_play(self) -> bool:
        """A joker's extra card is drawn from real cards: the companion never waits for it."""
        return False

    @property
    def pending_exchanges(self) -> tuple[str, ...]:
        """None: the companion takes no part in an exchange of real cards."""
        return ()

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in turn order."""
        return self.position.seats

    @property
    def given(self) -> tuple[Card | None, ...]:
        """No card given through the companion."""
        return ()

    def hand(self, seat: str) -> tuple[Card, ...]:
        """Unknown: the cards are in the players' hands."""
        return ()

    def view_for(self, seat: str, *, with_history: bool = True) -> SeatView | None:
        """None: the companion knows no card to keep from anyone."""
        return None

    def legal_moves(self, card: Card | None = None) -> tuple[Move, ...]:
        """The legal moves of ``card`` (a hand of real cards is unknown: none without a card)."""
        return () if card is None else tuple(legal_moves(self.position, card))

    def play(self, move: Move) -> RealCards:
        """The game after ``move``, checked by the engine."""
        return RealCards(play(self.position, move))

    def exchange(self, seat: str, card: Card) -> RealCards:
        """Never: real cards change hands at the table."""
        raise TockError("real cards are exchanged at the table, not through the companion")

    def end_turn(self, seat: str) -> RealCards:
        """Never: a joker's extra turn with real cards needs nothing of the companion."""
        raise TockError("with real cards a joker's extra turn ends at the table")


def new_game(rules: RuleSet, seats: tuple[str, ...], seed: int, *, digital: bool) -> TableGame:
    """A game at its start: dealt by the companion (``digital``) or played with real cards."""
    if digital:
        return Game.new(rules, seats=seats, seed=seed)
    return RealCards(Position.initial(rules, seats=seats))


def dealt(game: TableGame) -> Game:
    """The engine's game with every hand, which the computer players read (each only its seat's share).

    Raises:
        TockError: a game of real cards, whose hands the companion never knows.
    """
    if not isinstance(game, Game):
        raise TockError("only a game whose cards the companion deals has hands a computer can read")
    return game
