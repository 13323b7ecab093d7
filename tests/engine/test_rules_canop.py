"""CANOP, the publisher's edition 004_8bd220e8bc7ba617.txt: one test per rule sentence."""

from __future__ import annotations

from firmware_py.engine import MoveKind, teams_of
from tests.engine.helpers import after, codes, dests, kinds, notations, pos


def test_canop_teammates_face_each_other__004() -> None:
    # "Chaque coéquipier se faisant face"
    assert teams_of(pos("canop A: B: C: D: A").rules, ("A", "B", "C", "D")) == (("A", "C"), ("B", "D"))


def test_canop_a_player_who_can_play_must_even_to_take_a_teammates_marble_or_pass_the_home__004() -> None:
    # "Si un joueur peut jouer, il est obligé de le faire et ce, même s'il doit mettre hors jeu un pion de son
    # équipe ou dépasser sa zone d'arrivée"
    assert after(pos("canop A:B1 B: C:B9 D: A"), "8H:B1-B9").in_reserve("C") == 4
    assert dests(pos("canop A:A14 B: C: D: A"), "Q", "A14") == {"B8"}


def test_canop_a_marble_comes_out_with_an_ace_or_a_king_otherwise_discard_each_turn__004() -> None:
    # "pour faire entrer un pion sur le parcours, jouez un As ou un Roi. Tant que le joueur n'en
    # dispose pas, il
    # ne joue pas et se défausse d'une carte à chaque tour."
    assert kinds(pos("canop A: B: C: D: A A=3H,9C")) == {MoveKind.DISCARD.value}
    assert notations(pos("canop A: B: C: D: A A=KH"), "KH") == {"KH:AR-A18"}


def test_canop_a_marble_just_out_can_be_neither_moved_taken_nor_passed__004() -> None:
    # "Un pion qui vient de sortir sur sa case de départ (nid/case 18) est protégé : il ne peut ni être
    # déplacé,
    # ni être pris, ni même être dépassé"
    p = pos("canop A:B15 B:B18* C: D: A")
    assert dests(p, "3", "B15") == set() and dests(p, "8", "B15") == set()
    assert "start_marble_immune" in codes(p, "5H:B18-C5")


def test_canop_the_king_eats_every_marble_it_passes_its_own_included__004() -> None:
    # "Tous les pions peuvent être dépassés sans effet à l'exception du roi qui mange tous les pions qu'il
    # dépasse (y compris les siens)"
    p = after(pos("canop A:A1,A5 B:A9 C: D: A"), "KH:A1-A14")
    assert p.marbles_of("A") == ("A14",) and p.in_reserve("B") == 4


def test_canop_landing_on_a_seven_teleports_to_the_next_seven__004() -> None:
    # "Si un pion tombe sur une intersection (case 7), il se téléporte jusqu'à la case 7 suivante."
    p = pos("canop A:B4 B: C: D: A")
    assert dests(p, "3", "B4") == {"C7"}
    assert "jump_required" in codes(p, "3H:B4-B7")


# The teleport is not optional, so it also carries a marble past its own home entry (A16 for A): the
# sheet's "même s'il doit ... dépasser sa zone d'arrivée", and the marble "repart pour un tour".


def test_canop_si_un_pion_tombe_sur_une_intersection_il_se_teleporte_even_past_its_own_home__004() -> None:
    # "Si un pion tombe sur une intersection (case 7), il se téléporte jusqu'à la case 7 suivante": with
    # its own card, the marble on A4 landing on A7 goes on to B7, past A's home entry and start cell.
    p = pos("canop A:A4 B: C: D: A")
    assert dests(p, "3", "A4") == {"B7"}
    assert codes(p, "3H:A4-A7") == {"jump_required"}
    assert after(p, "3H:A4-B7").marbles_of("A") == ("B7",)
    # the same with one part of a split 7
    split = notations(pos("canop A:A4,C1 B: C: D: A"), "7H")
    assert "7H:A4-B7,C1-C5" in split and not any("A4-A7" in m for m in split)


def test_canop_si_un_pion_tombe_sur_une_intersection_il_se_teleporte_when_a_five_moves_it__004() -> None:
    # "Si un pion tombe sur une intersection (case 7), il se téléporte jusqu'à la case 7 suivante" and
    # "5 | Avance un autre pion de +5": A's 5 takes C's marble (its partner) and B's marble onto their own
    # 7, and both teleport past their home entry.
    p = pos("canop A:A1 B:B2 C:C2 D: A")
    assert dests(p, "5", "C2") == {"D7"}
    assert dests(p, "5", "B2") == {"C7"}
    assert codes(p, "5H:C2-C7") == {"jump_required"}
    assert after(p, "5H:C2-D7").marbles_of("C") == ("D7",)


