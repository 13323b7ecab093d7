"""A capture half done on the real board: the table waits, the LEDs show what is left, one move is saved.

The camera's stable readings are fed to a real :class:`Table` (physical cards, so the test can steer the
game to a capture with named ranks): seat A's marble lands on seat B's, and the taken marble is first in
a player's hand (seen nowhere), then back in B's reserve.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from firmware_py.engine import Move, play
from firmware_py.table.core import Table
from tests.table.physical_opening import OPENING, opened_table, seen, token_of

CAPTURE = "2:B12-B14xB14"


@pytest.fixture
def table() -> Iterator[Table]:
    with opened_table() as table:
        table.choose_card(token_of(table, "A"), "2")
        yield table


def saved(table: Table) -> list[str]:
    return [event.text for event in table.store.events(table.public_view()["game_id"])]


def test_the_opening_leads_to_a_capture(table: Table) -> None:
    view = table.public_view()
    assert view["turn"] == "A" and view["layout"]["B12"] == "A" and view["layout"]["B14"] == "B"
    assert saved(table) == [move for _, move in OPENING]


def test_a_captured_marble_not_yet_in_its_reserve_makes_the_game_wait(table: Table) -> None:
    before = dict(table.position.layout)
    blue = next(s["colour"] for s in table.public_view()["seats"] if s["seat"] == "B")
    landed = {place: seat for place, seat in before.items() if place != "B12"} | {"B14": "A"}
    seen(table, landed)  # A's marble on B14, B's marble in a hand (or beside the board): not seen
    view = table.public_view()
    assert view["turn"] == "A" and view["layout"] == before, "nothing is played yet"
    assert view["problem"] is None and view["question"] is None, "a move in progress is no mistake"
    assert view["leds"] == {"BR4": blue}, "only the free hole of B's reserve is lit, in B's colour"
    assert saved(table) == [move for _, move in OPENING], "nothing is saved"
    assert table._leds.facts().animated, "the reserve hole blinks on the strip"

    done = dict(play(table.position, Move.parse(CAPTURE)).layout)
    assert done == landed | {"BR4": "B"}
    seen(table, done)
    view = table.public_view()
    assert view["turn"] == "B" and view["layout"] == done and view["log"][-1]["move"] == CAPTURE
    assert "BR4" not in view["leds"], "nothing is left to do"
    seen(table, done)  # the stabiliser may report the same still board again
    assert saved(table) == [move for _, move in OPENING] + [CAPTURE], "the capture is saved exactly once"


def test_the_taken_marble_lifted_first_is_also_a_move_on_its_way(table: Table) -> None:
    before = dict(table.position.layout)
    lifted = {place: seat for place, seat in before.items() if place != "B14"}
    seen(table, lifted)  # B's marble picked up before A's marble moves
    view = table.public_view()
    assert view["problem"] is None and view["layout"] == before
    assert {"B14", "BR4"} <= set(view["leds"]), "A's landing hole and B's reserve are still to fill"
    assert saved(table) == [move for _, move in OPENING]
    seen(table, dict(play(table.position, Move.parse(CAPTURE)).layout))
    assert saved(table)[-1] == CAPTURE and len(saved(table)) == len(OPENING) + 1
