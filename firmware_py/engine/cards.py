"""Playing cards: rank and suit, the text form used everywhere (``7H``, ``10S``, ``JOKER``) and the pack."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from firmware_py.engine.errors import NotationError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The thirteen ranks of a standard pack, in pack order."""
JOKER = "JOKER"
"""Rank of a joker (jokers have no suit)."""
SUITS = ("S", "H", "D", "C")
"""Spades, hearts, diamonds, clubs."""

_RANK_NAMES = {
    "A": ("As", "Ace"),
    "J": ("Valet", "Jack"),
    "Q": ("Dame", "Queen"),
    "K": ("Roi", "King"),
    JOKER: ("Joker", "Joker"),
}
_RANK_ALIASES = {"1": "A", "V": "J", "D": "Q", "R": "K", "11": "J", "12": "Q", "13": "K", "T": "10"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. ``suit`` is None for a joker, and for a physical card whose suit nobody told us.

    >>> Card.parse("10s")
    Card.parse('10S')
    >>> str(Card.parse("7"))
    '7'
    """

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if self.rank not in RANKS and self.rank != JOKER:
            raise NotationError(
                f"unknown card rank {self.rank!r}: expected one of {' '.join(RANKS)} or {JOKER}"
            )
        if self.suit is not None and (self.suit not in SUITS or self.rank == JOKER):
            raise NotationError(
                f"unknown suit {self.suit!r} for {self.rank}: expected one of {' '.join(SUITS)}"
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``7H``, ``10S``, ``KD``, ``JOKER``, or a rank alone (``7``, ``K``).

        French initials (``R`` roi, ``D`` dame, ``V`` valet) and ``1`` for the Ace are accepted.

        Raises:
            NotationError: the text is not a card (the message says what a card looks like).
        """
        known = _PARSED.get(text)
        if known is not None:
            return known
        card = cls._read(text)
        if len(_PARSED) < _PARSED_KEPT:
            _PARSED[text] = card
        return card

    @classmethod
    def _read(cls, text: str) -> Card:
        raw = text.strip().upper()
        if raw in (JOKER, "JK"):
            return cls(JOKER)
        if not raw:
            raise NotationError("empty card: expected a card like 7H, 10S, KD, JOKER or a rank alone like 7")
        rank, suit = (raw[:-1], raw[-1]) if raw[-1] in SUITS and len(raw) > 1 else (raw, None)
        rank = _RANK_ALIASES.get(rank, rank)
        if rank not in RANKS:
            raise NotationError(
                f"{text!r} is not a card: expected a card like 7H, 10S, KD, JOKER or a rank like 7"
            )
        return cls(rank, suit)

    def __str__(self) -> str:
        return self.rank + (self.suit or "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.rank == JOKER

    def name(self, lang: str = "en") -> str:
        """The card's rank in words, in French (``fr``) or English (``en``)."""
        names = _RANK_NAMES.get(self.rank)
        if names is None:
            return self.rank
        return names[0] if lang == "fr" else names[1]


_SUIT_NAMES = {
    "S": ("pique", "spades"),
    "H": ("cœur", "hearts"),
    "D": ("carreau", "diamonds"),
    "C": ("trèfle", "clubs"),
}


_PARSED: dict[str, Card] = {}
"""Cards read so far by their text (notation is read back card by card, again and again)."""
_PARSED_KEPT = 512
"""At most this many texts are remembered (every way of writing every card fits)."""


def card_words(card: Card, lang: str, article: str = "") -> str:
    """The card in words inside a sentence: ``la dame de cœur``, ``un as``, ``an Ace``, ``a 7``.

    Args:
        card: the card (a suitless card is named by its rank only).
        lang: ``fr`` or ``en``.
        article: ``the`` for the definite article (le/la/l'), ``a`` for the indefinite one (un/une),
            empty for none.
    """
    fr = lang == "fr"
    name = card.name(lang)
    if fr:
        name = name.lower()
    if card.suit is not None:
        suit = _SUIT_NAMES[card.suit][0 if fr else 1]
        name = f"{name} de {suit}" if fr else f"{name} of {suit}"
    if not article:
        return name
    if fr:
        feminine = card.rank == "Q"
        if article == "the":
            return f"l'{name}" if card.rank == "A" else f"{'la' if feminine else 'le'} {name}"
        return f"{'une' if feminine else 'un'} {name}"
    if article == "the":
        return f"the {name}"
    return f"{'an' if card.rank in ('A', '8') else 'a'} {name}"


def card_named(hand: Sequence[Card], card: Card) -> Card:
    """The card of ``hand`` that ``card`` names (a card without suit names any card of its rank)."""
    if card in hand or card.suit is not None:
        return card
    return next((c for c in hand if c.rank == card.rank), card)
