"""Position and move notation: round trips, the documented examples, and clear errors for bad text."""

from __future__ import annotations

import random

import pytest

from firmware_py.engine import (
    Card,
    InvalidPositionError,
    Move,
    MoveKind,
    NotationError,
    Position,
    find_preset,
    legal_moves,
    validate,
)
from tests.engine.positions import random_position

EXAMPLES = [
    "r1 A: B: C: D: A",
    "r1 A:A18*,B3,AH1 B:B18 C:C5,C12 D: A A=7H,KD,5S,4C,JH B= C= D=",
    "r2[centre_holds_several=yes] A:B7,CIEL B:CIEL C: D: C",
    "qc[ten_swaps=yes;four_backwards=yes] A:A8 B: C: D: B",
    "toc A:A3 C:CH4 C",
    "r2 A:A1 B:B2 C:C3 D:D4 E:E5 F:F6 E",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_documented_positions_round_trip(text: str) -> None:
    position = Position.from_notation(text)
    assert position.to_notation() == text
    assert Position.from_dict(position.to_dict()) == position


def test_random_positions_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(300):
        position = random_position(rng)
        again = Position.from_notation(position.to_notation())
        assert again == position and again.layout == position.layout


def test_moves_round_trip_and_ignore_order_case_and_captures() -> None:
    assert Move.parse("7h: b2-b5, a3-a7") == Move.parse("7H:A3-A7,B2-B5")
    assert str(Move.parse("7H:B2-B5,A3-A7")) == "7H:A3-A7,B2-B5"
    assert Move.parse("KS:A3-A16xB5xC9") == Move.parse("KS:A3-A16")
    assert Move.parse("KS:A3-A16xB5xC9").captures == ("B5", "C9")
    assert Move.parse("JH:B9<>A5") == Move.parse("JH:A5<>B9")
    assert Move.parse("KS:AR3-A18") == Move.parse("KS:AR-A18")
    assert Move.parse("3H:discard").kind is MoveKind.DISCARD and Move.parse("laydown").card is None
    assert Move.parse("7:A3-A10").card == Card("7")
    rng = random.Random(5)
    for _ in range(100):
        position = random_position(rng)
        for move in legal_moves(position):
            assert Move.parse(str(move)) == move


def test_the_rules_token_carries_house_switches() -> None:
    position = Position.from_notation("r1[jokers=2;shortcut=none;centre_cards=A.10.K] A: B: C: D: A")
    assert position.rules.jokers == 2 and position.rules.centre_cards == frozenset({"A", "10", "K"})
    assert position.to_notation().startswith("r1[")
    assert Position.from_notation(position.to_notation()).rules == position.rules


def test_layout_puts_reserve_marbles_in_the_first_holes() -> None:
    layout = Position.from_notation("r1 A:A3 B: C: D: A").layout
    assert layout["A3"] == "A" and layout["AR3"] == "A" and "AR4" not in layout and layout["BR4"] == "B"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a position"),
        ("r9 A: B: C: D: A", "unknown preset 'r9'"),
        ("r1 A:A19 B: C: D: A", "'A19' is not a place id"),
        ("r1 A:Z3 B: C: D: A", "'Z3' is not a place id"),
        ("r1 A: B: C: D:", "seat to play"),
        ("r1 A: B: C: D: E", "'E' is not one of the seats"),
        ("r1 A: B: C: D: A A=7Z", "is not a card"),
        ("r1[jokers=3] A: B: C: D: A", "0 or 2 jokers"),
        ("r1[colour=red] A: B: C: D: A", "is not a switch"),
        ("r1[shortcut=maybe] A: B: C: D: A", "'maybe' is not a value for shortcut"),
        ("r1 A:AR1 B: C: D: A", "leave reserve marbles out"),
    ],
)
def test_bad_position_text_names_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        Position.from_notation(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("r1 A:A1,A2,A3,A4,A5 B: C: D: A", "5 marbles out"),
        ("r1 A:A3 B:A3 C: D: A", r"two marbles \(A and B\) on A3"),
        ("r1 A:BH1 B: C: D: A", "a marble of A is in B's home"),
        ("r1 A:A3* B: C: D: A", "marks A's own start cell only"),
        ("r1 A: B: C: D: A A=7H B=7H", "2 cards 7H"),
        ("r1 A:CIEL B: C: D: A", "this board has no centre"),
        ("r1 A: A: B: C: A", "not a new seat letter"),
    ],
)
def test_impossible_positions_are_refused_with_every_reason(text: str, words: str) -> None:
    with pytest.raises((InvalidPositionError, NotationError), match=words):
        Position.from_notation(text)


@pytest.mark.parametrize("text", ["", "7H", "7H:", "7H:A3", "7H:A3-Q9", "ZZ:A3-A4", "7H:A3-A4,BR-B18"])
def test_bad_move_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)


def test_bad_cards_are_notation_errors() -> None:
    for text in ("", "1X", "14H", "JOKERH", "X"):
        with pytest.raises(NotationError):
            Card.parse(text)
    assert (
        Card.parse("R") == Card("K") and Card.parse("VH") == Card("J", "H") and Card.parse("1") == Card("A")
    )


def test_validate_never_raises_and_lists_problems() -> None:
    broken = Position(find_preset("r1"), ("A", "B", "C", "D"), (5, 5, -1, -1) + (-1,) * 12)
    problems = validate(broken)
    assert problems and all(v.code == "invalid_position" for v in problems)
    assert validate(Position(find_preset("r1"), ("A",), ())) != ()


def test_explain_reports_a_place_off_this_board_instead_of_raising() -> None:
    from firmware_py.engine import explain

    problems = explain(Position.from_notation("r1 A: B: C: D: A"), Move.parse("8H:H5-H13"))
    assert (
        [v.code for v in problems] == ["unknown_place"] and "H5" in problems[0].en and "H5" in problems[0].fr
    )


def test_pieces_lists_every_marble_with_its_place_and_flag() -> None:
    from firmware_py.engine import Marble

    pieces = Position.from_notation("r1 A:A18*,B3 B:B18 C: D: A").pieces
    assert len(pieces) == 16
    assert Marble("A", "A18", True) in pieces and Marble("B", "B18", False) in pieces
    assert sum(m.place.startswith("AR") for m in pieces) == 2


def test_impossible_hands_are_refused_with_a_clear_reason() -> None:
    with pytest.raises(InvalidPositionError, match="A holds 9 cards; a hand has 5 at most"):
        Position.from_notation("r1 A:B3 B: C: D: A A=7H,8H,9H,10H,JH,QH,KH,AS,2S B= C= D=")
    with pytest.raises(InvalidPositionError, match="1 card JOKER in the hands; the pack has none"):
        Position.from_notation("r1 A:B3 B: C: D: A A=JOKER B= C= D=")
    with pytest.raises(NotationError) as unknown:
        Position.from_notation("r1[colour=red] A:B3 B: C: D: A")
    assert "the switches are back_from_start, " in str(unknown.value) and "source" not in str(unknown.value)
