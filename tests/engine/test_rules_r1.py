"""R1, "1ère règle" of 000_17d28eadc273ed6d.txt: one test per rule sentence, named after it."""

from __future__ import annotations

from firmware_py.engine import Card, Move, MoveKind, explain, legal_moves, teams_of
from tests.engine.helpers import after, codes, dests, kinds, notations, pos

SEED = "000_17d28eadc273ed6d.txt"


def test_r1_to_leave_the_camp_one_needs_a_king_or_an_ace__000() -> None:
    # "Pour sortir du camp il faut posséder un parteu (roi ou as)."
    p = pos("r1 A: B: C: D: A")
    assert notations(p, "KS") == {"KS:AR-A18"}
    assert notations(p, "AH") == {"AH:AR-A18"}
    assert "reserve_needs_entry_card" in codes(p, "8H:AR-A18")


def test_r1_without_king_or_ace_and_no_marble_to_move_discard_a_card__000() -> None:
    # "Si le joueur ne dispose pas de parteu et qu'il ne peut avancer de pion, il doit se défausser
    # d'une carte."
    p = pos("r1 A: B: C: D: A A=8H,3C")
    assert notations(p) == {"8H:discard", "3C:discard"}


def test_r1_the_player_must_always_play_his_cards_even_to_his_disadvantage__000() -> None:
    # "le joueur est toujours obligé de jouer ses cartes même si cela le désavantage"
    p = pos("r1 A:A3,A11 B: C: D: A A=8H")
    assert "must_play_if_able" in codes(p, "8H:discard")
    assert notations(p) == {"8H:A3-A11", "8H:A11-AH3"}
    only = pos("r1 A:A3,A11,AH3 B: C: D: A A=8H")
    assert notations(only) == {"8H:A3-A11"}  # taking one's own marble, since it is the only move


def test_r1_marbles_in_their_camp_or_home_are_untouchable_by_others__000() -> None:
    # "Tous les pions qui sont dans leur camp de départ ou d'arrivée sont intouchables par les autres."
    p = pos("r1 A:A3 B:BH2 C: D: A A=JH,5S")
    assert "home_marble_untouchable" in codes(p, "JH:A3<>BH2")
    assert "home_marble_untouchable" in codes(p, "5S:BH2-BH4") | codes(p, "5S:BH2-B7")


def test_r1_a_marble_just_out_cannot_be_moved__000() -> None:
    # "Un pion qui vient de sortir (case de départ) est immortel, il ne peut ni être déplacé, ..."
    p = pos("r1 A:A5 B:B18* C: D: A A=5S,JH")
    assert "start_marble_immune" in codes(p, "5S:B18-C5")
    assert "start_marble_immune" in codes(p, "JH:A5<>B18")


def test_r1_a_marble_just_out_cannot_be_taken__000() -> None:
    # "... ni être pris ..."
    p = pos("r1 A:B15 B:B18* C: D: A")
    assert dests(p, "3", "B15") == set()
    assert "start_marble_immune" in codes(p, "3H:B15-B18")


def test_r1_a_marble_just_out_cannot_even_be_passed__000() -> None:
    # "... ni même être dépassé tant que son possesseur ne l'a pas décidé (blocage)."
    p = pos("r1 A:B14 B:B18* C: D: A")
    assert dests(p, "8", "B14") == set()
    assert "blocked_by_start_marble" in codes(p, "8H:B14-C4")


def test_r1_its_owner_moving_it_lifts_the_block__000() -> None:
    # "... tant que son possesseur ne l'a pas décidé"
    p = after(pos("r1 A:B14 B:B18* C: D: B"), "2H:B18-C2").replace(turn="A")
    assert "C4" in dests(p, "8", "B14")


def test_r1_other_marbles_are_passed_without_effect__000() -> None:
    # "On dépasse les autres pions sans effet ..."
    p = after(pos("r1 A:A3 B:A5 C:A6 D: A"), "8H:A3-A11")
    assert p.layout["A5"] == "B" and p.layout["A6"] == "C"


def test_r1_except_with_the_king_which_eats_everything_on_its_way__000() -> None:
    # "... sauf avec le roi qui mange tout sur son passage."
    p = after(pos("r1 A:A3,A9 B:A5 C:A6 D: A"), "KH:A3-A16")
    assert p.marbles_of("B") == () and p.marbles_of("C") == ()
    assert p.marbles_of("A") == ("A16",)  # its own marble on A9 too


