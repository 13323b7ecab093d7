"""Marbles whose colours the camera cannot tell apart: the game says whose they are (and refuses a wrong
move of them with its rule), and asks when it cannot, unless the colours seen (graded, not sure) clearly
favour one board.

Seat B's marbles are the very red of seat A's here (two glass tints a camera under a warm lamp cannot
separate). Every frame is rendered by the synthetic camera and read by vision's reader, calibrated as a
user would (the empty board, then the starting layout), and the stabiliser's readings go to a real
:class:`Table` (physical cards, so the test can steer the game to a Jack). The seat's answer goes
through the web API its page uses.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from flask.testing import FlaskClient

from firmware_py.engine import Move, play
from firmware_py.engine.colour_evidence import COLOUR_MARGIN
from firmware_py.table.core import Table
from tests.table.physical_opening import OPENING, opened_table, token_of
from tests.web.conftest import TEST_CONFIG, paired
from vision.reader import BoardReader, BoardReading
from vision.stabiliser import Stabiliser
from vision.synthetic import SEAT_COLOURS_BGR, SyntheticCamera, starting_layout
from web import create_app

SWAP = "J:B12<>B14"


class Eyes:
    """The synthetic camera, the reader and the stabiliser, as the camera loop runs them."""

    def __init__(self, seed: int = 3) -> None:
        self.camera = SyntheticCamera(
            "tock4", seed=seed, size=(960, 720), lamp=True, noise=2, colours={"B": SEAT_COLOURS_BGR["A"]}
        )
        self.reader = BoardReader(self.camera.geometry)
        empty = self.camera.capture()
        start = starting_layout(self.camera.geometry)
        self.camera.set_layout(start)
        self.reader.calibrate(self.camera.capture(), start, empty=empty)
        self.stabiliser = Stabiliser(still_frames=2)

    def steady(self, layout: dict[str, str]) -> BoardReading:
        """The board shows ``layout``: frames until the stabiliser reports it."""
        self.camera.set_layout(layout)
        self.stabiliser.reset()
        for _ in range(4):
            frame = self.camera.capture()
            stable = self.stabiliser.push(self.reader.read(frame))
            if stable is not None:
                return self.reader.with_looks(stable, frame)  # as the camera loop hands it to the table
        raise AssertionError("the board never read as still")

    def look(self, table: Table, layout: dict[str, str]) -> BoardReading:
        """The board shows ``layout``: the stabiliser's reading of it, which the table judges."""
        stable = self.steady(layout)
        table.on_reading(stable)
        return stable


@pytest.fixture(scope="module")
def eyes() -> Eyes:
    return Eyes()


@pytest.fixture
def table() -> Iterator[Table]:
    with opened_table() as table:
        yield table


def test_red_and_red_are_read_as_marbles_of_unsure_colour(eyes: Eyes, table: Table) -> None:
    board = dict(table.position.layout)
    eyes.camera.set_layout(board)
    reading = eyes.reader.read(eyes.camera.capture())
    a_and_b = {place for place, seat in board.items() if seat in "AB"}
    assert reading.status == "ok", reading.message
    assert set(reading.unsure_colour) == a_and_b == set(reading.uncertain)
    assert {p: s for p, s in board.items() if s in "CD"} == reading.layout


def test_the_board_as_it_was_with_unsure_colours_is_no_question(eyes: Eyes, table: Table) -> None:
    eyes.look(table, dict(table.position.layout))
    table.choose_card(token_of(table, "A"), "J")  # naming a Jack does not make the still board a swap
    view = table.public_view()
    assert (view["question"], view["problem"]) == (None, None)
    table.choose_card(token_of(table, "A"), "5")  # no 5 leaves the board looking as it was
    eyes.look(table, dict(table.position.layout))
    view = table.public_view()
    assert (view["question"], view["problem"]) == (None, None)


