"""Every switch changes what it says, on its own (docs/rules.md), including the choices made where the
sheets are silent."""

from __future__ import annotations

from firmware_py.engine import Card, legal_moves
from firmware_py.engine.rules import (
    FiveMode,
    JackMode,
    KingSweep,
    NothingPlayable,
    Overshoot,
    SevenCaptures,
    SevenMode,
    Shortcut,
    StartCell,
)
from tests.engine.helpers import after, codes, dests, kinds, notations, pos


def test_king_sweep_others_spares_the_movers_own_marbles() -> None:
    p = after(pos("r1 A:A1,A5 B:A9 C: D: A", king_sweep=KingSweep.OTHERS), "KH:A1-A14")
    assert p.marbles_of("A") == ("A5", "A14") and p.in_reserve("B") == 4


def test_jack_swaps_own_off_forbids_swapping_two_own_marbles() -> None:
    p = pos("r1 A:A3,C9 B: C: D: A", jack_swaps_own=False)
    assert notations(p, "JH") == {"JH:discard"}  # nothing else to do with that Jack
    assert "swap_own_pair_forbidden" in codes(p, "JH:A3<>C9")


def test_seven_captures_never_forbids_a_part_ending_on_a_marble() -> None:
    p = pos("r1 A:A1,B1 B:A5 C: D: A", seven_captures=SevenCaptures.NEVER)
    assert "7H:A1-A5,B1-B4" not in notations(p, "7H")
    assert "seven_part_cannot_take" in codes(p, "7H:A1-A5,B1-B4")


def test_two_parts_of_a_seven_cannot_end_on_the_same_place_docs_choice_9() -> None:
    p = pos("r1 A:A1,A3 B: C: D: A")
    assert "seven_parts_collide" in codes(p, "7H:A1-A6,A3-A6")


def test_back_from_start_off_forbids_backing_up_from_the_start_cell() -> None:
    p = pos("r1 A:A18* B: C: D: A", back_from_start=False)
    assert dests(p, "4", "A18") == set()
    assert "back_from_start_forbidden" in codes(p, "4H:A18-A14")


def test_start_blocking_and_immunity_are_independent() -> None:
    blocks_only = pos("r1 A:B15 B:B18* C: D: A", start_immunity=StartCell.NONE)
    assert dests(blocks_only, "8", "B15") == set() and dests(blocks_only, "3", "B15") == {"B18"}
    immune_only = pos("r1 A:B15 B:B18* C: D: A", start_blocking=StartCell.NONE)
    assert dests(immune_only, "8", "B15") == {"C5"} and dests(immune_only, "3", "B15") == set()


def test_overshoot_round_again_lets_a_marble_pass_its_home() -> None:
    assert dests(pos("r1 A:A14 B: C: D: A", overshoot=Overshoot.ROUND_AGAIN), "Q", "A14") == {"B8"}


def test_home_entry_after_seventeen_moves_the_lane() -> None:
    late = pos("r1[home_entry_after=17] A:A14 B: C: D: A", four_backwards=False)
    early = pos("r1 A:A14 B: C: D: A", four_backwards=False)
    assert "AH1" in dests(late, "4", "A14") and "AH2" in dests(early, "4", "A14")


def test_shortcut_none_has_no_jump_and_centre_needs_the_centre_board() -> None:
    assert dests(pos("r1 A:B1 B: C: D: A", shortcut=Shortcut.NONE), "6", "B1") == {"B7"}
    assert pos("r1[shortcut=centre] A: B: C: D: A").topology.centre


def test_five_plus_five_moves_ones_own_marble() -> None:
    p = pos("r1 A:A3 B:B3 C: D: A", five=FiveMode.PLUS_FIVE)
    assert notations(p, "5S") == {"5S:A3-A8"}


def test_five_passes_start_off_keeps_a_pushed_marble_before_its_start() -> None:
    p = pos("r1 A:A3 B:B15 C: D: A", five_passes_start=False)
    assert notations(p, "5S") == {"5S:B15-BH4"}


def test_jack_eleven_only_moves() -> None:
    assert notations(pos("r1 A:A1 B:B3 C: D: A", jack=JackMode.ELEVEN), "JH") == {"JH:A1-A12"}


def test_seven_split_two_and_plus_seven() -> None:
    p = pos("r1 A:A1,B1,C1 B: C: D: A", seven=SevenMode.SPLIT_TWO)
    assert max(len(m.steps) for m in legal_moves(p, Card.parse("7H"))) == 2
    assert notations(pos("r1 A:A1,B1 B: C: D: A", seven=SevenMode.PLUS_SEVEN), "7H") == {
        "7H:A1-A8",
        "7H:B1-B8",
    }


def test_nothing_playable_modes() -> None:
    assert kinds(pos("r1 A: B: C: D: A A=8H", nothing_playable=NothingPlayable.LAY_DOWN)) == {"lay_down"}
    blocked = pos("r2 A:B15 B:B18 C: D: A A=8H", nothing_playable=NothingPlayable.LAY_DOWN_IF_NONE_OUT)
    assert kinds(blocked) == {"discard"}


def test_play_for_partner_off_leaves_a_finished_seat_discarding() -> None:
    p = pos("r1 A:AH1,AH2,AH3,AH4 B: C:C3 D: A A=8H", play_for_partner=False)
    assert kinds(p) == {"discard"}
