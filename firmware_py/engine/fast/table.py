"""A game at the table on the fast core: the cards, the deals, the partner exchange and whose turn it is,
around a :class:`~firmware_py.engine.fast.state.State`, all mutated in place.

The public :class:`~firmware_py.engine.game.Game` is immutable and builds a new game, position and
history event per action: right for the table's pages, its undo and its saved games. Self-play
(:mod:`~firmware_py.engine.fast.play`) and the strong computer seat's playouts
(:mod:`~firmware_py.engine.fast.playout`) play thousands of actions per second, so they play on a
:class:`CoreTable` instead: cards are small
integers, the hands, the stock and the played pile are lists, and :meth:`CoreTable.clone` copies a whole
table in a few lists.

It follows ``Game`` rule for rule (the deal schedules, jokers' extra cards and turns, TOC's draw pile,
QC's advanced Jack, laying the hand down, the first team home winning): ``tests/engine/test_fastplay.py``
plays whole random games both ways, in every preset, and compares them action by action. The shuffles are
drawn from the game's seed as :mod:`~firmware_py.engine.deck` draws them (:func:`shuffle`, :func:`below`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from firmware_py.engine.cards import Card
from firmware_py.engine.context import BIT_LENGTHS, JOKER_CODE, context_for, rank_code
from firmware_py.engine.dealing import deal_schedule
from firmware_py.engine.deck import new_deck
from firmware_py.engine.events import Phase
from firmware_py.engine.fast.state import State
from firmware_py.engine.game_facts import GameFacts, TableFacts
from firmware_py.engine.moves import Move
from firmware_py.engine.rules import NothingPlayable, RuleSet

Bits = Callable[[int], int]
"""A generator's ``getrandbits``."""
JACK: Final = 10
"""The Jack's rank code (``rank_code("J")``)."""