def test_a_jack_swap_seen_without_colours_is_asked_on_the_page_and_played_when_answered(
    eyes: Eyes, table: Table
) -> None:
    token = token_of(table, "A")
    table.choose_card(token, "J")
    swapped = dict(play(table.position, Move.parse(SWAP)).layout)
    eyes.look(table, swapped)
    view = table.public_view()
    assert view["log"][-1]["move"] == OPENING[-1][1], "nothing is played on a guess"
    assert view["question"]["en"] == "Did you swap the marbles on cells 12 and 14 of B's side?"
    assert view["question"]["fr"] == "Avez-vous échangé les billes des cases 12 et 14 du côté de B ?"
    client: FlaskClient = paired(create_app(TEST_CONFIG, table=table).test_client(), table.table_key())
    asked = client.get(f"/api/seat/{token}").get_json()["question"]
    assert [m["move"] for m in asked["moves"]] == [SWAP]
    answer = client.post(f"/api/seat/{token}/play", json={"move": asked["moves"][0]["move"]})
    assert answer.status_code == 200, answer.get_json()
    eyes.look(table, swapped)  # the camera still sees the swapped board: it is the game's board now
    view = table.public_view()
    assert view["log"][-1]["move"] == SWAP and view["turn"] == "B"
    assert (view["question"], view["problem"]) == (None, None)


def _swap_lead(reading: BoardReading, board: dict[str, str]) -> float:
    """How much the reading's colour evidence favours ``board`` over it with SWAP's marbles swapped."""
    (a, b), evidence = Move.parse(SWAP).steps[0], reading.colour_evidence
    return evidence[a][board[a]] + evidence[b][board[b]] - evidence[a][board[b]] - evidence[b][board[a]]


def _evidence_for(reading: BoardReading, board: dict[str, str], lead: float) -> BoardReading:
    """``reading`` with colour evidence favouring ``board``'s seat at each unsure place by ``lead``."""
    colours = {p: {s: 0.0 if s == board[p] else -lead for s in "ABCD"} for p in reading.unsure_colour}
    return replace(reading, colour_evidence=colours)


def test_the_camera_cannot_weigh_red_against_red_so_the_swap_is_still_asked(eyes: Eyes, table: Table) -> None:
    table.choose_card(token_of(table, "A"), "J")
    swapped = dict(play(table.position, Move.parse(SWAP)).layout)
    reading = eyes.look(table, swapped)
    assert abs(_swap_lead(reading, swapped)) < COLOUR_MARGIN, "the same red: no colour evidence to speak of"
    view = table.public_view()
    assert view["question"]["en"] == "Did you swap the marbles on cells 12 and 14 of B's side?"
    assert view["log"][-1]["move"] == OPENING[-1][1]


def test_colours_that_clearly_favour_a_jack_swap_play_it_without_a_question(eyes: Eyes, table: Table) -> None:
    table.choose_card(token_of(table, "A"), "J")
    swapped = dict(play(table.position, Move.parse(SWAP)).layout)
    reading = _evidence_for(eyes.steady(swapped), swapped, COLOUR_MARGIN)
    table.on_reading(reading)
    view = table.public_view()
    assert view["log"][-1]["move"] == SWAP and view["turn"] == "B"
    assert (view["question"], view["problem"]) == (None, None)


def test_colours_that_favour_a_jack_swap_by_less_than_the_margin_still_ask(eyes: Eyes, table: Table) -> None:
    table.choose_card(token_of(table, "A"), "J")
    swapped = dict(play(table.position, Move.parse(SWAP)).layout)
    reading = _evidence_for(eyes.steady(swapped), swapped, 0.45 * COLOUR_MARGIN)
    assert 0 < _swap_lead(reading, swapped) < COLOUR_MARGIN
    table.on_reading(reading)
    view = table.public_view()
    assert view["log"][-1]["move"] == OPENING[-1][1], "nothing is played on a guess"
    assert view["question"]["en"] == "Did you swap the marbles on cells 12 and 14 of B's side?"


