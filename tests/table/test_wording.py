"""Moves put in words from the boards before and after."""

from __future__ import annotations

from firmware_py.engine import Card, Move
from firmware_py.engine.board import BoardTopology
from firmware_py.engine.cards import card_words
from firmware_py.table.wording import change, describe, shown_name

NAMES = {"A": "Ana", "B": "Bruno"}
BOARD = BoardTopology()


def test_a_step_and_a_capture() -> None:
    before = {"A3": "A", "A10": "B", "AR1": "A", "BR1": "B"}
    after = {"A10": "A", "AR1": "A", "BR1": "B", "BR2": "B"}
    what = change(before, after)
    assert what.steps == (("A", "A3", "A10"),) and what.captured == (("B", "A10"),)
    words = describe("Ana", Move.parse("7H:A3-A10"), before, after, NAMES, BOARD)
    assert words["fr"] == "Ana joue le 7 de cœur : avance de 7 ; renvoie le pion de Bruno au camp"
    assert (
        words["en"] == "Ana plays the 7 of hearts: moves forward 7; sends Bruno's marble back to its reserve"
    )
    assert words["detail"] == "A3 → A10 ×A10", "the holes stay as a small detail"


def test_leaving_the_reserve() -> None:
    before = {"AR1": "A", "AR2": "A"}
    after = {"A18": "A", "AR2": "A"}
    assert change(before, after).steps == (("A", "AR1", "A18"),)
    words = describe("Ana", Move.parse("KS:AR-A18"), before, after, NAMES, BOARD)
    assert words["en"] == "Ana plays the King of spades: brings a marble out"
    assert words["fr"] == "Ana joue le roi de pique : sort un pion"
    assert words["detail"] == "AR → A18", "the holes by their ids, the same in every language"


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
        "detail": "",
    }
    assert card_words(Card.parse("JOKER"), "fr", "the") == "le joker"


def test_a_split_seven_says_each_part() -> None:
    before = {"A18": "A", "B8": "A"}
    after = {"B3": "A", "B12": "A"}
    words = describe("Ana", Move.parse("7:A18-B3,B8-B12"), before, after, NAMES, BOARD)
    assert words["en"] == "Ana plays the 7: moves a marble forward 3 and moves a marble forward 4"
    assert words["fr"] == "Ana joue le 7 : avance un pion de 3 et avance un pion de 4"


def test_the_shortcut_jump_is_named() -> None:
    """A 7 from A18 lands on B7, a shortcut cell, and jumps on to the next one, C7."""
    before, after = {"A18": "A"}, {"C7": "A"}
    words = describe("Ana", Move.parse("7H:A18-C7"), before, after, NAMES, BOARD)
    assert words["fr"] == (
        "Ana joue le 7 de cœur : avance de 7 jusqu'au raccourci et saute au raccourci suivant, du côté de C"
    )
    assert words["en"].endswith("jumps to the next shortcut, on C's side")
    before, after = {"A3": "A"}, {"A7": "A"}
    words = describe("Ana", Move.parse("4H:A3-A7"), before, after, NAMES, BOARD)
    assert words["en"] == "Ana plays the 4 of hearts: moves forward 4 to the shortcut"


def test_a_five_says_whose_marble_it_moved_and_a_four_goes_back() -> None:
    before, after = {"B2": "B"}, {"B7": "B"}
    words = describe("Ana", Move.parse("5C:B2-B7"), before, after, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le 5 de trèfle : avance le pion de Bruno de 5 jusqu'au raccourci"
    assert words["en"] == "Ana plays the 5 of clubs: moves Bruno's marble forward 5 to the shortcut"
    before, after = {"A9": "A"}, {"A5": "A"}
    words = describe("Ana", Move.parse("4C:A9-A5"), before, after, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le 4 de trèfle : recule de 4"


def test_default_names_follow_the_language() -> None:
    assert shown_name("Joueur A", "en") == "Player A" and shown_name("Computer B", "fr") == "Ordinateur B"
    assert shown_name("Joueuse Ana", "en") == "Joueuse Ana" and shown_name("Ana", "en") == "Ana"
    board = {"A5": "A"}
    words = describe("Ordinateur A", Move.parse("3:discard"), board, board, {"A": "Ordinateur A"})
    assert words["en"] == "Computer A discards the 3" and words["fr"] == "Ordinateur A défausse le 3"


def test_a_swap_and_laying_the_hand_down() -> None:
    before, after = {"A5": "A", "B9": "B"}, {"B9": "A", "A5": "B"}
    words = describe("Ana", Move.parse("JH:A5<>B9"), before, after, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le valet de cœur : échange son pion avec celui de Bruno"
    assert words["detail"] == "A5 ↔ B9"
    own = {"A5": "A", "B9": "A"}
    words = describe("Ana", Move.parse("JH:A5<>B9"), own, own, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le valet de cœur : échange deux de ses pions"
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
    words = describe("Ana", move, before, after, NAMES, BOARD)
    assert words["fr"] == "Ana joue le roi de carreau : avance de 13 ; renvoie le pion d'Ana au camp"
    assert change(before, after).captured == (("A", "B6"),), "without the move the boards are ambiguous"


def test_a_split_seven_inside_the_home_is_said_in_an_order_that_can_be_played() -> None:
    # the notation sorts the parts (D11-DH1 before DH1-DH3); said in that order it sounds as if one
    # marble moved twice, so the marble that makes room is named first
    before = {"D11": "D", "DH1": "D"}
    after = {"DH1": "D", "DH3": "D"}
    words = describe("Ana", Move.parse("7:D11-DH1,DH1-DH3"), before, after, NAMES, BOARD)
    assert words["detail"] == "DH1 → DH3, D11 → DH1"
    assert (
        words["en"] == "Ana plays the 7: moves D's marble along the home and moves D's marble into the home"
    )
