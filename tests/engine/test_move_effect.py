"""What a move does (``move_effect``): the steps and captures the table words, from the rule sheets."""

from __future__ import annotations

import pytest

from firmware_py.engine import Capture, IllegalMoveError, Move, MoveEffect, Step, move_effect
from tests.engine.helpers import pos


def effect(position: str, move: str) -> MoveEffect:
    return move_effect(pos(position), Move.parse(move))


def test_r1_takes_are_made_by_ending_on_an_occupied_cell_and_the_marble_goes_back_to_its_camp__000() -> None:
    # "Les prises se font en finissant sur une case occupée par l'adversaire, le pion pris retourne dans son
    # camp de départ et recommence."
    done = effect("r1 A:A3 B:A11 C: D: A", "8H:A3-A11")
    assert done.steps == (Step("A", "A3", "A11"),) and done.captures == (Capture("B", "A11"),)
    assert done.places == ("A3", "A11")


def test_r1_a_player_may_take_his_own_marble__000() -> None:
    # "Il peut arriver qu'un joueur prenne son propre pion": taken where the mover lands, which two boards
    # alone read as "the mover was taken where it stood"
    done = effect("r1 A:A3,A11 B: C: D: A", "8H:A3-A11")
    assert done.steps == (Step("A", "A3", "A11"),) and done.captures == (Capture("A", "A11"),)


def test_r1_the_king_moves_13_and_takes_every_marble_on_its_way__000() -> None:
    # "Le roi permet d'avancer de 13 cases et de prendre tous les pions présents sur son passage", its own
    # marbles too: the King's marble is the one that moved, not one it passed
    done = effect("r1 A:A3,A9 B:A5 C:A6 D: A", "KH:A3-A16")
    assert done.steps == (Step("A", "A3", "A16"),)
    assert done.captures == (Capture("B", "A5"), Capture("C", "A6"), Capture("A", "A9"))


def test_r1_seven_may_be_split_for_example_3_2_1_1_over_four_marbles__000() -> None:
    # "7: peut être décomposé, ... 4 avec un pion et 3 avec un autre": each part pairs its own marble
    # with its own destination, and a part ending on a marble takes it
    done = effect("r1 A:A1,A3 B:A9 C: D: A", "7H:A1-A2,A3-A9")
    assert done.steps == (Step("A", "A1", "A2"), Step("A", "A3", "A9"))
    assert done.captures == (Capture("B", "A9"),)


def test_r1_seven_parts_are_given_in_an_order_that_can_be_played__000() -> None:
    # "7: peut être décomposé": A1 can land on A3 only once the marble of A3 has gone on to A8
    done = effect("r1 A:A1,A3 B:A9 C: D: A", "7H:A1-A3,A3-A8")
    assert done.steps == (Step("A", "A3", "A8"), Step("A", "A1", "A3")) and done.captures == ()


def test_r1_jack_swaps_one_of_ones_marbles_with_another_not_one_on_its_start_cell__000() -> None:
    # "Valet: il permet d'échanger n'importe lequel de ses pions avec un autre sur le plateau"
    done = effect("r1 A:A3 B:B9,B18* C: D: A", "JH:A3<>B9")
    assert done.steps == (Step("A", "A3", "B9"), Step("B", "B9", "A3")) and done.captures == ()


def test_r1_jack_may_swap_two_of_ones_own_marbles__000() -> None:
    # "Il est possible d'échanger deux de ses propres pions": the boards before and after are the same,
    # the move still says both marbles moved
    done = effect("r1 A:A3,C9 B: C: D: A", "JH:A3<>C9")
    assert done.steps == (Step("A", "A3", "C9"), Step("A", "C9", "A3"))


def test_r1_landing_on_a_seven_one_may_jump_to_the_next_seven_in_the_direction_of_travel__000() -> None:
    # "Si l'on tombe sur une intersection (case7), on peut sauter ... jusqu'à la case 7 suivante."
    assert effect("r1 A:B1,C11 B: C: D: A", "6H:B1-C7").steps == (Step("A", "B1", "C7"),)


def test_r1_to_enter_the_home_one_must_land_exactly_on_one_of_its_4_cells__000() -> None:
    # "Pour entrer dans la maison, le joueur doit réussir à tomber directement sur un des 4 emplacements."
    assert effect("r1 A:A14 B: C: D: A", "6H:A14-AH4").steps == (Step("A", "A14", "AH4"),)


def test_r1_to_leave_the_camp_one_needs_a_king_or_an_ace__000() -> None:
    # "Pour sortir du camp il faut posséder un parteu (roi ou as).": the marble leaves the last filled hole
    # of the reserve
    assert effect("r1 A: B: C: D: A", "KH:AR-A18").steps == (Step("A", "AR4", "A18"),)
    assert effect("r1 A:A5 B: C: D: A", "AH:AR-A18").steps == (Step("A", "AR3", "A18"),)


def test_r2_without_ace_or_king_and_no_marble_in_play_lay_the_cards_down_until_next_deal__000() -> None:
    # "S'il ne possède ni l'un ni l'autre et qu'il n'a aucun pion en jeu, il dépose ses cartes sur la table et
    # attend la prochaine distribution.": laying the hand down moves nothing
    assert effect("r2 A: B: C: D: A A=3H,9C", "laydown") == MoveEffect()


def test_an_illegal_move_has_no_effect_but_an_error() -> None:
    with pytest.raises(IllegalMoveError):
        effect("r1 A:A3 B: C: D: A", "5H:A3-A9")
