"""TOC, "Règle du jeu de Toc", 001_6e67e01486a38005.txt: one test per rule sentence."""

from __future__ import annotations

from firmware_py.engine import MoveKind
from tests.engine.helpers import after, codes, dests, kinds, notations, pos


def test_toc_a_marble_enters_with_a_king_an_ace_or_a_joker__001() -> None:
    # "Pour faire rentrer un pion en jeu, il faut jouer soit un roi, soit un as, soit un joker."
    p = pos("toc A: B: C: D: A")
    for card in ("KS", "AS", "JOKER"):
        assert f"{card}:AR-A18" in notations(p, card)
    assert "reserve_needs_entry_card" in codes(p, "QS:AR-A18")


def test_toc_the_marble_is_put_on_the_first_cell_numbered_18__001() -> None:
    # "Le pion est alors posé sur la première case du parcours (case numérotée 18 devant la maison du
    # joueur)."
    assert after(pos("toc A: B: C: D: A"), "KS:AR-A18").marbles_of("A") == ("A18",)
    assert "entry_goes_to_start" in codes(pos("toc A: B: C: D: A"), "KS:AR-B1")


def test_toc_without_those_cards_and_nothing_to_move_discard_one__001() -> None:
    # "Si le joueur ne possède pas l'une de ces 3 cartes et qu'il ne peut avancer de pion, il doit se
    # défausser
    # d'une carte de sa main et en piocher une autre."
    assert kinds(pos("toc A: B: C: D: A A=8H,2C")) == {MoveKind.DISCARD.value}


def test_toc_a_joker_moves_eighteen_or_brings_a_marble_in__001() -> None:
    # "Un joker fait soit avancer un pion de 18 cases, soit rentrer un pion en jeu."
    assert notations(pos("toc A:B2 B: C: D: A"), "JOKER") == {"JOKER:AR-A18", "JOKER:B2-C2"}


def test_toc_the_king_captures_every_marble_on_its_way__001() -> None:
    # "Un roi fait soit rentrer un pion en jeu, soit avancer un pion de 13 cases, qui peut alors capturer tous
    # les pions sur son chemin"
    assert after(pos("toc A:B1 B:B4 C:B9 D: A"), "KS:B1-B14").layout.keys() >= {"B14"}
    assert after(pos("toc A:B1 B:B4 C:B9 D: A"), "KS:B1-B14").in_reserve("C") == 4


def test_toc_a_marble_in_its_home_is_protected__001() -> None:
    # "Un pion situé dans son camp d'arrivée (sa maison) est protégé (il ne peut être pris)."
    assert "home_marble_untouchable" in codes(pos("toc A:A5 B:BH1 C: D: A"), "JH:A5<>BH1")


def test_toc_a_marble_just_out_can_be_neither_taken_nor_passed_until_it_moves__001() -> None:
    # "Un pion qui vient de sortir (case de départ 18) ne peut être ni pris, ni dépassé tant qu'il ne
    # s'est pas
    # déplacé."
    p = pos("toc A:B15 B:B18* C: D: A")
    assert dests(p, "3", "B15") == set() and dests(p, "8", "B15") == set()


def test_toc_passing_ones_start_cell_is_forbidden_except_with_a_five_or_a_four__001() -> None:
    # "Il est interdit de repasser sur sa case de départ, ni dans un sens ni dans l'autre (sauf en jouant un 5
    # ou un 4)."
    assert dests(pos("toc A:B2 B: C: D: A"), "4", "B2") == {"A16"}  # back over A18 with a 4
    assert dests(pos("toc A:D3 B:B16 C: D: A"), "5", "B16") == {"C3"}  # a 5 carries it past B18


def test_toc_landing_on_a_seven_one_may_jump_to_the_next_seven__001() -> None:
    # "Si un pion arrive à un sommet (case numérotée 7), il peut sauter, dans le sens du déplacement,
    # jusqu'à la
    # prochaine case 7."
    assert dests(pos("toc A:B4 B: C: D: A"), "3", "B4") == {"B7", "C7"}


def test_toc_taking_sends_the_marble_back_to_its_camp__001() -> None:
    # "La prise d'un pion se fait en finissant sur une case occupée par l'adversaire, le pion capturé retourne
    # alors dans son camp de départ"
    assert after(pos("toc A:B1 B:B9 C: D: A"), "8H:B1-B9").in_reserve("B") == 4


def test_toc_one_may_take_ones_own_marble__001() -> None:
    # "Il peut arriver qu'un joueur prenne son propre pion"
    assert after(pos("toc A:B1,B9 B: C: D: A"), "8H:B1-B9").in_reserve("A") == 3


