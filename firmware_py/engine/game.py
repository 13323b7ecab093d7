"""A whole game of Tock with its chance: the pack, the deals, the hands, turns and the winner.

A :class:`Game` is immutable: every action returns a new game, so the web threads, the camera loop and
computer players can all read one without locks, and undo is keeping the previous value. Chance is
explicit and seeded: every shuffle draws from its own generator derived from the game's seed
(:func:`firmware_py.engine.deck.chance`), so a game replays exactly from ``(rules, seats, seed,
actions)`` (:meth:`Game.replay`) and a bug report is those four things.

What happens at the table, and which sheet says so:

- The first dealer is drawn at random (R2 "le joueur effectuant cette tâche est déterminé au hasard");
  the seat after the dealer in turn order (on the dealer's left) plays first, at every deal (R2 "Le
  joueur à gauche du brasseur joue en premier", CANOP "Le joueur qui démarre est le joueur se trouvant à
  gauche du donneur"). Once a pack is used up the next seat deals (R1, R2, CANOP; switch
  ``dealer_rotates``).
- Deals follow :func:`firmware_py.engine.dealing.deal_schedule`; a deal is played out, one card per
  turn, until every hand is empty; then the next deal. Seats with no cards left are passed over.
- Partner exchange (R1x, CANOP): after each deal every seat with a teammate gives one card face down;
  the cards change hands together once everyone has given (teams of three or four pass to the next
  teammate in turn order).
- A joker (R1 variant, TOC) draws a card at once; its player may play again now or keep the card for
  later (:class:`EndTurn`).
- Nothing playable: the engine's ``legal_moves`` offers the discard or the lay-down the rule set asks
  for; a card discarded goes to the played pile, a hand laid down waits for the next deal (with TOC's
  draw pile, a laid-down hand is replaced by five new cards).
- QC advanced Jack: the player on the left discards one card of their choice and skips that turn.
- The first team (or solo seat) with all its marbles home wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from firmware_py.engine.cards import Card, card_named
from firmware_py.engine.dealing import DealSchedule, deal_schedule, next_with_cards
from firmware_py.engine.deck import Pack, chance, new_deck, shuffle_rng
from firmware_py.engine.errors import NotationError
from firmware_py.engine.events import (
    Action,
    Dealt,
    Drew,
    EndTurn,
    Event,
    EventLog,
    Exchange,
    Exchanged,
    Phase,
    Played,
    Shuffled,
    TurnEnded,
    Won,
    logged,
    parse_action,
)
from firmware_py.engine.fast import Delta
from firmware_py.engine.legality import checked
from firmware_py.engine.movegen import legal_moves, moved, position_after
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.rules import RuleSet, seat_tuple, teams_of
from firmware_py.engine.view import SeatView, view_for
from firmware_py.engine.violations import IllegalMoveError, Rule, Violation, violation

# -- the game ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Game:
    """A game in progress. Build one with :meth:`new` or :meth:`replay`; every action returns a new game.

    The engine :class:`Position` it holds carries every hand and, during play, the seat to play, so
    that ``legal_moves(game.position)`` is that seat's choice; show players :meth:`view_for` instead.

    Attributes:
        rules: the rule set.
        seed: the seed every chance event is drawn from.
        teams: the teams (each a tuple of seat letters); solo seats are teams of one.
        position: the marbles, every hand, and the seat to play.
        phase: what the game waits for.
        to_play: the seat to act (during the exchange, the first seat that has not given yet); None
            when the game is over.
        dealer: the seat that dealt the current pack.
        pack: the stock and the played pile.
        schedule: how this table deals (by the rules and the seat count).
        shuffles: shuffles so far (the next shuffle's number).
        deals: deals of the current pack so far.
        given: during the exchange, the card each seat has given so far (None: not yet).
        extra_play: the seat to play has just played a joker and may play again or end its turn.
        must_discard: the seat that must discard one card and skip its turn (QC advanced Jack).
        laid_down: seats that laid their hand down until the next deal.
        winner: the seats of the winning team, once the game is over.
    """

    rules: RuleSet
    seed: int
    teams: tuple[tuple[str, ...], ...]
    position: Position
    phase: Phase
    to_play: str | None
    dealer: str
    pack: Pack
    schedule: DealSchedule
    shuffles: int = 0
    deals: int = 0
    given: tuple[Card | None, ...] = ()
    extra_play: bool = False
    must_discard: str | None = None
    laid_down: frozenset[str] = frozenset()
    winner: tuple[str, ...] | None = None
    log: EventLog | None = dataclasses.field(default=None, repr=False, compare=False)
    """History as a chain, newest first (read :attr:`history`)."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        teams: tuple[tuple[str, ...], ...],
        position: Position,
        phase: Phase,
        to_play: str | None,
        dealer: str,
        pack: Pack,
        schedule: DealSchedule,
        shuffles: int = 0,
        deals: int = 0,
        given: tuple[Card | None, ...] = (),
        extra_play: bool = False,
        must_discard: str | None = None,
        laid_down: frozenset[str] = frozenset(),
        winner: tuple[str, ...] | None = None,
        log: EventLog | None = None,
    ) -> None:
        """Written out rather than generated by ``dataclass``: mypyc compiles this one, whereas the
        generated ``__init__`` of a frozen dataclass runs interpreted (the same for the position, the
        pack, the log and the played event, built at every move)."""
        _set = object.__setattr__
        _set(self, "rules", rules)
        _set(self, "seed", seed)
        _set(self, "teams", teams)
        _set(self, "position", position)
        _set(self, "phase", phase)
        _set(self, "to_play", to_play)
        _set(self, "dealer", dealer)
        _set(self, "pack", pack)
        _set(self, "schedule", schedule)
        _set(self, "shuffles", shuffles)
        _set(self, "deals", deals)
        _set(self, "given", given)
        _set(self, "extra_play", extra_play)
        _set(self, "must_discard", must_discard)
        _set(self, "laid_down", laid_down)
        _set(self, "winner", winner)
        _set(self, "log", log)

    # -- construction ----------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        *,
        seats: int | Sequence[str],
        seed: int,
        dealer: str | None = None,
    ) -> Game:
        """Shuffle, deal the first hands and wait for the first action.

        Args:
            rules: the rule set (a preset or house rules).
            seats: the number of players (seated as the rules seat them: 2 players face each other), or
                the seat letters in turn order.
            seed: every shuffle and the first dealer are drawn from it.
            dealer: the first dealer; drawn at random from the seed when None.

        Raises:
            NotationError: the seats or the dealer are not possible seats.
            InvalidPositionError: the seat letters do not fit the board.
        """
        letters = seat_tuple(seats)
        if dealer is None:
            dealer = chance(seed, "dealer").choice(letters)
        elif dealer not in letters:
            raise NotationError(f"the dealer {dealer!r} is not one of the seats {', '.join(letters)}")
        position = Position.initial(rules, letters, hands={s: () for s in letters})
        game = cls(
            rules=rules,
            seed=seed,
            teams=teams_of(rules, letters),
            position=position,
            phase=Phase.PLAY,
            to_play=None,
            dealer=dealer,
            pack=Pack((), new_deck(rules)),
            schedule=deal_schedule(rules, len(letters)),
        )
        return game._new_pack(rotate=False)

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        *,
        seats: int | Sequence[str],
        seed: int,
        actions: Sequence[Action | str],
        dealer: str | None = None,
    ) -> Game:
        """The game reached by playing ``actions`` (objects or their text) from :meth:`new`.

        Raises:
            IllegalMoveError: an action is not legal where it comes (its index is in the message).
            NotationError: an action's text cannot be read.
        """
        game = cls.new(rules, seats=seats, seed=seed, dealer=dealer)
        for index, action in enumerate(actions):
            try:
                game = game.apply(parse_action(action) if isinstance(action, str) else action)
            except IllegalMoveError as illegal:
                raise IllegalMoveError(
                    illegal.violations, illegal.position, f"#{index} {illegal.move}"
                ) from None
            except NotationError as unreadable:
                raise NotationError(f"action #{index} {action}: {unreadable}") from None
        return game

    # -- what can be read ------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """Seat letters in turn order."""
        return self.position.seats

    @property
    def hand_tuple(self) -> tuple[tuple[Card, ...], ...]:
        """Hands in seat order."""
        hands = self.position.hands
        assert hands is not None
        return hands

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        """Every seat's cards (seat letter -> cards). Only for the table itself: show players a view."""
        return dict(zip(self.seats, self.hand_tuple, strict=True))

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards of ``seat``.

        Raises:
            NotationError: ``seat`` is not a seat of this game.
        """
        return self.hand_tuple[self.position.seat_index(seat)]

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event from the first shuffle on, oldest first."""
        events: list[Event] = []
        log = self.log
        while log is not None:
            events.append(log.event)
            log = log.previous
        return tuple(reversed(events))

    def partner_of(self, seat: str) -> str | None:
        """Whom ``seat`` gives its exchange card to: the next teammate in turn order (None when solo).

        Raises:
            NotationError: ``seat`` is not a seat of this game.
        """
        self.position.seat_index(seat)
        team = next(team for team in self.teams if seat in team)
        if len(team) < 2:
            return None
        return team[(team.index(seat) + 1) % len(team)]

    @property
    def pending_exchanges(self) -> tuple[str, ...]:
        """Seats that still owe their partner a card in the exchange under way (in turn order)."""
        if self.phase is not Phase.EXCHANGE:
            return ()
        return tuple(
            seat
            for seat, given in zip(self.seats, self.given, strict=True)
            if given is None and self.partner_of(seat) is not None
        )

    def legal_moves(self, card: Card | None = None) -> tuple[Move, ...]:
        """The moves the seat to play may make now (with ``card``, or with any card of its hand).

        Empty outside the play phase. After a joker the seat may also end its turn (see
        :meth:`legal_actions`); a seat hit by QC's advanced Jack may only discard.
        """
        if self.phase is not Phase.PLAY or self.to_play is None:
            return ()
        seat = self.to_play
        if self.must_discard == seat:
            hand = set(self.hand(seat))
            cards = sorted(hand if card is None else {card_named(tuple(hand), card)} & hand)
            return tuple(Move.discard(c) for c in cards)
        moves = legal_moves(self.position, card)
        if self.extra_play:
            moves = tuple(m for m in moves if not m.is_discard)
        return moves

    def legal_actions(self) -> tuple[Action, ...]:
        """Everything that may happen next, in a deterministic order (empty once the game is over)."""
        if self.phase is Phase.EXCHANGE:
            return tuple(
                Exchange(seat, card)
                for seat in self.pending_exchanges
                for card in sorted(set(self.hand(seat)))
            )
        actions: tuple[Action, ...] = self.legal_moves()
        if self.extra_play and self.to_play is not None:
            actions += (EndTurn(self.to_play),)
        return actions

    def explain(self, action: Action) -> tuple[Violation, ...]:
        """Every reason ``action`` is not legal now; empty exactly when it is."""
        try:
            self.apply(action)
        except IllegalMoveError as error:
            return error.violations
        return ()

    def view_for(self, seat: str, *, with_history: bool = True) -> SeatView:
        """What ``seat`` may know: its own hand, the other hands as counts, never the stock's order
        (:func:`firmware_py.engine.view.view_for`).

        Raises:
            NotationError: ``seat`` is not a seat of this game.
        """
        return view_for(self, seat, with_history=with_history)

    # -- actions ---------------------------------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        """Play a move, give an exchange card or end a joker's extra turn.

        Raises:
            IllegalMoveError: the action is not legal now (the violations say why).
        """
        if isinstance(action, Exchange):
            return self.exchange(action.seat, action.card)
        if isinstance(action, EndTurn):
            return self.end_turn(action.seat)
        return self.play(action)

    def play(self, move: Move) -> Game:
        """The seat to play plays ``move`` (a card, a discard, or laying its hand down).

        Raises:
            IllegalMoveError: the move is not legal now; ``violations`` say why.
        """
        if self.phase is not Phase.PLAY or self.to_play is None:
            self._refuse(move, self._phase_violation())
        seat = self.to_play
        assert seat is not None
        if self.must_discard == seat:
            hand, card = self.hand(seat), move.card
            if move.kind is not MoveKind.DISCARD or card is None or card_named(hand, card) not in hand:
                self._refuse(move, violation(Rule.DISCARD_AFTER_JACK, seat=seat))
            return self._after_play(seat, move, None, self.position.turn_index)
        if self.extra_play and move.is_discard:
            self._refuse(move, violation(Rule.ONLY_AFTER_JOKER, seat=seat))
        found = checked(self.position, move)
        return self._after_play(seat, move, found.delta, (self.position.turn_index + 1) % len(self.seats))

    def exchange(self, seat: str, card: Card) -> Game:
        """``seat`` gives ``card`` face down to its partner; the cards change hands once all have given.

        Raises:
            IllegalMoveError: not the exchange phase, no partner, already given, or the card is not in
                the hand.
            NotationError: ``seat`` is not a seat of this game.
        """
        index = self.position.seat_index(seat)
        if self.phase is not Phase.EXCHANGE or self.given[index] is not None or self.partner_of(seat) is None:
            self._refuse(Exchange(seat, card), violation(Rule.NO_EXCHANGE_NOW, seat=seat))
        if card not in self.hand_tuple[index]:
            self._refuse(Exchange(seat, card), violation(Rule.CARD_NOT_IN_HAND, card=str(card)))
        waiting = dataclasses.replace(self, given=self.given[:index] + (card,) + self.given[index + 1 :])
        if waiting.pending_exchanges:
            return dataclasses.replace(waiting, to_play=waiting._first_to_give())
        given = waiting.given
        hands = [list(h) for h in self.hand_tuple]
        gifts: list[tuple[str, str, Card]] = []
        for giver, gift in zip(self.seats, given, strict=True):
            receiver = self.partner_of(giver)
            if gift is None or receiver is None:
                continue
            hands[self.seats.index(giver)].remove(gift)
            gifts.append((giver, receiver, gift))
        for _, receiver, gift in gifts:
            hands[self.seats.index(receiver)].append(gift)
        game = dataclasses.replace(
            self,
            position=_with(self.position, hands=tuple(tuple(h) for h in hands)),
            given=(),
            phase=Phase.PLAY,
            log=logged(self.log, Exchanged(tuple(gifts))),
        )
        return game._turn_to(game._first_player())

    def end_turn(self, seat: str) -> Game:
        """After a joker, ``seat`` keeps its cards for later and the turn passes.

        Raises:
            IllegalMoveError: ``seat`` is not playing an extra turn after a joker.
        """
        if self.phase is not Phase.PLAY or self.to_play != seat or not self.extra_play:
            self._refuse(EndTurn(seat), violation(Rule.ONLY_AFTER_JOKER, seat=seat))
        game = dataclasses.replace(self, extra_play=False, log=logged(self.log, TurnEnded(seat)))
        return game._pass_turn(seat)

    # -- inner workings --------------------------------------------------------------------------------

    def _after_play(self, seat: str, move: Move, delta: Delta | None, turn_index: int) -> Game:
        """Move the marbles (``delta``: the checked move's effect, None when none move) and the cards
        (hand -> played pile, draws), record it, then the winner or the next turn.

        ``turn_index`` is the seat the position names to play when nobody is next (the game is won, or
        every hand is empty before the next deal): the seat after the mover, as ``play`` leaves it, or
        the mover's when a seat discards after QC's Jack.
        """
        index = self.seats.index(seat)
        hand = list(self.hand_tuple[index])
        if move.kind is MoveKind.LAY_DOWN:
            gone = tuple(hand)
            hand = []
        else:
            assert move.card is not None
            card = card_named(hand, move.card)
            hand.remove(card)
            gone = (card,)
        pack = self.pack.play(gone)
        events: list[Event] = [Played(seat, move, gone)]
        joker = move.card is not None and move.card.is_joker and not move.is_discard
        draws = 0
        if self.schedule.draw_pile:
            draws = len(gone)
        elif joker and self.rules.joker_replays:
            draws = 1
        shuffles = self.shuffles
        for _ in range(draws):
            if not pack.stock:
                pack = pack.reshuffle_played(shuffle_rng(self.seed, shuffles))
                events.append(Shuffled(shuffles, self.dealer, pack.stock))
                shuffles += 1
            card, pack = pack.draw()
            hand.append(card)
            events.append(Drew(seat, card))
        hands = self.hand_tuple[:index] + (tuple(hand),) + self.hand_tuple[index + 1 :]
        must_discard = None
        jack = move.card is not None and move.card.rank == "J" and not move.is_discard
        if jack and self.rules.jack_left_skips:
            left_index = (index + 1) % len(self.seats)
            if left_index != index and hands[left_index]:
                must_discard = self.seats[left_index]
        laid_down = self.laid_down | {seat} if move.kind is MoveKind.LAY_DOWN and not hand else self.laid_down
        marbles, fresh = moved(self.position, delta)
        position = position_after(self.position, delta, marbles, fresh, turn_index, hands)
        winner = position.winner
        if winner is not None:
            events.append(Won(winner))
        extra_play = winner is None and joker and self.rules.joker_replays and bool(hand)
        nxt: str | None = seat
        if not extra_play:
            nxt = None if winner is not None else next_with_cards(self.seats, hands, seat)
        if nxt is not None and self.seats.index(nxt) != turn_index:
            position = position.reseated(self.seats.index(nxt), hands)
        game = Game(
            self.rules,
            self.seed,
            self.teams,
            position,
            Phase.OVER if winner is not None else Phase.PLAY,
            nxt,
            self.dealer,
            pack,
            self.schedule,
            shuffles,
            self.deals,
            self.given,
            extra_play,
            must_discard,
            laid_down,
            winner,
            logged(self.log, *events),
        )
        if winner is None and nxt is None:
            return game._next_deal()
        return game

    def _pass_turn(self, seat: str) -> Game:
        """The turn goes to the next seat with cards; when every hand is empty, the next deal."""
        nxt = next_with_cards(self.seats, self.hand_tuple, seat)
        if nxt is None:
            return self._next_deal()
        return self._turn_to(nxt)

    def _first_player(self) -> str:
        """The first seat after the dealer, in turn order, that holds cards."""
        first = next_with_cards(self.seats, self.hand_tuple, self.dealer)
        assert first is not None, "a deal always gives cards"
        return first

    def _first_to_give(self) -> str:
        """During the exchange, the first seat after the dealer that still owes its partner a card."""
        order = self.seats.index(self.dealer)
        pending = self.pending_exchanges
        return next(s for s in self.seats[order + 1 :] + self.seats[: order + 1] if s in pending)

    def _turn_to(self, seat: str) -> Game:
        return dataclasses.replace(self, to_play=seat, position=_with(self.position, turn=seat))

    def _new_pack(self, *, rotate: bool = True) -> Game:
        """Gather every card out of the hands, shuffle, and deal the first deal of the pack."""
        dealer = self.dealer
        if rotate and self.rules.dealer_rotates:
            dealer = self.seats[(self.seats.index(dealer) + 1) % len(self.seats)]
        pack = self.pack.gather(shuffle_rng(self.seed, self.shuffles))
        game = dataclasses.replace(
            self,
            dealer=dealer,
            pack=pack,
            shuffles=self.shuffles + 1,
            deals=0,
            log=logged(self.log, Shuffled(self.shuffles, dealer, pack.stock)),
        )
        return game._deal()

    def _next_deal(self) -> Game:
        if self.schedule.draw_pile or self.deals >= len(self.schedule.deals):
            return self._new_pack()
        return self._deal()

    def _deal(self) -> Game:
        """Deal the next deal of the schedule, starting on the dealer's left.

        Built in one step (no chain of ``dataclasses.replace``): a game deals every few turns."""
        count = self.schedule.deals[self.deals]
        seats = self.seats
        order = seats.index(self.dealer)
        rotated = seats[order + 1 :] + seats[: order + 1]
        dealt, pack = self.pack.deal(count, len(seats))
        by_seat = dict(zip(rotated, dealt, strict=True))
        hands = tuple(self.hand_tuple[i] + by_seat[s] for i, s in enumerate(seats))
        exchanging = self.rules.partner_exchange and any(len(team) > 1 for team in self.teams)
        given: tuple[Card | None, ...] = tuple(None for _ in seats) if exchanging else ()
        log = logged(self.log, Dealt(self.dealer, self.deals, tuple(zip(rotated, dealt, strict=True))))
        first = next_with_cards(seats, hands, self.dealer)
        assert first is not None, "a deal always gives cards"
        game = Game(
            self.rules,
            self.seed,
            self.teams,
            self.position.reseated(self.position.turn_index if exchanging else seats.index(first), hands),
            Phase.EXCHANGE if exchanging else Phase.PLAY,
            first,
            self.dealer,
            pack,
            self.schedule,
            self.shuffles,
            self.deals + 1,
            given,
            False,
            None,
            frozenset(),
            self.winner,
            log,
        )
        if exchanging:
            return dataclasses.replace(game, to_play=game._first_to_give())
        return game

    def _phase_violation(self) -> Violation:
        if self.phase is Phase.OVER:
            return violation(Rule.GAME_OVER)
        return violation(Rule.EXCHANGE_FIRST)

    def _refuse(self, action: Action, reason: Violation) -> None:
        raise IllegalMoveError((reason,), self.position.to_notation(), str(action))


def _with(
    position: Position, *, turn: str | None = None, hands: tuple[tuple[Card, ...], ...] | None = None
) -> Position:
    """``position`` with another seat to play and/or other hands (hands in seat order)."""
    return position.reseated(
        position.turn_index if turn is None else position.seats.index(turn),
        position.hands if hands is None else hands,
    )
