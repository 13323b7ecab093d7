"""R2, "2ème règle" (and its FAQ) of 000_17d28eadc273ed6d.txt: one test per rule sentence."""

from __future__ import annotations

from firmware_py.engine import Card, Move, MoveKind, explain, legal_moves
from tests.engine.helpers import after, codes, dests, kinds, notations, pos


def test_r2_without_ace_or_king_and_no_marble_in_play_lay_the_cards_down_until_next_deal__000() -> None:
    # "S'il ne possède ni l'un ni l'autre et qu'il n'a aucun pion en jeu, il dépose ses cartes sur la table et
    # attend la prochaine distribution."
    p = pos("r2 A: B: C: D: A A=8H,3C")
    assert kinds(p) == {MoveKind.LAY_DOWN.value}
    assert after(p, "laydown").hand("A") == ()


def test_r2_a_marble_arriving_on_an_occupied_cell_eats_it__000() -> None:
    # "Lorsqu'un pion d'un joueur arrive sur une case déjà occupée par un pion d'un autre joueur, il le mange"
    p = after(pos("r2 A:A3 B:A9 C: D: A"), "6H:A3-A9")
    assert p.in_reserve("B") == 4


def test_r2_a_marble_on_its_start_cell_blocks_everyone_both_ways__000() -> None:
    # "Lorsqu'un pion est sur sa case de départ (case no 18), il bloque tous les autres pions, et ce, dans les
    # deux sens du jeu" (fresh or not)
    p = pos("r2 A:B15,C2 B:B18 C: D: A")
    assert dests(p, "8", "B15") == set()
    assert dests(p, "4", "C2") == set()
    assert "blocked_by_start_marble" in codes(p, "4H:C2-B16")


def test_r2_in_the_safety_zone_one_cannot_pass_over_ones_marbles__000() -> None:
    # "les joueurs ne peuvent pas passer par-dessus leurs pions lorsqu'ils sont dans leur zone de sécurité"
    p = pos("r2 A:AH1,AH3 B: C: D: A")
    assert dests(p, "3", "AH1") == set()
    assert "home_no_passing" in codes(p, "3H:AH1-AH4")


def test_r2_a_blocked_player_discards_one_card_each_turn__000() -> None:
    # "S'il ne peut vraiment pas jouer (parce qu'il est bloqué, par exemple) il doit, à chaque fois que
    # c'est son
    # tour de jouer, jeter une carte."
    p = pos("r2 A:B15 B:B18 C: D: A A=8H,9C")
    assert notations(p) == {"8H:discard", "9C:discard"}


def test_r2_a_marble_on_its_start_cell_can_be_neither_eaten_nor_moved__000() -> None:
    # "Lorsqu'un pion est sur sa case de départ, il ne peut être mangée, ni changée de place."
    p = pos("r2 A:B15 B:B18 C: D: A")
    assert "start_marble_immune" in codes(p, "3H:B15-B18")
    assert "start_marble_immune" in codes(p, "JH:B15<>B18")


def test_r2_from_a_seven_one_enters_the_centre_with_a_two_a_king_or_an_ace__000() -> None:
    # "Lorsque le pion d'un joueur est sur une case no 7 ... il peut l'avancer dans le centre du jeu,
    # mais pour
    # ce faire, il doit jeter un deux, un roi ou un as."
    p = pos("r2 A:B7 B: C: D: A")
    for rank in ("2", "K", "A"):
        assert "CIEL" in dests(p, rank, "B7")
    assert "CIEL" not in dests(p, "3", "B7")
    assert "centre_needs_card" in codes(p, "3H:B7-CIEL")
    assert "centre_from_shortcut" in codes(pos("r2 A:B6 B: C: D: A"), "2H:B6-CIEL")


def test_r2_leaving_the_centre_takes_a_two_king_or_ace_onto_whichever_seven__000() -> None:
    # "Pour y entrer ou en ressortir il faut jeter un deux, un roi ou un as." FAQ: "on sort sur le 7
    # qu'on veut"
    p = pos("r2 A:CIEL B: C: D: A")
    assert dests(p, "2", "CIEL") == {"A7", "B7", "C7", "D7"}
    assert dests(p, "8", "CIEL") == set()


def test_r2_jack_swaps_with_any_marble_except_on_its_start_cell_or_in_the_centre__000() -> None:
    # "Permet de changer de place avec n'importe quel pion en jeu (à l'exception d'un pion qui est sur sa case
    # de départ ou au centre du jeu)"
    p = pos("r2 A:A3 B:B9,B18,CIEL C: D: A")
    assert {m for m in notations(p, "JH") if "<>" in m} == {"JH:A3<>B9"}
    assert "swap_target_not_on_track" in codes(p, "JH:A3<>CIEL")


def test_r2_jack_also_moves_eleven__000() -> None:
    # "Permet d'avancer de onze cases."
    assert dests(pos("r2 A:A3 B: C: D: A"), "J", "A3") == {"A14"}


