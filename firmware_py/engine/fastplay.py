"""Random self-play on the fast core: the same games as :func:`~firmware_py.engine.selfplay.play_random_game`,
without building a ``Game`` per action.

``play_random_game`` drives the public :class:`~firmware_py.engine.game.Game` and checks every invariant
after every action; that is the conformance run. Timing the engine (``make bench``, ``tock selfplay
--no-check``) and playing out games for a search only need the game itself, so :func:`fast_random_game`
plays it on a :class:`~firmware_py.engine.core.State`: cards are small integers, the stock and hands are
lists, the table's bookkeeping (deals, the partner exchange, jokers, QC's Jack, laying down) is mutated
in place.

It is the same game, action for action: the same shuffles (each drawn from the game's seed exactly as
:mod:`~firmware_py.engine.deck` draws it) and the same random player (a card uniformly among the playable
ones, then one of its moves, drawn from ``random.Random(f"selfplay:{seed}")``). The draws call
``getrandbits`` the way :class:`random.Random` does for ``randrange``, ``choice`` and ``shuffle``;
``tests/engine/test_fastplay.py`` checks those draws against :mod:`random` itself, and whole games
against the ``Game``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from firmware_py.engine.cards import Card, new_deck
from firmware_py.engine.core import JOKER_CODE, State, context_for, rank_code
from firmware_py.engine.dealing import deal_schedule
from firmware_py.engine.moves import Move
from firmware_py.engine.rules import NothingPlayable, RuleSet, seat_letters
from firmware_py.engine.tables import RESERVE

Bits = Callable[[int], int]
"""A generator's ``getrandbits``."""
JACK: Final = 10
"""The Jack's rank code (``rank_code("J")``)."""


