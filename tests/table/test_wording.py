"""Moves put in words from the boards before and after."""

from __future__ import annotations

from firmware_py.engine import Card
from firmware_py.wording import card_words, change, describe

NAMES = {"A": "Ana", "B": "Bruno"}


def test_a_step_and_a_capture() -> None:
    before = {"A3": "A", "A10": "B", "AR1": "A", "BR1": "B"}
    after = {"A10": "A", "AR1": "A", "BR1": "B", "BR2": "B"}
    what = change(before, after)
    assert what.steps == (("A", "A3", "A10"),) and what.captured == (("B", "A10"),)
    words = describe("Ana", Card.parse("7H"), before, after, NAMES)
    assert words["fr"] == "Ana joue le 7 de cœur : A3 → A10 ; prend la bille de Bruno en A10"
    assert words["en"] == "Ana plays the 7 of hearts: A3 → A10; takes Bruno's marble on A10"


def test_leaving_the_reserve() -> None:
    before = {"AR1": "A", "AR2": "A"}
    after = {"A18": "A", "AR2": "A"}
    assert change(before, after).steps == (("A", "AR1", "A18"),)
    assert (
        describe("Ana", Card.parse("KS"), before, after, NAMES)["en"]
        == "Ana plays the King of spades: AR1 → A18"
    )


def test_a_swap_moves_two_marbles() -> None:
    before = {"A5": "A", "B9": "B"}
    after = {"B9": "A", "A5": "B"}
    assert set(change(before, after).steps) == {("A", "A5", "B9"), ("B", "B9", "A5")}
    assert set(change(before, after).places) == {"A5", "B9"}


def test_a_discard_and_a_rank_alone() -> None:
    board = {"A5": "A"}
    assert describe("Ana", Card.parse("3"), board, board, NAMES, discard=True) == {
        "fr": "Ana défausse le 3",
        "en": "Ana discards the 3",
    }
    assert card_words(Card.parse("JOKER"), "fr") == "le Joker"
