"""What a page asks for, read: a card or a move as the engine knows it, or the refusal that says why not."""

from __future__ import annotations

from collections.abc import Sequence

from firmware_py import refusals
from firmware_py.engine import Card, Move, NotationError


def read_card(text: object, hand: Sequence[Card] | None = None) -> Card:
    """The card ``text`` names, held in ``hand`` when the hand is known.

    Raises:
        BadInput: not a card, or not in ``hand``.
    """
    try:
        card = Card.parse(text) if isinstance(text, str) else None
    except NotationError as error:  # the engine's detail is English: the French message says its own
        raise refusals.unknown_card(str(text), error) from None
    if card is None:
        raise refusals.card_expected()
    if hand is not None and card not in hand:
        raise refusals.card_not_held(card)
    return card


def read_move(text: object) -> Move:
    """The move ``text`` writes in the engine's notation.

    Raises:
        BadInput: not a move.
    """
    try:
        if not isinstance(text, str):
            raise NotationError("a move is text in the engine's notation")
        return Move.parse(text)
    except NotationError as error:  # the engine's detail is English: the French message says its own
        raise refusals.unreadable_move(str(text), error) from None