def below(bits: Bits, n: int) -> int:
    """A uniform integer in ``0 .. n-1``, drawn as :meth:`random.Random.randrange` draws ``randrange(n)``
    (and ``choice`` its index): ``n.bit_length()`` random bits, again until the number is below ``n``."""
    k = BIT_LENGTHS[n] if n < 256 else n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(cards: list[int], bits: Bits) -> None:
    """Shuffle in place as :meth:`random.Random.shuffle` does (Fisher-Yates from the end)."""
    for i in range(len(cards) - 1, 0, -1):
        j = below(bits, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def distinct(hand: list[int]) -> list[int]:
    """The hand's different cards, in hand order (``movegen.distinct_cards``)."""
    cards: list[int] = []
    for card in hand:
        if card not in cards:
            cards.append(card)
    return cards


class Setup:
    """What every table of one game shares: the rules' switches, the cards, the deal schedule, partners."""

    def __init__(self, rules: RuleSet, seats: tuple[str, ...]) -> None:
        self.rules = rules
        self.ctx = context_for(rules, seats)
        self.count = len(seats)
        self.dealer_rotates = rules.dealer_rotates
        self.joker_replays = rules.joker_replays
        self.jack_left_skips = rules.jack_left_skips
        self.lay_down = rules.nothing_playable is NothingPlayable.LAY_DOWN
        self.lay_down_if_none_out = rules.nothing_playable is NothingPlayable.LAY_DOWN_IF_NONE_OUT
        self.deck = new_deck(rules)
        self.values: list[Card] = sorted(set(self.deck))
        """Card ids are indices in this list: equal cards share an id, and ids sort as the cards do."""
        self.ids = {(card.rank, card.suit): i for i, card in enumerate(self.values)}
        self.ranks: list[int] = [rank_code(card.rank) for card in self.values]
        schedule = deal_schedule(rules, self.count)
        self.deals_of_pack = schedule.deals
        self.draw_pile = schedule.draw_pile
        self.exchanging = rules.partner_exchange and any(len(team) > 1 for team in self.ctx.teams)
        self.partner: list[int] = [-1] * self.count
        for team in self.ctx.teams:
            if len(team) > 1:
                for k, i in enumerate(team):
                    self.partner[i] = team[(k + 1) % len(team)]

    def card_id(self, card: Card) -> int:
        """The id of a card of this game's pack."""
        return self.ids[(card.rank, card.suit)]


class CoreTable:
    """One game at the table on the core. Build it with :func:`new_table` or :func:`table_of`."""

    def __init__(self, setup: Setup, state: State, seed: int) -> None:
        self.setup = setup
        self.state = state
        self.seed = seed
        self.stock: list[int] = []
        self.played: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(setup.count)]
        self.dealer = 0
        self.shuffles = 0
        self.deals = 0
        self.exchange = False
        self.given: list[int] = []
        self.to_play = -1
        self.extra_play = False
        self.must_discard = -1
        self.winner = -1
        """Index in ``state.ctx.teams`` of the team that won, or -1."""
        self.dealt = 0
        """Deals so far (what a self-play report counts)."""
        self.trace: list[str] | None = None
        """When a list, every action is written into it as ``Game`` writes actions (for the tests)."""

    def clone(self) -> CoreTable:
        """A copy to play on, leaving this table as it is."""
        other = CoreTable(self.setup, self.state.copy(), self.seed)
        other.stock = list(self.stock)
        other.played = list(self.played)
        other.hands = [list(hand) for hand in self.hands]
        other.dealer = self.dealer
        other.shuffles = self.shuffles
        other.deals = self.deals
        other.exchange = self.exchange
        other.given = list(self.given)
        other.to_play = self.to_play
        other.extra_play = self.extra_play
        other.must_discard = self.must_discard
        other.winner = self.winner
        return other

    # -- chance and the deals -----------------------------------------------------------------------

    def shuffled(self, cards: list[int]) -> list[int]:
        order = list(cards)
        shuffle(order, random.Random(f"tock:{self.seed}:shuffle {self.shuffles}").getrandbits)
        self.shuffles += 1
        return order

    def new_pack(self, *, rotate: bool) -> None:
        if rotate and self.setup.dealer_rotates:
            self.dealer = (self.dealer + 1) % self.setup.count
        self.stock = self.shuffled(self.stock + self.played)
        self.played = []
        self.deals = 0
        self.deal()

    def deal(self) -> None:
        setup = self.setup
        n = setup.count
        needed = setup.deals_of_pack[self.deals] * n
        taken = self.stock[:needed]
        self.stock = self.stock[needed:]
        for k in range(n):
            self.hands[(self.dealer + 1 + k) % n] += taken[k::n]
        self.deals += 1
        self.dealt += 1
        self.extra_play = False
        self.must_discard = -1
        first = self.next_with_cards(self.dealer)
        if setup.exchanging:
            self.exchange = True
            self.given = [-1] * n
            self.to_play = self.first_to_give()
        else:
            self.to_play = first
            self.state.turn = first

    def next_deal(self) -> None:
        if self.setup.draw_pile or self.deals >= len(self.setup.deals_of_pack):
            self.new_pack(rotate=True)
        else:
            self.deal()

    def next_with_cards(self, seat: int) -> int:
        """The first seat after ``seat`` that holds cards (``seat`` itself last), or -1."""
        n = self.setup.count
        for step in range(1, n + 1):
            index = (seat + step) % n
            if self.hands[index]:
                return index
        return -1

    # -- the exchange ---------------------------------------------------------------------------------

    def pending(self) -> list[int]:
        """Seats that still owe their partner a card."""
        partner = self.setup.partner
        return [i for i in range(self.setup.count) if self.given[i] < 0 and partner[i] >= 0]

    def first_to_give(self) -> int:
        pending = self.pending()
        for k in range(1, self.setup.count + 1):
            seat = (self.dealer + k) % self.setup.count
            if seat in pending:
                return seat
        return -1

    def give(self, seat: int, card: int) -> None:
        """``seat`` gives ``card`` to its partner; the cards change hands once everyone has given."""
        if self.trace is not None:
            self.trace.append(f"{self.state.ctx.seats[seat]}>{self.setup.values[card]}")
        self.given[seat] = card
        if self.pending():
            self.to_play = self.first_to_give()
            return
        count = self.setup.count
        for giver in range(count):
            if self.given[giver] >= 0:
                self.hands[giver].remove(self.given[giver])
        for giver in range(count):
            if self.given[giver] >= 0:
                self.hands[self.setup.partner[giver]].append(self.given[giver])
        self.exchange = False
        self.given = []
        self.to_play = self.next_with_cards(self.dealer)
        self.state.turn = self.to_play

    # -- playing ----------------------------------------------------------------------------------------

    def lays_down(self) -> bool:
        """Whether the seat to play, with nothing playable, lays its hand down rather than discarding."""
        setup = self.setup
        return setup.lay_down or (setup.lay_down_if_none_out and not self.state.has_marble_in_play())

    def end_turn(self) -> None:
        """After a joker, the seat keeps its cards and the turn passes."""
        seat = self.to_play
        if self.trace is not None:
            self.trace.append(f"{self.state.ctx.seats[seat]}:end")
        self.extra_play = False
        nxt = self.next_with_cards(seat)
        if nxt < 0:
            self.next_deal()
        else:
            self.to_play = nxt
            self.state.turn = nxt

    def play(self, card: int, code: int) -> None:
        """The seat to play plays ``card`` (-1: lays its hand down) with the move ``code`` (-1: a
        discard); then the cards drawn, the winner or the next turn (``Game._after_play``)."""
        setup = self.setup
        seat = self.to_play
        hand = self.hands[seat]
        # the seat the position names when nobody is next (a win, or the next deal): as Game says
        named = seat if self.must_discard == seat else (seat + 1) % setup.count
        if self.trace is not None:
            self.trace.append(self.notation(card, code))
        if card < 0:
            gone = len(hand)
            self.played += hand
            hand.clear()
        else:
            hand.remove(card)
            gone = 1
            self.played.append(card)
        joker = code >= 0 and setup.ranks[card] == JOKER_CODE
        draws = gone if setup.draw_pile else 1 if joker and setup.joker_replays else 0
        for _ in range(draws):
            if not self.stock:
                self.stock = self.stock + self.shuffled(self.played)
                self.played = []
            hand.append(self.stock.pop(0))
        self.must_discard = -1
        if code >= 0 and setup.ranks[card] == JACK and setup.jack_left_skips:
            left = (seat + 1) % setup.count
            if left != seat and self.hands[left]:
                self.must_discard = left
        state = self.state
        if code >= 0:
            state.make(code)
        self.winner = state.winner()
        self.extra_play = self.winner < 0 and joker and setup.joker_replays and bool(hand)
        nxt = seat if self.extra_play else -1 if self.winner >= 0 else self.next_with_cards(seat)
        self.to_play = nxt
        state.turn = nxt if nxt >= 0 else named
        if nxt < 0 and self.winner < 0:
            self.next_deal()

    def notation(self, card: int, code: int) -> str:
        """The move ``code`` with ``card`` (-1: the hand laid down; a code of -1: a discard) as text."""
        if card < 0:
            return str(Move.lay_down())
        if code < 0:
            return str(Move.discard(self.setup.values[card]))
        return str(self.state.to_move(code, self.setup.values[card]))


