"""A refusal at a table that plays physical cards: the card named at the table is played face up, so the
reasons may name it, and must never name another card (a 3 named, then a marble moved four holes, is
not "the Ace cannot ...")."""

from __future__ import annotations

from firmware_py.engine import Move, play
from tests.table.physical_opening import opened_table, seen, token_of


def test_the_reasons_against_a_marble_moved_too_far_name_the_card_named_and_no_other() -> None:
    with opened_table() as table:
        table.choose_card(token_of(table, "A"), "3")
        board = dict(play(table.position, Move.parse("3:B12-B15")).layout)
        board["B16"] = board.pop("B15")  # four holes instead of three
        seen(table, board)
        problem = table.public_view()["problem"]
    assert problem is not None and "B16" in problem["wrong"]
    reasons = " ".join(v["en"] for v in problem["violations"])
    assert reasons.startswith("The 3 "), reasons
    for other in ("Ace", "King", "Queen", "Jack", "The 4", "The 5", "The 7"):
        assert other not in reasons, reasons