def test_r2_seven_is_played_on_two_marbles_at_most__000() -> None:
    # "Cette carte peut être jouée sur deux pions" / FAQ "La carte ne peut être jouée que sur deux pions"
    p = pos("r2 A:A1,B1,C1 B: C: D: A")
    assert all(len(m.steps) <= 2 for m in legal_moves(p, Card.parse("7H")))
    assert "seven_two_marbles" in codes(p, "7H:A1-A4,B1-B3,C1-C2")


def test_r2_seven_never_moves_marbles_backwards__000() -> None:
    # FAQ: "elle ne permet en aucun cas de faire reculer des pions"
    p = pos("r2 A:A10,B1 B: C: D: A")
    assert "seven_forward_only" in codes(p, "7H:A10-A8,B1-B10") | codes(p, "7H:A10-A8")


def test_r2_four_cannot_be_used_to_enter_the_safety_zone_backwards__000() -> None:
    # "Cette carte ne peut être utilisée pour entrer dans sa zone de sécurité à reculons."
    p = pos("r2 A:B2 B: C: D: A")
    assert dests(p, "4", "B2") == {"A16"}
    assert "no_backwards_into_home" in codes(p, "4H:B2-AH1")


def test_r2_a_marble_on_a_seven_is_not_safe__000() -> None:
    # FAQ: "Est-ce qu'un pion est en sécurité sur le # 7 ? non"
    p = after(pos("r2 A:B1 B:B7 C: D: A"), "6S:B1-B7")
    assert p.in_reserve("B") == 4


def test_r2_several_marbles_in_the_centre_by_agreement__000() -> None:
    # FAQ: "Est-ce que plusieurs pions peuvent être dans le centre ? ... C'est selon votre choix"
    one = after(pos("r2 A:B7 B:CIEL C: D: A"), "2H:B7-CIEL")
    assert one.in_reserve("B") == 4
    several = after(pos("r2 A:B7 B:CIEL C: D: A", centre_holds_several=True), "2H:B7-CIEL")
    assert several.marbles_of("B") == ("CIEL",) and several.marbles_of("A") == ("CIEL",)


def test_r2_a_marble_just_out_may_swap_with_a_jack__000() -> None:
    # FAQ: "Est-ce qu'un pion qui vient juste de sortir ... avec un valet peut changer de place avec un
    # autre ?
    # Oui à condition que cet autre pion ne se trouve pas sur sa case de départ ou au centre"
    p = pos("r2 A:A18* B:B9 C: D: A")
    assert "JH:A18<>B9" in notations(p, "JH")


def test_r2_the_king_eats_everything_on_its_way_as_in_the_first_rule__000() -> None:
    # FAQ: "Est-ce que le roi qui vaut 13 mange tout sur son passage comme dans la première règle ? Oui"
    assert after(pos("r2 A:A1 B:A5 C: D: A"), "KH:A1-A14").in_reserve("B") == 4


def test_r2_one_need_not_stop_on_sixteen_before_entering_the_home__000() -> None:
    # FAQ: "On n'est pas obligé de s'arrêter sur la case 16 avant de rentrer dans sa zone de sécurité."
    assert "AH4" in dests(pos("r2 A:A7 B: C: D: A"), "K", "A7")


def test_r2_the_five_may_push_a_marble_near_its_home_round_again__000() -> None:
    # FAQ: "si il est sur le # 14 est-ce qu'il avance au # 1 ... Si on peut utiliser la carte 5 sur ce pion"
    assert "C1" in dests(pos("r2 A:A3 B:B14 C: D: A"), "5", "B14")


def test_r2_four_out_of_the_safety_zone_by_agreement__000() -> None:
    # FAQ: "est-ce qu'on sort de notre zone de sécurité en reculant de 4 ... Mettez vous d'accord"
    assert dests(pos("r2 A:AH2 B: C: D: A"), "4", "AH2") == set()
    assert dests(pos("r2 A:AH2 B: C: D: A", home_back_out=True), "4", "AH2") == {"A14"}


def test_r2_the_five_must_be_played_before_discarding__000() -> None:
    # FAQ: "Il faut d'abord jouer la carte 5"
    p = pos("r2 A:B15 B:B18,C3 C: D: A A=8H,5S")
    assert notations(p) == {"5S:C3-C8"}
    assert "must_play_if_able" in codes(p, "8H:discard")


def test_r2_entering_the_centre_takes_a_two_a_king_or_an_ace_in_words__000() -> None:
    # "Pour y entrer ou en ressortir il faut jeter un deux, un roi ou un as."
    [reason] = explain(pos("r2 A:B7 B: C: D: A"), Move.parse("8H:B7-CIEL"))
    assert reason.fr == "Pour entrer au centre ou en sortir il faut un as, un 2 ou un roi."
    assert reason.en == "Entering or leaving the centre takes an Ace, a 2 or a King."
