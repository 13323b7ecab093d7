"""The cards that are in nobody's hand: the face-down stock and the face-up pile of played cards.

Chance enters a game only through :func:`shuffled`, which takes an injected :class:`random.Random`; a
game derives one generator per shuffle from its seed (:func:`shuffle_rng`), so that every shuffle is
reproducible on its own and a whole game replays exactly from its seed and its moves. The engine never
touches the global random state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from firmware_py.engine.cards import JOKER, RANKS, SUITS, Card
from firmware_py.engine.rules import RuleSet


def new_deck(rules: RuleSet) -> tuple[Card, ...]:
    """A fresh, unshuffled pack for these rules: 52 cards by suit then rank, then the jokers."""
    cards = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
    return cards + (Card(JOKER),) * rules.jokers


def chance(seed: int, event: str) -> random.Random:
    """The random source of one chance event (``"shuffle 3"``, ``"dealer"``) of the game seeded ``seed``.

    String seeds are hashed with SHA-512 by :mod:`random`, so the outcome does not depend on the Python
    process (hash randomisation) and two events of one game are independent of each other.
    """
    return random.Random(f"tock:{seed}:{event}")


def shuffle_rng(seed: int, shuffle_number: int) -> random.Random:
    """The random source of shuffle number ``shuffle_number`` (0, 1, ...) of the game seeded ``seed``."""
    return chance(seed, f"shuffle {shuffle_number}")


def shuffled(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """The cards in a random order drawn from ``rng`` (the first card is the top of the stock)."""
    order = list(cards)
    rng.shuffle(order)
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards out of the players' hands.

    Attributes:
        stock: face down, top card first: what the dealer deals from, and what a joker (R1, TOC) or TOC's
            draw pile draws from. Cards a deal schedule leaves over stay here, unseen, until the next
            shuffle (the sheets' burnt cards).
        played: face up, in the order they were played, discarded or laid down; they go back into the
            next shuffle.
    """

    stock: tuple[Card, ...]
    played: tuple[Card, ...] = ()

    def __init__(self, stock: tuple[Card, ...], played: tuple[Card, ...] = ()) -> None:
        """Written out so that mypyc compiles it (see :meth:`firmware_py.engine.game.Game.__init__`)."""
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "played", played)

    def deal(self, count: int, seats: int) -> tuple[tuple[tuple[Card, ...], ...], Pack]:
        """Deal ``count`` cards to each of ``seats`` seats, one card at a time round the table.

        Hand ``i`` of the result goes to the ``i``-th seat after the dealer.

        Raises:
            ValueError: the stock holds fewer than ``count * seats`` cards.
        """
        needed = count * seats
        if needed > len(self.stock):
            raise ValueError(f"cannot deal {count} cards to {seats} seats from a stock of {len(self.stock)}")
        taken = self.stock[:needed]
        hands = tuple(taken[i::seats] for i in range(seats))
        return hands, Pack(self.stock[needed:], self.played)

    def draw(self) -> tuple[Card, Pack]:
        """Take the top card of the stock.

        Raises:
            ValueError: the stock is empty (refill it with :meth:`reshuffle_played` first).
        """
        if not self.stock:
            raise ValueError("cannot draw from an empty stock")
        return self.stock[0], Pack(self.stock[1:], self.played)

    def play(self, cards: Sequence[Card]) -> Pack:
        """Put cards face up on the played pile (a card played or discarded, a hand laid down)."""
        return Pack(self.stock, self.played + tuple(cards))

    def reshuffle_played(self, rng: random.Random) -> Pack:
        """Turn the played pile into a new stock under the old one (TOC's empty draw pile)."""
        return Pack(self.stock + shuffled(self.played, rng), ())

    def gather(self, rng: random.Random) -> Pack:
        """Shuffle every card out of the hands into one new stock, for the next dealer."""
        return Pack(shuffled(self.stock + self.played, rng), ())

    def __len__(self) -> int:
        return len(self.stock) + len(self.played)
