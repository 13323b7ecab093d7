"""Moves put in words from what the engine says they do."""

from __future__ import annotations

from firmware_py.engine import Capture, Card, Move, MoveEffect, Position, Step, move_effect
from firmware_py.engine.board import BoardTopology
from firmware_py.engine.cards import card_words
from firmware_py.table.wording import describe, holes_said, shown_name, swap_asked

NAMES = {"A": "Ana", "B": "Bruno"}
BOARD = BoardTopology()
NOTHING = MoveEffect()


def done(position: str, move: str) -> MoveEffect:
    """What ``move`` does on the position written ``position``, as the engine says it."""
    return move_effect(Position.from_notation(position), Move.parse(move))


def test_a_step_and_a_capture() -> None:
    what = done("qc A:A3 B:A10 C: D: A", "7H:A3-A10")
    assert what == MoveEffect((Step("A", "A3", "A10"),), (Capture("B", "A10"),))
    words = describe("Ana", Move.parse("7H:A3-A10"), what, NAMES, BOARD)
    assert words["fr"] == "Ana joue le 7 de cœur : avance de 7 ; renvoie le pion de Bruno au camp"
    assert (
        words["en"] == "Ana plays the 7 of hearts: moves forward 7; sends Bruno's marble back to its reserve"
    )
    assert words["detail"] == "A3 → A10 ×A10", "the holes stay as a small detail"


def test_leaving_the_reserve() -> None:
    what = done("qc A:A3,A5 B: C: D: A", "KS:AR-A18")
    assert what.steps == (Step("A", "AR2", "A18"),), "the last filled hole of two"
    words = describe("Ana", Move.parse("KS:AR-A18"), what, NAMES, BOARD)
    assert words["en"] == "Ana plays the King of spades: brings a marble out"
    assert words["fr"] == "Ana joue le roi de pique : sort un pion"
    assert words["detail"] == "AR → A18", "the holes by their ids, the same in every language"


def test_a_swap_moves_two_marbles() -> None:
    what = done("r1 A:A5 B:B9 C: D: A", "JH:A5<>B9")
    assert set(what.steps) == {Step("A", "A5", "B9"), Step("B", "B9", "A5")}
    assert set(what.places) == {"A5", "B9"}


def test_a_discard_and_a_rank_alone() -> None:
    assert describe("Ana", Move.parse("3:discard"), NOTHING, NAMES) == {
        "fr": "Ana défausse le 3",
        "en": "Ana discards the 3",
        "detail": "",
    }
    assert card_words(Card.parse("JOKER"), "fr", "the") == "le joker"


def test_a_split_seven_says_each_part() -> None:
    move = Move.parse("7:A18-B3,B8-B12")
    words = describe("Ana", move, done("r1 A:A18,B8 B: C: D: A", str(move)), NAMES, BOARD)
    assert words["en"] == "Ana plays the 7: moves a marble forward 3 and moves a marble forward 4"
    assert words["fr"] == "Ana joue le 7 : avance un pion de 3 et avance un pion de 4"


def test_the_shortcut_jump_is_named() -> None:
    """A 7 from A18 lands on B7, a shortcut cell, and jumps on to the next one, C7."""
    words = describe("Ana", Move.parse("7H:A18-C7"), done("r1 A:A18 B: C: D: A", "7H:A18-C7"), NAMES, BOARD)
    assert words["fr"] == (
        "Ana joue le 7 de cœur : avance de 7 jusqu'au raccourci et saute au raccourci suivant, du côté de C"
    )
    assert words["en"].endswith("jumps to the next shortcut, on C's side")
    words = describe("Ana", Move.parse("4H:A3-A7"), done("qc A:A3 B: C: D: A", "4H:A3-A7"), NAMES, BOARD)
    assert words["en"] == "Ana plays the 4 of hearts: moves forward 4 to the shortcut"