def test_toc_to_enter_the_home_one_must_land_on_one_of_its_4_cells__001() -> None:
    # "Pour faire entrer un pion dans son camp, le joueur doit réussir à tomber directement sur l'un des 4
    # cases."
    assert "AH4" in dests(pos("toc A:A14 B: C: D: A"), "6", "A14")


def test_toc_in_the_home_a_marble_cannot_pass_another__001() -> None:
    # "Dans sa maison, un pion ne peut pas passer par-dessus un autre."
    assert "home_no_passing" in codes(pos("toc A:AH1,AH2 B: C: D: A"), "2H:AH1-AH3")


def test_toc_a_card_that_cannot_bring_it_home_carries_it_past_the_entry_round_again__001() -> None:
    # "Si la carte jouée ne permet pas de faire entrer un pion en sa maison, il passe devant l'entrée et doit
    # faire un nouveau tour."
    assert dests(pos("toc A:A14 B: C: D: A"), "Q", "A14") == {"B8"}


def test_toc_the_five_moves_an_opponents_marble__001() -> None:
    # "Un 5 oblige toujours à faire avancer un pion de l'adversaire de 5 cases"
    p = pos("toc A:A3 B:B3 C:C3 D: A")
    assert notations(p, "5S") == {"5S:B3-B8"}


def test_toc_a_friend_or_an_opponent_landed_on_goes_back_to_its_camp__001() -> None:
    # "Si un pion arrive sur une case occupée par un pion ami ou adverse, ce dernier est renvoyé en son camp."
    assert after(pos("toc A:B1 B: C:B9 D: A"), "8H:B1-B9").in_reserve("C") == 4


def test_toc_a_marble_on_its_start_cell_cannot_be_passed_either_way__001() -> None:
    # "Un pion sur sa case de départ (case numérotée 18) ne peut être doublé, dans n'importe quel sens,
    # ni être
    # pris."
    p = pos("toc A:C2 B:B18* C: D: A")
    assert dests(p, "4", "C2") == set()


def test_toc_with_all_marbles_home_one_moves_ones_teammates_marbles__001() -> None:
    # "Quand un joueur a rentré tous ses pions en sa maison, il continue à jouer ses cartes pour faire avancer
    # un pion de son coéquipier."
    assert dests(pos("toc A:AH1,AH2,AH3,AH4 B: C:C1 D: A"), "8", "C1") == {"C9"}


def test_toc_only_a_card_that_cannot_take_the_marble_home_makes_it_pass_the_entry__001() -> None:
    # "Si la carte jouée ne permet pas de faire entrer un pion en sa maison, il passe devant l'entrée et doit
    # faire un nouveau tour."
    assert dests(pos("toc A:A14 B: C: D: A"), "3", "A14") == {"AH1"}
    assert codes(pos("toc A:A14 B: C: D: A"), "3:A14-A17") == {"home_entry_required"}
    assert dests(pos("toc A:A14,AH1 B: C: D: A"), "3", "A14") == {"A17"}
    assert dests(pos("toc A:A14 B: C: D: A"), "9", "A14") == {"B5"}


def test_toc_jack_never_swaps_with_a_marble_on_its_start_cell_18__001() -> None:
    # "Un valet permet d'échanger n'importe lequel de ses pions avec un autre sur le plateau (sauf avec un
    # pion qui se trouverait sur sa case de départ 18)."
    assert codes(pos("toc A:B3 B:B18 C: D: A"), "J:B18<>B3") == {"start_marble_immune"}


def test_toc_a_marble_on_its_start_cell_cannot_be_passed_either_way_nor_taken__001() -> None:
    # "Un pion sur sa case de départ (case numérotée 18) ne peut être doublé, dans n'importe quel sens, ni
    # être pris." Not only a marble just out: one that came round again or backed onto it too.
    assert dests(pos("toc A:B12 B:B18 C: D: A"), "6", "B12") == set()
    assert dests(pos("toc A:B14 B:B18 C: D: A"), "6", "B14") == set()
    assert dests(pos("toc A:C2 B:B18 C: D: A"), "4", "C2") == set()
    assert codes(pos("toc A:B12 B:B18 C: D: A"), "6:B12-B18") == {"start_marble_immune"}


def test_toc_the_5_moves_an_opponents_marble_even_just_out_it_is_only_not_taken_nor_passed__001() -> None:
    # "Un 5 oblige toujours à faire avancer un pion de l'adversaire de 5 cases"; "Un pion qui vient de sortir
    # ... ne peut être ni pris, ni dépassé" (no "ni déplacé" in this sheet, unlike R1 and CANOP).
    assert dests(pos("toc A:C3 B:B18* C: D: A"), "5", "B18") == {"C5"}
    assert codes(pos("toc A:C3 B:B18* C: D: A"), "5:B18-C5") == set()
