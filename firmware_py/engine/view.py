"""What one seat may know of a game: the board, its own hand, the other hands as counts.

This is the companion's one privacy filter. The seat's page and the computer players are built from a
:class:`SeatView`, and anything judged for a seat while others read the words (a "why not", the reasons
against a board) is judged on :func:`known_position`, so no hand and no card of the stock can leak to the
wrong phone, nor into a computer's search, by accident (OpenSpiel's per-player observation). A seat
knows the card it gave its partner in the exchange, and sees its own draws; of the others it sees only
what is shown at the table: the cards played face up, how many cards each holds, who laid their hand
down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware_py.engine.cards import Card
from firmware_py.engine.events import Dealt, Drew, Event, Exchanged, Played, Shuffled, TurnEnded
from firmware_py.engine.game_facts import GameFacts
from firmware_py.engine.moves import Move
from firmware_py.engine.position import Position
from firmware_py.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One line of the game's history as ``seat`` may see it.

    Attributes:
        kind: ``shuffled``, ``dealt``, ``exchanged``, ``played``, ``drew``, ``turn_ended`` or ``won``.
        seat: the seat that acted (the dealer for ``shuffled``/``dealt``), or None.
        cards: the cards this seat may see (its own dealt, drawn or given cards, the cards played face up).
        count: how many cards changed hands, for the hidden ones.
        move: the move's notation for ``played``.
        seats: the winners for ``won``.
    """

    kind: str
    seat: str | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    move: str | None = None
    seats: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form for the web page."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "count": self.count,
            "move": self.move,
            "seats": list(self.seats),
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a game.

    Attributes:
        seat: whose view this is.
        rules: the rule set.
        seats: seat letters in turn order.
        teams: the teams.
        position: the marbles (public on the board).
        phase: ``exchange``, ``play`` or ``over``.
        to_play: the seat to act, or None.
        dealer: the seat that dealt the current pack.
        hand: this seat's cards.
        hand_counts: every seat's number of cards.
        stock_count: cards face down in the stock (never their order).
        played: the cards played face up since the last shuffle, oldest first.
        given: the card this seat gave its partner in the exchange under way, if any.
        partner: whom this seat gives its exchange card to, or None.
        extra_play: this seat may play again after its joker, or end its turn.
        must_discard: the seat that must discard and skip its turn (QC advanced Jack), if any.
        laid_down: seats waiting for the next deal with their hand laid down.
        winner: the winners, once the game is over.
        legal_moves: this seat's legal moves when it is to play (empty otherwise).
        history: the events as this seat may see them (none when built without: see :func:`view_for`).
        shuffles: how many times the pack was shuffled (public: the shuffles are done at the table).
        deals: how many deals were made.
        gift_held: the card this seat gave its partner in this deal's exchange while the partner still
            holds it (it has not been played since), or None: the one card of another hand it knows.
    """

    seat: str
    rules: RuleSet
    seats: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...]
    position: Position
    phase: str
    to_play: str | None
    dealer: str
    hand: tuple[Card, ...]
    hand_counts: tuple[tuple[str, int], ...]
    stock_count: int
    played: tuple[Card, ...]
    given: Card | None
    partner: str | None
    extra_play: bool
    must_discard: str | None
    laid_down: tuple[str, ...]
    winner: tuple[str, ...] | None
    legal_moves: tuple[Move, ...]
    history: tuple[PublicEvent, ...]
    shuffles: int
    deals: int
    gift_held: Card | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form for the web page (the position as its notation)."""
        return {
            "seat": self.seat,
            "preset": self.rules.name,
            "seats": list(self.seats),
            "teams": [list(t) for t in self.teams],
            "position": self.position.to_notation(),
            "layout": self.position.layout,
            "phase": self.phase,
            "to_play": self.to_play,
            "dealer": self.dealer,
            "hand": [str(c) for c in self.hand],
            "hand_counts": dict(self.hand_counts),
            "stock_count": self.stock_count,
            "played": [str(c) for c in self.played],
            "given": None if self.given is None else str(self.given),
            "partner": self.partner,
            "extra_play": self.extra_play,
            "must_discard": self.must_discard,
            "laid_down": list(self.laid_down),
            "winner": None if self.winner is None else list(self.winner),
            "legal_moves": [str(m) for m in self.legal_moves],
            "history": [e.to_dict() for e in self.history],
        }


