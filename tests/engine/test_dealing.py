"""Dealing schedules, one test per sentence of the rule sheets that fixes them.

Seeds: 000 (R1 and R2), 001 (TOC), 002 (R1x), 003 (QC), 004 (CANOP), in /work/shared/seeds/.
"""

from __future__ import annotations

import pytest

from firmware_py.engine.dealing import BASE_PACK, deal_schedule, five_then_fours
from firmware_py.engine.rules import PRESETS, Dealing, RuleSet


def test_r1_deals_five_then_four_until_the_pack_is_dealt__000() -> None:
    """000 R1: "distribuera d'abord 5 cartes à chacun ... redonnera 4 cartes ... et ainsi de suite"."""
    schedule = deal_schedule(PRESETS["r1"], 4)
    assert schedule.deals == (5, 4, 4)
    assert schedule.left_over(4, BASE_PACK) == 0
    assert not schedule.draw_pile


def test_r1_joker_variant_leaves_two_cards_after_the_third_deal__000() -> None:
    """000 R1: "avec la variante jocker a la fin de la 3ème donne il restera 2 cartes non distribuées"."""
    schedule = deal_schedule(PRESETS["r1"], 4)
    assert len(schedule.deals) == 3
    assert schedule.left_over(4, BASE_PACK + 2) == 2


def test_canop_first_deal_five_then_fours_until_the_pack_is_dealt__004() -> None:
    """004 CANOP: "1ere donne: 5 cartes ... Donnes suivantes: 4 cartes ... jusqu'à ce que tout le paquet"."""
    assert deal_schedule(PRESETS["canop"], 4).deals == (5, 4, 4)


@pytest.mark.parametrize(
    ("seats", "deals", "burnt"),
    [
        (2, (5, 5, 4, 4, 4, 4), 0),  # "Deux tours de cinq cartes et quatre tours de quatre cartes."
        (3, (5, 4, 4, 4), 1),  # "Un tour de cinq cartes et trois tours de quatre cartes, jetez une carte."
        (4, (5, 4, 4), 0),  # "Un tour de cinq cartes et deux tours de quatre cartes."
        (5, (5, 5), 2),  # "Deux tours de cinq cartes, jetez les deux dernières cartes."
        (6, (4, 4), 4),  # "Deux tours de quatre cartes, jetez les quatre dernières cartes."
    ],
)
def test_r2_distribution_des_cartes_table__000(seats: int, deals: tuple[int, ...], burnt: int) -> None:
    """000 R2 "Distribution des cartes": one schedule per seat count, with the cards thrown away."""
    schedule = deal_schedule(PRESETS["r2"], seats)
    assert schedule.deals == deals
    assert schedule.left_over(seats, BASE_PACK) == burnt


@pytest.mark.parametrize(
    ("seats", "deals", "burnt"),
    [
        (4, (5, 4, 4), 0),  # "5 cards are dealt on the first turn, 4 cards on each of the two following"
        (3, (5, 4, 4, 4), 1),  # "4 cards on each of the 3 following turns and the last card is discarded"
        (2, (5, 5, 4, 4, 4, 4), 0),  # "5 cards are dealt on the two first turns, 4 cards on each of the four"
        (6, (4, 4), 4),  # "4 cards are dealt on each of the two first turns, and then ... shuffled once more"
    ],
)
def test_qc_number_of_cards_to_be_dealt__003(seats: int, deals: tuple[int, ...], burnt: int) -> None:
    """003 QC "Set-up for play": the schedule per seat count; what is left goes back into the shuffle."""
    schedule = deal_schedule(PRESETS["qc"], seats)
    assert schedule.deals == deals
    assert schedule.left_over(seats, BASE_PACK) == burnt


def test_toc_five_cards_each_the_rest_is_the_draw_pile__001() -> None:
    """001 TOC: "5 premières cartes sont distribuées ..., le reste du paquet constituant la pioche"."""
    schedule = deal_schedule(PRESETS["toc"], 2)
    assert schedule.deals == (5,)
    assert schedule.draw_pile


@pytest.mark.parametrize("dealing", list(Dealing))
@pytest.mark.parametrize("seats", range(2, 9))
def test_every_schedule_fits_the_pack_and_leaves_room_for_two_jokers(dealing: Dealing, seats: int) -> None:
    """Every seat count 2..8 gets a schedule; the jokers' extra draws can always be served."""
    schedule = deal_schedule(RuleSet(dealing=dealing), seats)
    assert schedule.deals and all(n > 0 for n in schedule.deals)
    if not schedule.draw_pile:
        assert schedule.left_over(seats, BASE_PACK) >= 0
        assert schedule.left_over(seats, BASE_PACK + 2) >= 2


def test_seat_counts_outside_the_sheets_follow_r1s_general_rule() -> None:
    """R2 has no row for 7 or 8 seats: 5 each, then rounds of 4 while the pack holds them."""
    assert deal_schedule(PRESETS["r2"], 7).deals == five_then_fours(7) == (5, 2)
    assert five_then_fours(3) == (5, 4, 4, 4)


@pytest.mark.parametrize(
    ("seats", "deals", "left"), [(6, (5, 3), 4), (8, (5,), 12), (2, (5, 4, 4, 4, 4, 4), 2)]
)
def test_r1_pack_dealt_until_used_at_six_or_eight_seats__000(
    seats: int, deals: tuple[int, ...], left: int
) -> None:
    """000 R1 "jusqu'à ce que tout le paquet est été distribué": the rest of the pack as a last, smaller
    deal when it gives everyone two cards or more."""
    schedule = deal_schedule(PRESETS["r1"], seats)
    assert schedule.deals == deals
    assert schedule.left_over(seats, BASE_PACK) == left


@pytest.mark.parametrize("seats", [1, 9, 0])
def test_impossible_seat_count_is_a_clear_error(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 seats"):
        deal_schedule(PRESETS["r2"], seats)