def below(bits: Bits, n: int) -> int:
    """A uniform integer in ``0 .. n-1``, drawn as :meth:`random.Random.randrange` draws ``randrange(n)``
    (and ``choice`` its index): ``n.bit_length()`` random bits, again until the number is below ``n``."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(cards: list[int], bits: Bits) -> None:
    """Shuffle in place as :meth:`random.Random.shuffle` does (Fisher-Yates from the end)."""
    for i in range(len(cards) - 1, 0, -1):
        j = below(bits, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


class FastReport:
    """What :func:`fast_random_game` tells :func:`~firmware_py.engine.selfplay.play_random_game`."""

    def __init__(
        self, actions: int, winner: tuple[str, ...] | None, discards: int, deals: int, stuck: str
    ) -> None:
        self.actions = actions
        self.winner = winner
        self.discards = discards
        self.deals = deals
        self.stuck = stuck
        """The position where nobody had anything to do (a bug), or empty."""


class _Table:
    """One game at the table: the core state, the cards, and whose turn it is."""

    def __init__(self, rules: RuleSet, seats: int, seed: int) -> None:
        letters = seat_letters(seats)
        self.rules = rules
        self.seed = seed
        self.dealer_rotates = rules.dealer_rotates
        self.joker_replays = rules.joker_replays
        self.jack_left_skips = rules.jack_left_skips
        self.count = len(letters)
        ctx = context_for(rules, letters)
        self.state = State(ctx, [RESERVE] * (4 * self.count), 0, 0)
        self.state.recording = False
        deck = new_deck(rules)
        self.values: list[Card] = sorted(set(deck))
        """Card ids are indices in this list: equal cards share an id, and ids sort as the cards do."""
        index = {card: i for i, card in enumerate(self.values)}
        self.ranks: list[int] = [rank_code(card.rank) for card in self.values]
        self.out: list[int] = []
        """The moves of the card being tried (one list, emptied for each card)."""
        self.stock: list[int] = [index[card] for card in deck]
        self.played: list[int] = []
        self.hands: list[list[int]] = [[] for _ in letters]
        schedule = deal_schedule(rules, self.count)
        self.deals_of_pack = schedule.deals
        self.draw_pile = schedule.draw_pile
        self.exchanging = rules.partner_exchange and any(len(team) > 1 for team in ctx.teams)
        self.partner: list[int] = [-1] * self.count
        for team in ctx.teams:
            if len(team) > 1:
                for k, i in enumerate(team):
                    self.partner[i] = team[(k + 1) % len(team)]
        self.dealer = below(random.Random(f"tock:{seed}:dealer").getrandbits, self.count)
        self.shuffles = 0
        self.deals = 0
        self.exchange = False
        self.given: list[int] = []
        self.to_play = -1
        self.extra_play = False
        self.must_discard = -1
        self.winner = -1
        self.dealt = 0
        self.trace: list[str] | None = None
        self.new_pack(rotate=False)

    # -- chance and the deals -----------------------------------------------------------------------

    def shuffled(self, cards: list[int]) -> list[int]:
        order = list(cards)
        shuffle(order, random.Random(f"tock:{self.seed}:shuffle {self.shuffles}").getrandbits)
        self.shuffles += 1
        return order

    def new_pack(self, *, rotate: bool) -> None:
        if rotate and self.dealer_rotates:
            self.dealer = (self.dealer + 1) % self.count
        self.stock = self.shuffled(self.stock + self.played)
        self.played = []
        self.deals = 0
        self.deal()

    def deal(self) -> None:
        count = self.deals_of_pack[self.deals]
        n = self.count
        needed = count * n
        taken = self.stock[:needed]
        self.stock = self.stock[needed:]
        for k in range(n):
            self.hands[(self.dealer + 1 + k) % n] += taken[k::n]
        self.deals += 1
        self.dealt += 1
        self.extra_play = False
        self.must_discard = -1
        first = self.next_with_cards(self.dealer)
        if self.exchanging:
            self.exchange = True
            self.given = [-1] * n
            self.to_play = self.first_to_give()
        else:
            self.to_play = first
            self.state.turn = first

    def next_deal(self) -> None:
        if self.draw_pile or self.deals >= len(self.deals_of_pack):
            self.new_pack(rotate=True)
        else:
            self.deal()

    def next_with_cards(self, seat: int) -> int:
        n = self.count
        for step in range(1, n + 1):
            index = (seat + step) % n
            if self.hands[index]:
                return index
        return -1

    # -- the exchange ---------------------------------------------------------------------------------

    def pending(self) -> list[int]:
        return [i for i in range(self.count) if self.given[i] < 0 and self.partner[i] >= 0]

    def first_to_give(self) -> int:
        pending = self.pending()
        for k in range(1, self.count + 1):
            seat = (self.dealer + k) % self.count
            if seat in pending:
                return seat
        return -1

    def give(self, bits: Bits) -> None:
        """The random player's exchange: any card of any seat that still owes one, as ``Game.legal_actions``
        lists them."""
        choices = [(seat, card) for seat in self.pending() for card in sorted(set(self.hands[seat]))]
        seat, card = choices[below(bits, len(choices))]
        if self.trace is not None:
            self.trace.append(f"{self.state.ctx.seats[seat]}>{self.values[card]}")
        self.given[seat] = card
        if self.pending():
            self.to_play = self.first_to_give()
            return
        for giver in range(self.count):
            if self.given[giver] >= 0:
                self.hands[giver].remove(self.given[giver])
        for giver in range(self.count):
            if self.given[giver] >= 0:
                self.hands[self.partner[giver]].append(self.given[giver])
        self.exchange = False
        self.given = []
        self.to_play = self.next_with_cards(self.dealer)
        self.state.turn = self.to_play

    # -- playing ----------------------------------------------------------------------------------------

    def play(self, bits: Bits) -> int:
        """The random player's move for the seat to play (``random_action``); 1 when it was a discard or
        the hand laid down, 0 for a card played, -1 when there is nothing to do."""
        seat = self.to_play
        state = self.state
        hand = self.hands[seat]
        if self.must_discard < 0:
            cards = _distinct(hand)
            out = self.out
            out.clear()
            while cards:
                card = cards.pop(below(bits, len(cards)))
                state.generate(self.ranks[card], out)
                if out:
                    self.after_play(seat, card, out[below(bits, len(out))])
                    return 0
        if self.extra_play:
            if self.trace is not None:
                self.trace.append(f"{self.state.ctx.seats[seat]}:end")
            self.extra_play = False
            nxt = self.next_with_cards(seat)
            if nxt < 0:
                self.next_deal()
            else:
                self.to_play = nxt
                state.turn = nxt
            return 0
        if self.must_discard == seat:
            discards = sorted(set(hand))
        else:
            discards = _distinct(hand)
            if state.winner() >= 0 or not discards:
                return -1
            mode = self.rules.nothing_playable
            if mode is NothingPlayable.LAY_DOWN or (
                mode is NothingPlayable.LAY_DOWN_IF_NONE_OUT and not state.has_marble_in_play()
            ):
                below(bits, 1)  # the one move there is, drawn all the same
                self.after_play(seat, -1, -1)
                return 1
        self.after_play(seat, discards[below(bits, len(discards))], -1)
        return 1

    def after_play(self, seat: int, card: int, code: int) -> None:
        """Cards and marbles after the seat played ``card`` (-1: laid its hand down) with the move ``code``
        (-1: a discard), then the winner or the next turn (``Game._after_play``)."""
        hand = self.hands[seat]
        if self.trace is not None:
            self.trace.append(self.notation(card, code))
        if card < 0:
            gone = list(hand)
            hand.clear()
        else:
            hand.remove(card)
            gone = [card]
        self.played += gone
        joker = code >= 0 and self.ranks[card] == JOKER_CODE
        draws = len(gone) if self.draw_pile else 1 if joker and self.joker_replays else 0
        for _ in range(draws):
            if not self.stock:
                self.stock = self.stock + self.shuffled(self.played)
                self.played = []
            hand.append(self.stock.pop(0))
        self.must_discard = -1
        if code >= 0 and self.ranks[card] == JACK and self.jack_left_skips:
            left = (seat + 1) % self.count
            if left != seat and self.hands[left]:
                self.must_discard = left
        state = self.state
        if code >= 0:
            state.make(code)
        self.winner = state.winner()
        self.extra_play = self.winner < 0 and joker and self.joker_replays and bool(hand)
        nxt = seat if self.extra_play else -1 if self.winner >= 0 else self.next_with_cards(seat)
        self.to_play = nxt
        if nxt >= 0:
            state.turn = nxt
        elif self.winner < 0:
            self.next_deal()

    def notation(self, card: int, code: int) -> str:
        """The move ``code`` with ``card`` (-1: the hand laid down; a code of -1: a discard) as text."""
        if card < 0:
            return str(Move.lay_down())
        if code < 0:
            return str(Move.discard(self.values[card]))
        return str(self.state.to_move(code, self.values[card]))


def _distinct(hand: list[int]) -> list[int]:
    """The hand's different cards, in hand order (``movegen.distinct_cards``)."""
    cards: list[int] = []
    for card in hand:
        if card not in cards:
            cards.append(card)
    return cards


def fast_random_game(
    rules: RuleSet, seats: int, seed: int, max_actions: int, trace: list[str] | None = None
) -> FastReport:
    """Play the random game of ``play_random_game(rules, seats, seed)`` on the core, without checks.

    ``trace``, when given, receives every action in the notation of ``Game`` actions (``A>7H``, a move,
    ``A:end``), for the tests that hold this game to the ``Game``'s.
    """
    table = _Table(rules, seats, seed)
    table.trace = trace
    bits = random.Random(f"selfplay:{seed}").getrandbits
    actions = 0
    discards = 0
    stuck = ""
    while table.winner < 0 and actions < max_actions:
        if table.exchange:
            table.give(bits)
        else:
            outcome = table.play(bits)
            if outcome < 0:
                stuck = table.state.to_position().to_notation()
                break
            discards += outcome
        actions += 1
    winner = None if table.winner < 0 else table.state.ctx.team_letters[table.winner]
    return FastReport(actions, winner, discards, table.dealt, stuck)
