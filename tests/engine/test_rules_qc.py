"""QC, the wooden board's sheet 003_8d65076022e242d2.txt: one test per rule sentence."""

from __future__ import annotations

from firmware_py.engine import QC_ADVANCED, Card, MoveKind, legal_moves
from tests.engine.helpers import after, codes, dests, kinds, notations, pos


def test_qc_the_ace_starts_or_moves_forward_one__003() -> None:
    # "The Ace: Allows to start or to move forward one space at any time."
    assert notations(pos("qc A:A3 B: C: D: A"), "AS") == {"AS:AR-A18", "AS:A3-A4"}


def test_qc_the_king_starts_or_moves_thirteen_without_taking_what_it_passes__003() -> None:
    # "The King: Allows to start or to move forward 13 spaces at any time."
    p = after(pos("qc A:A1 B:A5 C: D: A"), "KS:A1-A14")
    assert p.layout["A5"] == "B"


def test_qc_the_jack_moves_forward_eleven__003() -> None:
    # "The Jack: Allows to move forward 11 spaces."
    assert notations(pos("qc A:A1 B:B3 C: D: A"), "JH") == {"JH:A1-A12"}


def test_qc_cards_two_to_ten_move_forward_their_value__003() -> None:
    # "Cards from 2 to 10: Allow to move forward according to the value of the card."
    p = pos("qc A:B1,C1 B:D1 C: D: A")
    assert dests(p, "4", "B1") == {"B5"}
    assert dests(p, "5", "B1") == {"B6"} and dests(p, "5", "D1") == set()
    assert all(len(m.steps) == 1 for m in legal_moves(p, Card.parse("7")))
    assert "seven_one_marble" in codes(p, "7H:B1-B4,C1-C5")


def test_qc_without_ace_or_king_place_the_cards_in_the_centre_until_the_next_deal__003() -> None:
    # "If a player does not have any of these 2 cards, he must place his cards in the centre of the game board
    # and wait for the next deal."
    assert kinds(pos("qc A: B: C: D: A A=3H,9C")) == {MoveKind.LAY_DOWN.value}


def test_qc_stopping_on_an_occupied_space_sends_that_marble_to_its_break__003() -> None:
    # "If one player's marble stops on an occupied space, he must take away the marble from that space
    # and place
    # it in the space marked Break"
    assert after(pos("qc A:A3 B:A12 C: D: A"), "9H:A3-A12").in_reserve("B") == 4


def test_qc_one_may_jump_over_any_marble_on_the_track_but_not_in_home__003() -> None:
    # "On the track, a player can jump over his own marbles and the ones belonging to the other players,
    # except for those that are in the protected zone called Home"
    p = pos("qc A:B15,AH1 B:B18* C: D: A")
    assert "C5" in dests(p, "8", "B15")  # a marble just out does not block on this board
    assert dests(pos("qc A:A15,AH2 B: C: D: A"), "4", "A15") == {"B1"}  # not over AH2: round again


def test_qc_from_an_eight_an_ace_a_ten_or_a_king_goes_to_heaven__003() -> None:
    # "When his marble stops on an 8, and with the help of an Ace, a 10 or a King, the player has the right to
    # go to Heaven"
    p = pos("qc A:B8 B: C: D: A")
    for rank in ("A", "10", "K"):
        assert "CIEL" in dests(p, rank, "B8")
    assert "CIEL" not in dests(p, "2", "B8")


def test_qc_from_heaven_an_ace_ten_or_king_returns_to_any_eight__003() -> None:
    # "From Heaven, it is possible to return to any 8 if you have an Ace, a 10 or a King."
    assert dests(pos("qc A:CIEL B: C: D: A"), "10", "CIEL") == {"A8", "B8", "C8", "D8"}


def test_qc_stopping_on_an_eight_or_heaven_occupied_by_an_opponent_takes_it__003() -> None:
    # "If an opponent's marble stops on one of the 8 or Heaven, the rule mentioned in the paragraph Moving the
    # marbles is applicable."
    assert after(pos("qc A:B8 B:CIEL C: D: A"), "KH:B8-CIEL").in_reserve("B") == 4
    assert after(pos("qc A:CIEL B:C8 C: D: A"), "AH:CIEL-C8").in_reserve("B") == 4


def test_qc_advanced_with_a_four_one_always_goes_back__003() -> None:
    # "With a 4, one always goes back 4 spaces."
    p = pos("qc A:B9 B: C: D: A", **QC_ADVANCED)
    assert dests(p, "4", "B9") == {"B5"}


def test_qc_advanced_with_a_ten_one_exchanges_a_marble_with_an_opponent__003() -> None:
    # "With a 10, one exchanges a marble with the opponent of his choice"
    p = pos("qc A:A3 B:B9 C:C4 D: A", **QC_ADVANCED)
    assert {m for m in notations(p, "10H") if "<>" in m} == {"10H:A3<>B9"}
    assert "swap_needs_opponent" in codes(p, "10H:A3<>C4")


def test_qc_advanced_a_jack_makes_the_left_player_discard_and_skip__003() -> None:
    # "With a Jack, the player to the left discards one card and skips his turn." (the Game applies it)
    assert pos("qc A: B: C: D: A", **QC_ADVANCED).rules.jack_left_skips


def test_qc_with_all_marbles_home_one_helps_ones_partner__003() -> None:
    # "When a player has succeeded in placing all of his marbles in the space marked Home, he can help his
    # partner to play his marbles"
    assert dests(pos("qc A:AH1,AH2,AH3,AH4 B: C:C1 D: A"), "9", "C1") == {"C10"}


def test_qc_a_complete_round_ends_in_the_home_when_the_card_fits__003() -> None:
    # "Make a complete round of the game board ... in order to succeed in placing your 4 marbles on the space
    # called Home": a marble the card takes home is not sent round again.
    assert dests(pos("qc A:A14 B: C: D: A"), "3", "A14") == {"AH1"}


def test_qc_fifty_two_cards_are_dealt_so_a_joker_is_never_legal__003() -> None:
    # "Number of cards to be dealt: 52" (no jokers), hands given or not.
    assert codes(pos("qc A: B: C: D: A"), "JOKER:AR-A18") == {"no_jokers"}
    assert legal_moves(pos("qc A: B: C: D: A"), Card.parse("JOKER")) == ()