def test_r1_it_is_forbidden_to_pass_ones_start_cell_again_forward__000() -> None:
    # "Il est interdit de repasser sur sa case de départ, ni dans un sens ..."
    p = pos("r1 A:A15 B: C: D: A")
    assert dests(p, "Q", "A15") == set()
    assert "passes_own_start" in codes(p, "QH:A15-B9")


def test_r1_it_is_forbidden_to_pass_ones_start_cell_again_backward__000() -> None:
    # "... ni dans l'autre."
    p = pos("r1 A:B2 B: C: D: A")
    assert dests(p, "4", "B2") == set()
    assert "passes_own_start" in codes(p, "4H:B2-A16")


def test_r1_landing_on_a_seven_one_may_jump_to_the_next_seven_in_the_direction_of_travel__000() -> None:
    # "Si l'on tombe sur une intersection (case7), on peut sauter, dans le sens du déplacement, jusqu'à la
    # case 7 suivante."
    p = pos("r1 A:B1,C11 B: C: D: A")
    assert dests(p, "6", "B1") == {"B7", "C7"}
    assert dests(p, "4", "C11") == {"C7", "B7"}  # the 4 moves back: so does its jump


def test_r1_takes_are_made_by_ending_on_an_occupied_cell_and_the_marble_goes_back_to_its_camp__000() -> None:
    # "Les prises se font en finissant sur une case occupée par l'adversaire, le pion pris retourne dans son
    # camp de départ et recommence."
    p = after(pos("r1 A:A3 B:A11 C: D: A"), "8H:A3-A11")
    assert p.layout["A11"] == "A" and p.in_reserve("B") == 4


def test_r1_a_player_may_take_his_own_marble__000() -> None:
    # "Il peut arriver qu'un joueur prenne son propre pion"
    p = after(pos("r1 A:A3,A11 B: C: D: A"), "8H:A3-A11")
    assert p.marbles_of("A") == ("A11",) and p.in_reserve("A") == 3


def test_r1_the_king_moves_13_and_takes_every_marble_on_its_way__000() -> None:
    # "Le roi permet d'avancer de 13 cases et de prendre tous les pions présents sur son passage"
    p = pos("r1 A:A1 B:A4 C:A8 D:A14 A")
    move = next(m for m in legal_moves(p, Card.parse("KS")) if m.steps == (("A1", "A14"),))
    assert sorted(move.captures) == ["A14", "A4", "A8"]


def test_r1_to_enter_the_home_one_must_land_exactly_on_one_of_its_4_cells__000() -> None:
    # "Pour entrer dans la maison, le joueur doit réussir à tomber directement sur un des 4 emplacements."
    p = pos("r1 A:A14 B: C: D: A")
    assert dests(p, "6", "A14") == {"AH4"}
    assert dests(p, "8", "A14") == set()
    assert "home_exact_count" in codes(p, "8H:A14-AH4")
    assert "passes_own_start" in codes(p, "8H:A14-B4")


def test_r1_in_the_home_a_marble_cannot_pass_over_another__000() -> None:
    # "Dans la maison un pion ne peut pas passer par-dessus un autre."
    p = pos("r1 A:A13,AH2 B: C: D: A")
    assert "AH3" not in dests(p, "6", "A13")
    assert "home_no_passing" in codes(p, "6H:A13-AH3")


def test_r1_a_marble_home_never_leaves_but_may_move_on_inside__000() -> None:
    # "Un pion rentré ne ressort plus, mais il peut continuer à avancer à l'intérieur de la maison."
    p = pos("r1 A:AH1 B: C: D: A")
    assert dests(p, "2", "AH1") == {"AH3"}
    assert "home_is_final" in codes(p, "4H:AH1-A14")


def test_r1_with_all_marbles_home_one_plays_for_ones_partner__000() -> None:
    # "Quand un joueur a rentré tous ses pions dans la maison, il joue ses cartes pour faire avancer les pions
    # de son partenaire."
    p = pos("r1 A:AH1,AH2,AH3,AH4 B: C:C3 D: A")
    assert dests(p, "8", "C3") == {"C11"}


def test_r1_the_winning_team_is_the_first_to_bring_all_its_marbles_home__000() -> None:
    # "L'équipe gagnante est celle qui réussit en premier à rentrer tous ses pions."
    p = pos("r1 A:AH1,AH2,AH3,AH4 B: C:CH1,CH2,CH3,CH4 D: B")
    assert p.winner == ("A", "C")
    assert legal_moves(p) == ()


def test_r1_the_two_teams_sit_diametrically_opposed_a_and_c_against_b_and_d__000() -> None:
    # "Les deux équipes sont diamétralement opposées (A et C contre B et D)."
    assert teams_of(pos("r1 A: B: C: D: A").rules, ("A", "B", "C", "D")) == (("A", "C"), ("B", "D"))


