"""How many cards each seat is dealt, deal after deal, for every rule sheet and seat count.

The rule sheets deal one shuffled pack in a fixed series of *deals* (a deal gives every seat the same
number of cards, and is played out before the next one). Cards the series leaves over are set aside
unseen (R2's and QC's "jetez une carte", R1's joker note: "il restera 2 cartes non distribuées") and go
back into the next shuffle; a joker's extra card (R1, TOC) is drawn from them. When the series is over
the pack is gathered, shuffled and dealt again, by the next dealer.

TOC deals differently: one hand of 5, the rest of the pack is a draw pile, and every card played is
replaced by one drawn. When the draw pile is empty, the played cards are shuffled into a new one (TOC is
silent on this; a fresh pile is what its players expect, since the game has no other deal).

The schedules here are data, straight from the sheets; the seat counts a sheet does not cover follow R1's
general rule, "5 cards, then 4, 4... until the pack has been dealt" (as many rounds of 4 as the pack
holds for every seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from firmware_py.engine.cards import Card
from firmware_py.engine.rules import Dealing, RuleSet

BASE_PACK: Final = 52
"""Cards of a standard pack without jokers. Schedules are counted on it, so that the jokers, when a
table plays with them, are always left over for the extra draws they give (R1: "il restera 2 cartes")."""

FIRST_HAND: Final = 5
"""R1, TOC, CANOP: the first deal (or TOC's only hand) is 5 cards."""

NEXT_HANDS: Final = 4
"""R1, CANOP: the deals after the first one are 4 cards."""


R2_DEALS: Final[dict[int, tuple[int, ...]]] = {
    2: (5, 5, 4, 4, 4, 4),  # "Deux tours de cinq cartes et quatre tours de quatre cartes."
    3: (5, 4, 4, 4),  # "Un tour de cinq cartes et trois tours de quatre cartes, jetez une carte."
    4: (5, 4, 4),  # "Un tour de cinq cartes et deux tours de quatre cartes."
    5: (5, 5),  # "Deux tours de cinq cartes, jetez les deux dernières cartes."
    6: (4, 4),  # "Deux tours de quatre cartes, jetez les quatre dernières cartes."
}
"""R2's table (seed 000), by seat count. 7 and 8 seats are not in the table: R1's general rule applies."""

QC_DEALS: Final[dict[int, tuple[int, ...]]] = {
    2: (5, 5, 4, 4, 4, 4),  # "5 cards are dealt on the two first turns, 4 cards on each of the four"
    3: (5, 4, 4, 4),  # "5 cards ... first turn, 4 cards on each of the 3 following ... last card discarded"
    4: (5, 4, 4),  # "5 cards ... first turn, 4 cards on each of the two following ... shuffled once more"
    5: R2_DEALS[5],  # not in the QC sheet; borrowed from R2, the other Quebec sheet
    6: (4, 4),  # "4 cards are dealt on each of the two first turns, and then, the cards are shuffled"
}
"""QC's table (seed 003), by seat count. 5 seats borrow R2's row; 7-8 seats follow R1's general rule."""


@dataclass(frozen=True, slots=True)
class DealSchedule:
    """How one shuffled pack is dealt at one seat count.

    Attributes:
        deals: cards each seat receives at each deal of one pack, in order (R2 at 4 seats: ``(5, 4, 4)``).
            With a draw pile, the single starting hand: ``(5,)``.
        draw_pile: TOC's pile: after each card played or discarded the player draws one.
        source: where the schedule comes from, for the docs and the ``tock presets`` listing.
    """

    deals: tuple[int, ...]
    draw_pile: bool
    source: str

    def dealt_per_pack(self, seats: int) -> int:
        """Cards the whole series of deals takes from the pack (without a draw pile)."""
        return seats * sum(self.deals)

    def left_over(self, seats: int, pack_size: int) -> int:
        """Cards the series leaves undealt: burnt, or (with jokers) drawn by a joker's extra play."""
        return pack_size - self.dealt_per_pack(seats)


def five_then_fours(seats: int, base: int = BASE_PACK) -> tuple[int, ...]:
    """R1's general rule: 5 each, then 4 each while the pack holds a round, then a last smaller round.

    "Le donneur redonnera 4 cartes à chacun et ainsi de suite jusqu'à ce que tout le paquet ait été
    distribué" (000): at 6 or 8 seats the pack runs out in the middle of a round of 4, so the rest is
    dealt evenly as a last, smaller deal when it gives everyone at least two cards; a single card
    each would be no deal, and those cards wait for the next shuffle.

    >>> five_then_fours(4)
    (5, 4, 4)
    >>> five_then_fours(6)
    (5, 3)
    """
    left = base - FIRST_HAND * seats
    rounds, left = divmod(left, NEXT_HANDS * seats)
    last = left // seats
    return (FIRST_HAND,) + (NEXT_HANDS,) * rounds + ((last,) if last >= 2 else ())


def deal_schedule(rules: RuleSet, seats: int) -> DealSchedule:
    """The schedule a table of ``seats`` follows under ``rules`` (its :attr:`RuleSet.dealing` switch).

    Args:
        rules: the rule set.
        seats: 2 to 8 seats.

    Raises:
        ValueError: a seat count outside 2..8.
    """
    if not 2 <= seats <= 8:
        raise ValueError(f"Tock is played by 2 to 8 seats, not {seats}")
    if rules.dealing is Dealing.DRAW_PILE:
        return DealSchedule((FIRST_HAND,), True, "001 TOC: hand of 5, play one card and draw one")
    table = {Dealing.R2_TABLE: (R2_DEALS, "000 R2"), Dealing.QC_TABLE: (QC_DEALS, "003 QC")}
    if rules.dealing in table:
        rows, sheet = table[rules.dealing]
        if seats in rows:
            return DealSchedule(rows[seats], False, f"{sheet} dealing table, {seats} seats")
    return DealSchedule(five_then_fours(seats), False, "000/002/004: 5, then 4, 4... until the pack is used")


def next_with_cards(seats: tuple[str, ...], hands: tuple[tuple[Card, ...], ...], seat: str) -> str | None:
    """The first seat after ``seat`` in turn order that holds cards (``seat`` itself last), or None."""
    start = seats.index(seat)
    count = len(seats)
    for step in range(1, count + 1):
        index = (start + step) % count
        if hands[index]:
            return seats[index]
    return None
