"""Holes whose occupancy the camera did not read for sure (a shadow over a reserve, a marble whose look
says "covered"): the table settles the move from the rest of the board when nothing unread can hide
another board, and otherwise asks to check those holes; it never takes a marble put wrongly for the
legal move, and refuses a wrong move seen where it reads with the rule's reasons, never a legal move
whose holes were not read.

Readings go straight to a real :class:`Table` (physical cards: the rank is named first), as the
stabiliser hands them over: the places not read for sure are ``uncertain`` and left out of the layout.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from firmware_py.engine import Move, play
from firmware_py.table.core import Table
from tests.table.physical_opening import OPENING, opened_table, play_on_board, seen, token_of
from vision.reader import BoardReading

D_RESERVE = ("DR1", "DR2", "DR3", "DR4")
CHECK_EN = "Some holes could not be read for sure: check these marbles."


@pytest.fixture
def table() -> Iterator[Table]:
    with opened_table() as table:
        yield table


def read_with_holes_unread(table: Table, board: dict[str, str], unread: tuple[str, ...]) -> None:
    """The stabiliser reports ``board`` with the occupancy of ``unread`` not read for sure."""
    layout = {place: seat for place, seat in board.items() if place not in unread}
    table.on_reading(BoardReading("ok", layout, tuple(sorted(unread))))


def after(table: Table, move: str) -> dict[str, str]:
    return dict(play(table.position, Move.parse(move)).layout)


def test_a_move_seen_whole_is_played_though_a_reserve_is_not_read(table: Table) -> None:
    table.choose_card(token_of(table, "A"), "3")
    read_with_holes_unread(table, after(table, "3:B12-B15"), D_RESERVE)
    view = table.public_view()
    assert view["log"][-1]["move"] == "3:B12-B15" and view["turn"] == "B"
    assert (view["question"], view["problem"]) == (None, None)


def test_a_marble_put_one_hole_too_far_onto_holes_not_read_is_asked_about_then_refused(table: Table) -> None:
    table.choose_card(token_of(table, "A"), "3")
    board = after(table, "3:B12-B15")
    board["B16"] = board.pop("B15")  # one hole too far: B15 and B16 not read
    read_with_holes_unread(table, board, ("B15", "B16"))
    view = table.public_view()
    assert view["log"][-1]["move"] == OPENING[-1][1], "nothing is played on a guess"
    assert view["question"]["en"] == CHECK_EN and view["question"]["places"] == ["B15", "B16"]
    seen(table, board)  # the next still board is read whole: the mistake is caught
    view = table.public_view()
    assert view["turn"] == "A" and view["log"][-2]["move"] == OPENING[-1][1], "refused and logged"
    assert view["problem"] is not None and "B16" in view["problem"]["wrong"]


def test_the_board_as_it_was_with_a_reserve_not_read_is_no_question(table: Table) -> None:
    table.choose_card(token_of(table, "A"), "3")
    read_with_holes_unread(table, dict(table.position.layout), D_RESERVE)
    view = table.public_view()
    assert (view["question"], view["problem"]) == (None, None)
    assert view["log"][-1]["move"] == OPENING[-1][1] and view["turn"] == "A"


def test_a_marble_that_may_have_moved_between_holes_not_read_is_asked_about(table: Table) -> None:
    table.choose_card(token_of(table, "A"), "3")
    board = after(table, "3:B12-B15")
    read_with_holes_unread(table, board, ("D8", "D9"))  # C's marble on D8 could have rolled to D9
    view = table.public_view()
    assert view["log"][-1]["move"] == OPENING[-1][1]
    assert view["question"]["en"] == CHECK_EN and view["question"]["places"] == ["D8", "D9"]


def test_the_board_awaited_after_an_undo_comes_back_only_when_every_hole_is_read(table: Table) -> None:
    table.undo()  # D's 8 taken back: its marble must go back from A8 to D18
    board = dict(table.position.layout)
    read_with_holes_unread(table, board, D_RESERVE)
    view = table.public_view()
    assert view["question"]["en"] == CHECK_EN
    # still awaited: a move seen now is a board to put right, not a move
    table.choose_card(token_of(table, "D"), "8")
    seen(table, after(table, "8:D18-A8"))
    view = table.public_view()
    assert view["log"][-1]["move"] != "8:D18-A8" and view["problem"] is not None
    seen(table, board)  # the game's board, read whole
    table.choose_card(token_of(table, "D"), "8")
    seen(table, after(table, "8:D18-A8"))
    assert table.public_view()["log"][-1]["move"] == "8:D18-A8"


SPLIT_OPENING = (
    ("K", "K:AR-A18"),
    ("3", "3:B14-BH1"),
    ("3", "3:D8-D11"),
    ("3", "3:A8-A11"),
    ("10", "10:A18-B10"),
    ("A", "A:BH1-BH2"),
    ("3", "3:D11-D14"),
    ("3", "3:A11-A14"),
)
"""After :data:`OPENING`: A's marbles on B10 and B12, nothing in front of them up to B16, A to play."""


