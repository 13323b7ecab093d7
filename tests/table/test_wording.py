"""Moves put in words from the boards before and after."""

from __future__ import annotations

from firmware_py.engine import Card, Move
from firmware_py.engine.cards import card_words
from firmware_py.table.wording import change, describe

NAMES = {"A": "Ana", "B": "Bruno"}


def test_a_step_and_a_capture() -> None:
    before = {"A3": "A", "A10": "B", "AR1": "A", "BR1": "B"}
    after = {"A10": "A", "AR1": "A", "BR1": "B", "BR2": "B"}
    what = change(before, after)
    assert what.steps == (("A", "A3", "A10"),) and what.captured == (("B", "A10"),)
    words = describe("Ana", Move.parse("7H:A3-A10"), before, after, NAMES)
    assert words["fr"] == "Ana joue le 7 de cœur : A3 → A10 ; prend la bille de Bruno en A10"
    assert words["en"] == "Ana plays the 7 of hearts: A3 → A10; takes Bruno's marble on A10"


def test_leaving_the_reserve() -> None:
    before = {"AR1": "A", "AR2": "A"}
    after = {"A18": "A", "AR2": "A"}
    assert change(before, after).steps == (("A", "AR1", "A18"),)
    words = describe("Ana", Move.parse("KS:AR-A18"), before, after, NAMES)
    assert words["en"] == "Ana plays the King of spades: reserve → A18"
    assert words["fr"] == "Ana joue le roi de pique : réserve → A18"


def test_a_swap_moves_two_marbles() -> None:
    before = {"A5": "A", "B9": "B"}
    after = {"B9": "A", "A5": "B"}
    assert set(change(before, after).steps) == {("A", "A5", "B9"), ("B", "B9", "A5")}
    assert set(change(before, after).places) == {"A5", "B9"}


def test_a_discard_and_a_rank_alone() -> None:
    board = {"A5": "A"}
    assert describe("Ana", Move.parse("3:discard"), board, board, NAMES) == {
        "fr": "Ana défausse le 3",
        "en": "Ana discards the 3",
    }
    assert card_words(Card.parse("JOKER"), "fr", "the") == "le joker"


def test_a_split_seven_says_each_part() -> None:
    before = {"A18": "A", "B8": "A"}
    after = {"B3": "A", "B12": "A"}
    words = describe("Ana", Move.parse("7:A18-B3,B8-B12"), before, after, NAMES)
    assert words["en"] == "Ana plays the 7: A18 → B3, B8 → B12"


def test_a_swap_and_laying_the_hand_down() -> None:
    before, after = {"A5": "A", "B9": "B"}, {"B9": "A", "A5": "B"}
    assert (
        describe("Ana", Move.parse("JH:A5<>B9"), before, after, NAMES)["fr"]
        == "Ana joue le valet de cœur : A5 ↔ B9"
    )
    assert describe("Ana", Move.parse("laydown"), before, before, NAMES)["en"] == "Ana lays the hand down"


def test_french_articles_agree_with_the_card() -> None:
    """La dame, l'as (elided), le roi, lower case mid-sentence: "le dame" or "le as" reads wrong."""
    assert card_words(Card.parse("QH"), "fr", "the") == "la dame de cœur"
    assert card_words(Card.parse("AS"), "fr", "the") == "l'as de pique"
    assert card_words(Card.parse("8"), "fr", "the") == "le 8"
    assert card_words(Card.parse("Q"), "fr", "the") == "la dame"
    assert card_words(Card.parse("A"), "en", "the") == "the Ace"
    board = {"A5": "A"}
    words = describe("Ana", Move.parse("AD:discard"), board, board, NAMES)
    assert words["fr"] == "Ana défausse l'as de carreau"


def test_a_marble_landing_on_its_own_sides_marble_takes_it_where_it_stood() -> None:
    """A's King from B6 onto A's own marble on C1: the board alone reads as "B6 taken"; the move says C1."""
    before = {"B6": "A", "C1": "A", "AR1": "A", "AR2": "A"}
    after = {"C1": "A", "AR1": "A", "AR2": "A", "AR3": "A"}
    move = Move.parse("KD:B6-C1")
    what = change(before, after, move)
    assert what.steps == (("A", "B6", "C1"),) and what.captured == (("A", "C1"),)
    assert set(what.places) == {"B6", "C1"}
    words = describe("Ana", move, before, after, NAMES)
    assert words["fr"] == "Ana joue le roi de carreau : B6 → C1 ; prend la bille de Ana en C1"
    assert change(before, after).captured == (("A", "B6"),), "without the move the boards are ambiguous"


def test_a_split_seven_inside_the_home_is_said_in_an_order_that_can_be_played() -> None:
    # the notation sorts the parts (D11-DH1 before DH1-DH3); said in that order it sounds as if one
    # marble moved twice, so the marble that makes room is named first
    before = {"D11": "D", "DH1": "D"}
    after = {"DH1": "D", "DH3": "D"}
    words = describe("Ana", Move.parse("7:D11-DH1,DH1-DH3"), before, after, NAMES)
    assert words["en"] == "Ana plays the 7: DH1 → DH3, D11 → DH1"