def test_canop_si_un_pion_tombe_sur_une_intersection_il_se_teleporte_after_a_king__004() -> None:
    # "Si un pion tombe sur une intersection (case 7), il se téléporte jusqu'à la case 7 suivante" and
    # "R | SORT ou avance de +13 en mangeant": the King from D12 sweeps to A7 (taking B's marble on A2),
    # then teleports past A's home to B7, where it takes D's marble.
    p = pos("canop A:D12 B:A2 C: D:B7 A")
    assert dests(p, "K", "D12") == {"B7"}
    assert codes(p, "KH:D12-A7") == {"jump_required"}
    taken = after(p, "KH:D12-B7")
    assert taken.marbles_of("A") == ("B7",) and taken.in_reserve("B") == 4 and taken.in_reserve("D") == 4


def test_canop_a_teleport_stops_before_a_marble_just_out__004() -> None:
    # "Un pion qui vient de sortir ... ne peut ... même être dépassé": a teleport that would pass a marble
    # just out on its start cell does not happen, and the marble stays on the 7.
    p = pos("canop A:A4,A18* B: C: D: A")
    assert dests(p, "3", "A4") == {"A7"}


def test_canop_land_exactly_in_the_home_or_go_round_again__004() -> None:
    # "Le joueur doit réussir à tomber directement sur un des 4 emplacements de la maison sinon il repart pour
    # un tour."
    assert dests(pos("canop A:A14 B: C: D: A"), "6", "A14") == {"AH4"}
    assert dests(pos("canop A:A14,AH4 B: C: D: A"), "6", "A14") == {"B2"}


def test_canop_in_the_home_a_marble_cannot_pass_another__004() -> None:
    # "dans la maison un pion ne peut pas passer par-dessus un autre."
    assert "home_no_passing" in codes(pos("canop A:AH1,AH2 B: C: D: A"), "2H:AH1-AH3")


def test_canop_card_powers_five_moves_another_marble__004() -> None:
    # "5 | Avance un autre pion de +5"
    p = pos("canop A:A3 B:B3 C:C3 D: A")
    assert notations(p, "5S") == {"5S:B3-B8", "5S:C3-C8"}


def test_canop_card_powers_jack_swaps_or_moves_eleven__004() -> None:
    # "V | ECHANGE ou + 11"
    assert notations(pos("canop A:A1 B:B3 C: D: A"), "JH") == {"JH:A1-A12", "JH:A1<>B3"}


def test_canop_card_powers_seven_moves_seven_or_splits__004() -> None:
    # "7 | +7 ou DECOMPOSE de 7"
    moves = notations(pos("canop A:A1,B1 B: C: D: A"), "7H")
    assert "7H:A1-A8" in moves and "7H:A1-A3,B1-B6" in moves


def test_canop_card_powers_four_goes_back_four__004() -> None:
    # "4 | RECULE de 4"
    assert dests(pos("canop A:B9 B: C: D: A"), "4", "B9") == {"B5"}


def test_canop_a_marble_just_out_cannot_be_moved_so_no_jack_swaps_it__004() -> None:
    # "Un pion qui vient de sortir sur sa case de départ (nid/case 18) est protégé : il ne peut ni être
    # déplacé, ni être pris"; once moved there again it is an ordinary marble (the Jack's "ECHANGE").
    assert codes(pos("canop A:B3 B:B18* C: D: A"), "J:B18<>B3") == {"start_marble_immune"}
    assert codes(pos("canop A:B3 B:B18 C: D: A"), "J:B18<>B3") == set()


def test_canop_without_an_ace_or_king_the_player_does_not_play_and_discards__004() -> None:
    # "Mettre un pion en jeu : ... jouez un As ou un Roi. Tant que le joueur n'en dispose pas, il ne joue pas
    # et se défausse d'une carte à chaque tour." (not R2's FAQ "Il faut d'abord jouer la carte 5")
    p = pos("canop A: B:B3 C: D: A A=5H,8H B= C= D=")
    assert kinds(p) == {"discard"}
    assert codes(p, "5H:B3-B8") == {"five_needs_marble_out"}
    assert codes(p, "5H:discard") == set()
    assert dests(pos("canop A:A3 B:B3 C: D: A A=5H,8H B= C= D="), "5", "B3") == {"B8"}
