"""R1x, 002_6ac84f774e56abbf.txt (R1 with the partners' one-card exchange): its own sentences."""

from __future__ import annotations

from firmware_py.engine import Card, legal_moves
from tests.engine.helpers import after, codes, dests, pos, preset


def test_r1x_is_r1_again_so_the_king_still_eats_every_marble_it_passes__002() -> None:
    # seeds/README.md: 002 is "R1 again, plus the partners' one-card exchange"; R1 (000): "sauf avec le
    # roi qui mange tout sur son passage".
    p = after(pos("r1x A:A1 B:A5 C: D: A"), "KH:A1-A14")
    assert "A5" not in p.layout
    moves = {str(m) for m in legal_moves(pos("r1x A:B10,B12 B:B16 C:B14 D: A"), Card.parse("K"))}
    assert "K:B10-C5xB12xB14xB16" in moves


def test_r1x_equals_r1_except_the_partners_exchange__002() -> None:
    # "Les partenaires s'échangent une carte sans la montrer": the one rule 002 adds to R1.
    r1, r1x = preset("r1"), preset("r1x")
    assert r1x.with_switches(name="r1", source=r1.source, partner_exchange=False) == r1


def test_r1x_partners_exchange_one_card_face_down__002() -> None:
    # "Les partenaires s'échangent une carte sans la montrer"
    assert pos("r1x A: B: C: D: A").rules.partner_exchange


def test_r1x_a_marble_just_out_is_immortal__002() -> None:
    # "Un pion qui vient de sortir (case de départ) est immortel, il ne peut ni être déplacé, ni être pris, ni
    # même être dépassé"
    assert dests(pos("r1x A:B15 B:B18* C: D: A"), "8", "B15") == set()


def test_r1x_jack_spares_a_marble_on_its_start_cell__002() -> None:
    # "Valet: il permet d'échanger n'importe lequel de ses pions avec un autre sur le plateau (sauf un qui est
    # sur sa case de départ)."
    assert codes(pos("r1x A:B3 B:B18 C: D: A"), "J:B18<>B3") == {"start_marble_immune"}