def test_a_marble_that_arrives_is_the_one_that_left(eyes: Eyes, table: Table) -> None:
    """A's marble moved by a 3 onto the hole next to B's: its colour unsure, the game knows it is A's."""
    table.choose_card(token_of(table, "A"), "3")
    moved = Move.parse("3:B12-B15")
    eyes.look(table, dict(play(table.position, moved).layout))
    view = table.public_view()
    assert view["log"][-1]["move"] == str(moved) and view["question"] is None


def test_a_marble_of_unsure_colour_moved_one_hole_too_far_is_refused_with_its_rule(
    eyes: Eyes, table: Table
) -> None:
    """A's marble moved four holes with the 3 named: its colour unsure on B16 (and B's on B14), the
    game knows it is the one that left B12 and refuses the move as if every colour were read, where it
    used to ask to check the marbles."""
    table.choose_card(token_of(table, "A"), "3")
    board = dict(play(table.position, Move.parse("3:B12-B15")).layout)
    board["B16"] = board.pop("B15")
    reading = eyes.look(table, board)
    assert {"B14", "B16"} <= set(reading.unsure_colour), "the moved marble's colour is not read"
    view = table.public_view()
    problem = view["problem"]
    assert view["question"] is None and problem is not None, "refused, not asked about"
    assert [v["code"] for v in problem["violations"]] == ["wrong_count"]
    assert problem["en"].startswith("Illegal move: The 3 ") and "Holes not read" not in problem["en"]
    assert (problem["wrong"], problem["put_back"]) == (["B16"], {"B12": "A"})
    assert view["leds"]["B16"] == "#ff0000" and "B12" in view["leds"], "flash the wrong hole, light B12"
    assert view["turn"] == "A" and view["log"][-2]["move"] == OPENING[-1][1], "nothing played"
    assert view["log"][-1]["reasons"][0]["code"] == "wrong_count", "the refusal is logged with its rule"
    eyes.look(table, dict(table.position.layout))  # put back as shown: the refusal is over
    view = table.public_view()
    assert (view["problem"], view["question"]) == (None, None)


def test_a_jack_swap_with_one_marble_put_a_hole_off_is_asked_not_refused(eyes: Eyes, table: Table) -> None:
    """B12 emptied, a marble of unsure colour on B13 and still one on B14: B's marble may have gone to
    B13 after the Jack's swap (A's then on B14), or A's moved one hole: the game cannot tell."""
    table.choose_card(token_of(table, "A"), "J")
    board = dict(play(table.position, Move.parse(SWAP)).layout)
    board["B13"] = board.pop("B12")
    eyes.look(table, board)
    view = table.public_view()
    assert view["problem"] is None and view["question"] is not None
    assert view["question"]["en"] == "Some holes could not be read for sure: check these marbles."
    assert view["log"][-1]["move"] == OPENING[-1][1]


@pytest.fixture(scope="module")
def eyes_on_other_marbles() -> Eyes:
    """Another camera whose two marbles of the swap differ by their own shades (glass varies): each of
    their holes changes its look far past every other hole's when they are swapped."""
    return Eyes(seed=8)


def test_two_marbles_touched_since_the_board_the_table_saw_never_make_a_swap_of_the_board_as_it_was(
    eyes_on_other_marbles: Eyes, table: Table
) -> None:
    """The two holes of the swap changed their look far past every other hole's, but two marbles lifted
    and put back where they were look touched too: only the colours could tell, and they are the same
    red. The seat is asked."""
    eyes = eyes_on_other_marbles
    seen = eyes.look(table, dict(table.position.layout))  # the game's board, seen: the table keeps its looks
    table.choose_card(token_of(table, "A"), "J")
    swapped = dict(play(table.position, Move.parse(SWAP)).layout)
    reading = eyes.look(table, swapped)
    held = reading.since(seen, dict(table.position.layout))
    assert set(held.touched) == {"B12", "B14"}, "both holes changed their look past a change"
    view = table.public_view()
    assert view["log"][-1]["move"] == OPENING[-1][1], "nothing is played on a guess"
    assert view["question"]["en"] == "Did you swap the marbles on cells 12 and 14 of B's side?"