def test_r1_ace_starts_or_moves_one__000() -> None:
    # "As: parteu ou avance de 1"
    p = pos("r1 A:A3 B: C: D: A")
    assert notations(p, "AS") == {"AS:AR-A18", "AS:A3-A4"}


def test_r1_king_starts_or_moves_thirteen__000() -> None:
    # "Roi: parteu ou avance de 13"
    p = pos("r1 A:A3 B: C: D: A")
    assert notations(p, "KS") == {"KS:AR-A18", "KS:A3-A16"}


def test_r1_queen_moves_twelve__000() -> None:
    # "Dame: avance de 12"
    assert dests(pos("r1 A:A3 B: C: D: A"), "Q", "A3") == {"A15"}


def test_r1_jack_swaps_one_of_ones_marbles_with_another_not_one_on_its_start_cell__000() -> None:
    # "Valet: il permet d'échanger n'importe lequel de ses pions avec un autre sur le plateau (sauf un qui est
    # sur sa case de départ)."
    p = pos("r1 A:A3 B:B9,B18* C: D: A")
    assert notations(p, "JH") == {"JH:A3<>B9"}
    after_swap = after(p, "JH:A3<>B9")
    assert after_swap.layout["A3"] == "B" and after_swap.layout["B9"] == "A"


def test_r1_jack_may_swap_two_of_ones_own_marbles__000() -> None:
    # "Il est possible d'échanger deux de ses propres pions."
    assert notations(pos("r1 A:A3,C9 B: C: D: A"), "JH") == {"JH:A3<>C9"}


def test_r1_seven_may_be_split_for_example_3_2_1_1_over_four_marbles__000() -> None:
    # "7: peut être décomposé, ... 4 avec un pion et 3 avec un autre ou 3 + 2 + 1 + 1 avec nos quatre pions."
    p = pos("r1 A:A1,B1,C1,D1 B: C: D: A")
    moves = notations(p, "7H")
    assert "7H:A1-A5,B1-B4" in moves
    assert "7H:A1-A4,B1-B3,C1-C2,D1-D2" in moves
    assert "seven_total" in codes(p, "7H:A1-A4,B1-B3")


def test_r1_seven_parts_add_up_to_seven_each_wrong_part_named__000() -> None:
    # "7: peut être décomposé, ... 4 avec un pion et 3 avec un autre": a split whose parts cannot be
    # shares of 7 is refused for every such part: backwards, and further than 7 (the total).
    p = pos("r1 A:B5,C5 B: C: D: A")
    found = explain(p, Move.parse("7H:B5-B2,C5-C15"))
    assert [(v.code, v.places) for v in found] == [
        ("seven_forward_only", ("B5", "B2")),
        ("seven_total", ("C5", "C15")),
    ]
    assert codes(p, "7H:B5-B9,C5-C15") == {"seven_total"}


def test_r1_five_forces_moving_an_opponents_marble_of_your_choice_past_its_start_cell__000() -> None:
    # "5: vous oblige à faire avancer un pion adverse, de votre choix, de 5 mais et vous autorise à lui faire
    # franchir sa case de départ."
    p = pos("r1 A:A3 B:B15 C:C3 D: A")
    assert notations(p, "5S") == {"5S:B15-BH4", "5S:B15-C2"}
    assert "not_another_players_marble" in codes(p, "5S:A3-A8")
    assert "not_another_players_marble" in codes(p, "5S:C3-C8")  # the partner is no opponent


def test_r1_four_always_goes_back_four__000() -> None:
    # "4: vous oblige toujours à reculer de 4"
    assert dests(pos("r1 A:B9 B: C: D: A"), "4", "B9") == {"B5"}


def test_r1_a_marble_just_out_that_backs_up_has_done_its_lap_and_may_enter_next__000() -> None:
    # "(si on vient juste de sortir et que l'on recule, le tour est déjà fait et on peut rentrer au prochain
    # coup dans la maison)"
    p = after(pos("r1 A:A18* B: C: D: A"), "4H:A18-A14")
    assert dests(p.replace(turn="A"), "6", "A14") == {"AH4"}


def test_r1_it_is_forbidden_to_enter_the_home_backwards__000() -> None:
    # "Il est interdit d'entrer dans la maison en reculant."
    p = pos("r1 A:B2 B: C: D: A", back_past_own_start=True)
    assert dests(p, "4", "B2") == {"A16"}
    assert "no_backwards_into_home" in codes(p, "4H:B2-AH1")