def test_a_seven_split_either_way_round_onto_the_same_holes_is_played_without_a_question(
    table: Table,
) -> None:
    for rank, move in SPLIT_OPENING:
        play_on_board(table, rank, move)
    splits = ("7:B10-B13,B12-B16", "7:B10-B16,B12-B13")
    table.choose_card(token_of(table, "A"), "7")
    read_with_holes_unread(table, after(table, splits[0]), D_RESERVE)
    view = table.public_view()
    assert view["log"][-1]["move"] in splits and view["turn"] == "B"
    assert (view["question"], view["problem"]) == (None, None)


def _one_hole_too_far_with_d8_unread(table: Table) -> None:
    """A plays a 3 and puts the marble four holes on, every hole of the move read, while a shadow over
    C's marble on D8, far from the move, leaves that hole unread."""
    table.choose_card(token_of(table, "A"), "3")
    board = after(table, "3:B12-B15")
    board["B16"] = board.pop("B15")  # four holes instead of three, all read
    read_with_holes_unread(table, board, ("D8",))  # a shadow over C's marble on D8, far from the move


def test_a_marble_moved_one_hole_too_far_is_refused_with_its_rule_while_an_unrelated_hole_is_not_read(
    table: Table,
) -> None:
    _one_hole_too_far_with_d8_unread(table)
    view = table.public_view()
    problem = view["problem"]
    assert view["question"] is None and problem is not None, "refused, not asked about"
    reasons = " ".join(v["en"] for v in problem["violations"])
    assert reasons.startswith("The 3 "), reasons
    assert problem["en"].endswith("Also check what is on cell 8 of D's side: the camera could not read it.")
    assert problem["fr"].endswith(
        "Vérifiez aussi ce qui est sur la case 8 du côté de D : la caméra n'a pas pu le lire."
    )
    assert (problem["wrong"], problem["put_back"]) == (["B16"], {"B12": "A"}), "D8 taken as it was"
    assert view["turn"] == "A" and view["log"][-2]["move"] == OPENING[-1][1], "nothing played"
    assert view["log"][-1]["reasons"][0]["code"] == "wrong_count", "the refusal is logged with its rule"


def test_a_legal_move_whose_end_hole_is_not_read_is_not_refused(table: Table) -> None:
    table.choose_card(token_of(table, "A"), "3")
    read_with_holes_unread(table, after(table, "3:B12-B15"), ("B15", "D8"))
    view = table.public_view()
    assert view["problem"] is None and view["log"][-1]["move"] == OPENING[-1][1]
    assert view["question"]["en"] == CHECK_EN and view["question"]["places"] == ["B15", "D8"]


def _strip_shows(table: Table, place: str, *, lit: bool) -> bool:
    """Whether the simulated strip has shown ``place`` lit (or dark) in a frame since the last reset; the
    driver's thread draws an animated scene by itself, so it is waited for (a flash is lit half the time)."""
    driver = table.led_driver
    assert driver is not None and driver.flush(timeout=5)
    index = driver.led_map.index_of(place)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if any(any(frame[index]) == lit for frame in list(driver.strip.frames)):  # type: ignore[attr-defined]
            return True
        time.sleep(0.05)
    return False


def test_a_refusal_while_a_hole_is_not_read_names_that_hole_and_flashes_it_on_the_leds(table: Table) -> None:
    """The refusal carries the holes the camera could not read (``unread``, in the view's problem and the
    log's line), and the LEDs flash them with the wrong holes, white beside red: they were taken as they
    were, and the players check them as they put the wrong ones right."""
    _one_hole_too_far_with_d8_unread(table)
    view = table.public_view()
    problem = view["problem"]
    assert problem is not None and problem["unread"] == ["D8"]
    assert view["log"][-1]["unread"] == ["D8"], "the logged refusal names them too"
    facts = table._leds.facts()  # the part that reduces the turn to LED facts
    on, off = facts.scene_at(0.0), facts.scene_at(0.3)  # the two halves of a flash
    assert on["B16"] == (255, 0, 0) and on["D8"] == (255, 255, 255), (
        "the wrong hole red, the unread one white"
    )
    assert "B16" not in off and "D8" not in off, "both flash, in the same rhythm"
    assert view["leds"]["D8"] == "#ffffff", "the page's picture of the LEDs shows it"
    assert _strip_shows(table, "D8", lit=True) and _strip_shows(table, "D8", lit=False), (
        "flashing on the strip"
    )
    seen(table, dict(table.position.layout))  # put back as shown, every hole read: the refusal is over
    view = table.public_view()
    assert view["problem"] is None and "D8" not in view["leds"]
