"""R1x, 002_6ac84f774e56abbf.txt (R1 with the partners' one-card exchange): its own sentences."""

from __future__ import annotations

from tests.engine.helpers import after, dests, pos


def test_r1x_other_marbles_are_passed_without_effect_even_by_the_king__002() -> None:
    # "On dépasse les autres pions sans effet." (no "sauf avec le roi" in this sheet)
    p = after(pos("r1x A:A1 B:A5 C: D: A"), "KH:A1-A14")
    assert p.layout["A5"] == "B"


def test_r1x_partners_exchange_one_card_face_down__002() -> None:
    # "Les partenaires s'échangent une carte sans la montrer"
    assert pos("r1x A: B: C: D: A").rules.partner_exchange


def test_r1x_a_marble_just_out_is_immortal__002() -> None:
    # "Un pion qui vient de sortir (case de départ) est immortel, il ne peut ni être déplacé, ni être pris, ni
    # même être dépassé"
    assert dests(pos("r1x A:B15 B:B18* C: D: A"), "8", "B15") == set()