def view_for(game: GameFacts, seat: str, *, with_history: bool = True) -> SeatView:
    """What ``seat`` may know of ``game``.

    ``with_history=False`` leaves :attr:`SeatView.history` empty: the computer players decide on the
    table as it stands, and rewriting the whole history for each decision would cost them more than the
    medium player's look-ahead itself.

    Raises:
        NotationError: ``seat`` is not a seat of the game.
    """
    hand = game.hand(seat)
    index = game.position.seat_index(seat)
    given = game.given[index] if game.given else None
    return SeatView(
        seat=seat,
        rules=game.rules,
        seats=game.seats,
        teams=game.teams,
        position=game.position.without_hands(),
        phase=str(game.phase),
        to_play=game.to_play,
        dealer=game.dealer,
        hand=hand,
        hand_counts=tuple((s, len(h)) for s, h in zip(game.seats, game.hand_tuple, strict=True)),
        stock_count=len(game.pack.stock),
        played=game.pack.played,
        given=given,
        partner=game.partner_of(seat),
        extra_play=game.extra_play and game.to_play == seat,
        must_discard=game.must_discard,
        laid_down=tuple(s for s in game.seats if s in game.laid_down),
        winner=game.winner,
        legal_moves=game.legal_moves() if game.to_play == seat else (),
        history=tuple(_seen_by(event, seat) for event in game.history) if with_history else (),
        shuffles=game.shuffles,
        deals=game.deals,
        gift_held=_gift_held(game, seat),
    )


def known_position(position: Position, seat: str | None) -> Position:
    """``position`` as ``seat`` may know it while its words go to others: the seat to play judges with
    its own hand (the other hands left empty: the rules read only the hand of the seat to play); anyone
    else (None: everyone, a spectator), and anyone once the game is won, with no hand at all, the rules
    alone, so that no reason names a card someone holds."""
    if position.hands is None:
        return position
    if seat is None or seat != position.turn or position.winner is not None:
        return position.without_hands()
    mine = position.turn_index
    return position.reseated(mine, tuple(hand if i == mine else () for i, hand in enumerate(position.hands)))


def _gift_held(game: GameFacts, seat: str) -> Card | None:
    """The card ``seat`` gave its partner in this deal's exchange, if the partner still holds it: read
    back through the history to the exchange, stopping at a new deal."""
    partner = game.partner_of(seat)
    if partner is None:
        return None
    played_since: list[Card] = []
    for event in reversed(game.history):
        if isinstance(event, Dealt):
            return None
        if isinstance(event, Played) and event.seat == partner:
            played_since += event.cards
        if isinstance(event, Exchanged):
            for giver, _, card in event.gifts:
                if giver == seat:
                    return None if card in played_since else card
            return None
    return None


def _seen_by(event: Event, seat: str) -> PublicEvent:
    """``event`` as ``seat`` sees it: its own cards shown, everyone else's counted."""
    if isinstance(event, Shuffled):
        return PublicEvent("shuffled", event.dealer, count=len(event.stock))
    if isinstance(event, Dealt):
        own = dict(event.hands).get(seat, ())
        return PublicEvent("dealt", event.dealer, own, sum(len(h) for _, h in event.hands))
    if isinstance(event, Exchanged):
        mine = tuple(card for giver, receiver, card in event.gifts if seat in (giver, receiver))
        return PublicEvent("exchanged", None, mine, len(event.gifts))
    if isinstance(event, Played):
        return PublicEvent("played", event.seat, event.cards, len(event.cards), str(event.move))
    if isinstance(event, Drew):
        return PublicEvent("drew", event.seat, (event.card,) if event.seat == seat else (), 1)
    if isinstance(event, TurnEnded):
        return PublicEvent("turn_ended", event.seat)
    return PublicEvent("won", seats=event.seats)