def test_a_five_says_whose_marble_it_moved_and_a_four_goes_back() -> None:
    what = done("r1 A:A9 B:B2 C: D: A", "5C:B2-B7")
    words = describe("Ana", Move.parse("5C:B2-B7"), what, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le 5 de trèfle : avance le pion de Bruno de 5 jusqu'au raccourci"
    assert words["en"] == "Ana plays the 5 of clubs: moves Bruno's marble forward 5 to the shortcut"
    what = done("r1 A:A9 B: C: D: A", "4C:A9-A5")
    words = describe("Ana", Move.parse("4C:A9-A5"), what, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le 4 de trèfle : recule de 4"


def test_default_names_follow_the_language() -> None:
    assert shown_name("Joueur A", "en") == "Player A" and shown_name("Computer B", "fr") == "Ordinateur B"
    assert shown_name("Joueuse Ana", "en") == "Joueuse Ana" and shown_name("Ana", "en") == "Ana"
    words = describe("Ordinateur A", Move.parse("3:discard"), NOTHING, {"A": "Ordinateur A"})
    assert words["en"] == "Computer A discards the 3" and words["fr"] == "Ordinateur A défausse le 3"


def test_a_swap_and_laying_the_hand_down() -> None:
    words = describe(
        "Ana", Move.parse("JH:A5<>B9"), done("r1 A:A5 B:B9 C: D: A", "JH:A5<>B9"), NAMES, BOARD, seat="A"
    )
    assert words["fr"] == "Ana joue le valet de cœur : échange son pion avec celui de Bruno"
    assert words["detail"] == "A5 ↔ B9"
    own = done("r1 A:A5,B9 B: C: D: A", "JH:A5<>B9")
    words = describe("Ana", Move.parse("JH:A5<>B9"), own, NAMES, BOARD, seat="A")
    assert words["fr"] == "Ana joue le valet de cœur : échange deux de ses pions"
    assert describe("Ana", Move.parse("laydown"), NOTHING, NAMES)["en"] == "Ana lays the hand down"


def test_french_articles_agree_with_the_card() -> None:
    """La dame, l'as (elided), le roi, lower case mid-sentence: "le dame" or "le as" reads wrong."""
    assert card_words(Card.parse("QH"), "fr", "the") == "la dame de cœur"
    assert card_words(Card.parse("AS"), "fr", "the") == "l'as de pique"
    assert card_words(Card.parse("8"), "fr", "the") == "le 8"
    assert card_words(Card.parse("Q"), "fr", "the") == "la dame"
    assert card_words(Card.parse("A"), "en", "the") == "the Ace"
    words = describe("Ana", Move.parse("AD:discard"), NOTHING, NAMES)
    assert words["fr"] == "Ana défausse l'as de carreau"


def test_a_marble_landing_on_its_own_sides_marble_takes_it_where_it_stood() -> None:
    """A's King from B6 onto A's own marble on C1: the boards alone read as "B6 taken"; the move says C1."""
    move = Move.parse("KD:B6-C1")
    what = done("qc A:B6,C1 B: C: D: A", str(move))
    assert what.steps == (Step("A", "B6", "C1"),) and what.captures == (Capture("A", "C1"),)
    assert set(what.places) == {"B6", "C1"}
    words = describe("Ana", move, what, NAMES, BOARD)
    assert words["fr"] == "Ana joue le roi de carreau : avance de 13 ; renvoie le pion d'Ana au camp"


def test_a_split_seven_inside_the_home_is_said_in_an_order_that_can_be_played() -> None:
    # the notation sorts the parts (D12-DH1 before DH1-DH3); said in that order it sounds as if one
    # marble moved twice, so the marble that makes room is named first
    move = Move.parse("7:D12-DH1,DH1-DH3")
    words = describe("Ana", move, done("r1 A: B: C: D:D12,DH1 D", str(move)), NAMES, BOARD)
    assert words["detail"] == "DH1 → DH3, D12 → DH1"
    assert (
        words["en"] == "Ana plays the 7: moves D's marble along the home and moves D's marble into the home"
    )


def test_a_king_passing_its_own_marble_says_that_one_taken_not_the_king() -> None:
    """R1's King takes every marble on its way, its own too: the boards alone would pair the King with
    the marble it passed; the engine says the King went on and the one passed went home to the reserve."""
    move = Move.parse("KH:A3-A16")
    what = done("r1 A:A3,A9 B:A5 C: D: A", str(move))
    assert what.steps == (Step("A", "A3", "A16"),)
    assert what.captures == (Capture("B", "A5"), Capture("A", "A9"))
    words = describe("Ana", move, what, NAMES, BOARD, seat="A")
    assert words["en"] == (
        "Ana plays the King of hearts: moves forward 13; sends Bruno's marble back to its reserve"
        "; sends Ana's marble back to its reserve"
    )
    assert words["detail"] == "A3 → A16 ×A5 ×A9"


def test_holes_are_said_as_the_board_shows_them_a_reserve_once() -> None:
    """Holes the camera could not read, named in a refusal: by where they are on the board (the pages
    put the seats' names in), never by hole ids; the holes of one reserve are that reserve."""
    holes = ("DR3", "C8", "DR1", "A18")
    assert holes_said(holes, "fr") == (
        "sur la case de départ de A, sur la case 8 du côté de C et dans la réserve de D"
    )
    assert holes_said(holes, "en") == "on A's start cell, on cell 8 of C's side and in D's reserve"
    assert holes_said(("B5",), "en") == "on cell 5 of B's side"


def test_a_swap_asked_about_says_its_holes_as_the_board_shows_them() -> None:
    """The Jack's swap the camera cannot tell from an unchanged board is asked on the table and the
    phone: its two holes by where they are (the pages put the seats' names in), never by hole ids."""
    assert swap_asked("B14", "B12", "fr") == "Avez-vous échangé les billes des cases 12 et 14 du côté de B ?"
    assert swap_asked("B14", "B12", "en") == "Did you swap the marbles on cells 12 and 14 of B's side?"
    assert swap_asked("A5", "C18", "fr") == (
        "Avez-vous échangé la bille sur la case 5 du côté de A avec celle sur la case de départ de C ?"
    )
    assert (
        swap_asked("A5", "C18", "en")
        == "Did you swap the marble on cell 5 of A's side with the one on C's start cell?"
    )
    for a, b in (("B12", "B14"), ("A5", "C18"), ("A18", "A3")):
        for lang in ("fr", "en"):
            assert a not in swap_asked(a, b, lang) and b not in swap_asked(a, b, lang)