def new_table(rules: RuleSet, seats: tuple[str, ...], seed: int) -> CoreTable:
    """The table of ``Game.new(rules, seats=seats, seed=seed)``: the dealer drawn, the pack shuffled and
    the first deal dealt, from the seed as ``Game`` draws them."""
    setup = Setup(rules, seats)
    table = CoreTable(setup, State(setup.ctx, [-1] * (4 * setup.count), 0, 0), seed)
    table.state.recording = False
    table.dealer = below(random.Random(f"tock:{seed}:dealer").getrandbits, setup.count)
    table.stock = [setup.card_id(card) for card in setup.deck]
    table.new_pack(rotate=False)
    return table


_SETUPS: dict[tuple[RuleSet, tuple[str, ...]], Setup] = {}
_SETUPS_KEPT = 64


def setup_for(rules: RuleSet, seats: tuple[str, ...]) -> Setup:
    """The setup of a game of these rules and seats (built once, then shared)."""
    key = (rules, seats)
    setup = _SETUPS.get(key)
    if setup is None:
        if len(_SETUPS) >= _SETUPS_KEPT:
            _SETUPS.clear()
        setup = _SETUPS[key] = Setup(rules, seats)
    return setup


def table_of(game: GameFacts) -> CoreTable:
    """The core table of a public game (its marbles, cards, deals and turn); its moves do not record
    what would unmake them."""
    setup = setup_for(game.rules, game.seats)
    hands = [[setup.card_id(card) for card in hand] for hand in game.hand_tuple]
    given = [-1 if card is None else setup.card_id(card) for card in game.given]
    stock = [setup.card_id(card) for card in game.pack.stock]
    return table_with(game, game.pack.played, hands, stock, given, game.seed)


def table_with(
    game: TableFacts,
    played: tuple[Card, ...],
    hands: list[list[int]],
    stock: list[int],
    given: list[int],
    seed: int,
) -> CoreTable:
    """The core table of ``game`` with the cards nobody sees given: the hands, the stock, the cards given
    in an exchange under way (card ids) and the seed of later shuffles. Everything else (the marbles, the
    ``played`` pile, the dealer, whose turn) is the game's, which every seat sees: ``game`` may be a
    seat's view."""
    setup = setup_for(game.rules, game.seats)
    table = CoreTable(setup, State.of(game.position), seed)
    table.state.recording = False
    seats = game.seats
    table.hands = hands
    table.stock = stock
    table.played = [setup.card_id(card) for card in played]
    table.dealer = seats.index(game.dealer)
    table.shuffles = game.shuffles
    table.deals = game.deals
    table.exchange = game.phase == Phase.EXCHANGE
    if table.exchange:
        table.given = given
    table.to_play = -1 if game.to_play is None else seats.index(game.to_play)
    table.extra_play = game.extra_play
    table.must_discard = -1 if game.must_discard is None else seats.index(game.must_discard)
    if game.winner is not None:
        table.winner = setup.ctx.team_letters.index(game.winner)
    return table