def test_r1_every_other_card_moves_forward_its_value__000() -> None:
    # "Toutes les autres cartes font avancer de leur valeur (par exemple un 8 permet d'avancer de 8 cases)."
    p = pos("r1 A:B1 B: C: D: A")
    for rank, to in (("2", "B3"), ("3", "B4"), ("6", "B7"), ("8", "B9"), ("9", "B10"), ("10", "B11")):
        assert to in dests(p, rank, "B1"), rank


def test_r1_joker_variant_joker_starts_or_moves_eighteen__000() -> None:
    # "Joker: parteu ou avance de 18."
    p = pos("r1[jokers=2] A:B1 B: C: D: A")
    assert notations(p, "JOKER") == {"JOKER:AR-A18", "JOKER:B1-C1"}
    assert p.rules.jokers == 2 and p.rules.joker_replays


def test_r1_nothing_playable_discards_rather_than_lays_down__000() -> None:
    # "il doit se défausser d'une carte"
    p = pos("r1 A: B: C: D: A A=8H")
    assert kinds(p) == {MoveKind.DISCARD.value}


def test_r1_a_marble_that_can_fall_directly_into_its_home_is_not_left_before_its_start_cell__000() -> None:
    # "Pour entrer dans la maison, le joueur doit réussir à tomber directement sur un des 4 emplacements"
    # with "Il est interdit de repasser sur sa case de départ": walking on to A17 would leave it stuck.
    assert dests(pos("r1 A:A14,AH2 B:C1 C: D: A"), "3", "A14") == {"AH1"}
    assert dests(pos("r1 A:A16 B:C1 C: D: A"), "A", "A16") == {"AH1"}
    assert codes(pos("r1 A:A16 B:C1 C: D: A"), "A:A16-A17") == {"home_entry_required"}


def test_r1_the_5_may_still_carry_an_opponents_marble_past_its_home__000() -> None:
    # "5: vous oblige à faire avancer un pion adverse, de votre choix, de 5 mais et vous autorise à lui faire
    # franchir sa case de départ."
    assert dests(pos("r1 A:C3 B:B14 C: D: A"), "5", "B14") == {"BH3", "C1"}


def test_r1_jack_swaps_with_any_marble_except_one_on_its_start_cell__000() -> None:
    # "Valet: il permet d'échanger n'importe lequel de ses pions avec un autre sur le plateau (sauf un qui est
    # sur sa case de départ)." Fresh or not: a 5 or a swap can leave a marble there.
    p = pos("r1 A:B3 B:B18 C: D: A")
    assert not any(m.kind is MoveKind.SWAP for m in legal_moves(p, Card.parse("J")))
    assert codes(p, "J:B18<>B3") == {"start_marble_immune"}
    assert dests(pos("r1 A:B12 B:B18 C: D: A"), "6", "B12") == {"B18"}  # not just out: it may be taken


def test_r1_jokers_are_only_for_the_variant_with_jokers__000() -> None:
    # "Variante avec jocker (jeu de 54 cartes)": without the variant the pack has no joker.
    assert codes(pos("r1 A: B: C: D: A"), "JOKER:AR-A18") == {"no_jokers"}
    assert legal_moves(pos("r1 A: B: C: D: A"), Card.parse("JOKER")) == ()
    assert codes(pos("r1[jokers=2] A: B: C: D: A"), "JOKER:AR-A18") == set()


def test_r1_the_5_moves_an_opponents_marble_and_says_so__000() -> None:
    # "5: vous oblige à faire avancer un pion adverse": the partner's marble is refused as not an opponent's.
    [reason] = explain(pos("r1 A:B3 B: C:C5 D: A"), Move.parse("5:C5-C10"))
    assert reason.code == "not_another_players_marble"
    assert "un pion adverse" in reason.fr and "an opponent's marble" in reason.en


def test_r1_a_player_who_cannot_play_discards_a_card_never_lays_the_hand_down__000() -> None:
    # "Si le joueur ne dispose pas de parteu et qu'il ne peut avancer de pion, il doit se défausser d'une
    # carte": hands known or not, laying down is answered with "discard".
    assert codes(pos("r1 A:B3 B: C: D: A"), "laydown") == {"no_discard_here"}


def test_r1_reasons_name_the_card_in_french_words__000() -> None:
    # "Pour sortir du camp il faut posséder un parteu (roi ou as)."
    [reason] = explain(pos("r1 A: B: C: D: A"), Move.parse("QH:AR-A18"))
    assert reason.fr == "Pour sortir un pion du camp il faut un as ou un roi ; pas une dame de cœur."
    assert reason.en == "Leaving the reserve takes an Ace or a King; not the Queen of hearts."
