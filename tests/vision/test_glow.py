"""The coloured glow beside a tinted glass marble tells whose it is (:mod:`vision.glow`), on the committed
photoreal frames (tuning seeds): what the game weighs when a Jack's swap leaves two glass marbles of
unsure colour where each other were."""

from __future__ import annotations

import json

import numpy as np
import pytest

from firmware_py.engine.colour_evidence import COLOUR_MARGIN
from vision.bench import swap_leads
from vision.calibration import Calibration, CalibrationError, calibrate, marble_centre_height
from vision.geometry import BoardGeometry
from vision.glow import CAP, GlowPlan, chroma, glows
from vision.markers import project
from vision.photoreal.dataset import PhotorealSetup, committed_setups, load_setup
from vision.reader import BoardReader

from .test_photoreal_cases import CASES

GEOMETRY = BoardGeometry.from_model("tock4")


def _setup(name: str) -> PhotorealSetup:
    found = {s.name: s for s in committed_setups()}
    return found[name] if name in found else load_setup(CASES / name)


def _calibration(setup: PhotorealSetup) -> Calibration:
    return calibrate(setup.start.image(), GEOMETRY, setup.start.layout, empty=setup.empty.image())


def _plan(calibration: Calibration) -> GlowPlan:
    return GlowPlan(
        GEOMETRY,
        calibration.board_h,
        calibration.homography_at(marble_centre_height(GEOMETRY)),
        calibration.size,
    )


def _swap_leads(setup: PhotorealSetup, steps: tuple[str, ...], *, hand: bool = False) -> list[float]:
    """For every two marbles of unsure colour and different seats on the frames of ``steps``, how much
    the colour evidence favours the true board over the two swapped; with ``hand``, also where the
    reader saw the hand (it weighs the same colours whether or not it says the board is covered)."""
    reader = BoardReader(GEOMETRY, _calibration(setup))
    leads: list[float] = []
    for step in steps:
        frame = setup.first(step)
        reading = reader.read(frame.image())
        assert reading.status in (("ok", "occluded") if hand else ("ok",)), reading.message
        leads += swap_leads(reading, frame.layout)
    return leads


def test_a_swap_of_two_clear_glass_marbles_in_the_evening_is_told_by_their_glows() -> None:
    """clear-evening-2008: every two clear glass marbles of different seats, swapped in thought: the
    glows favour the true board every time by the engine's margin. Without them (none of these marbles'
    colours is sure), 3 of the 60 swaps did, with a median lead of 2.8."""
    leads = _swap_leads(_setup("clear-evening-2008"), ("board",))
    assert len(leads) >= 50
    assert min(leads) >= COLOUR_MARGIN


def test_under_a_low_desk_lamp_seats_whose_glows_are_alike_are_weighed_as_one() -> None:
    """clear-desk-0: the long shadows fall over the next holes and two seats' glows lie 32 degrees apart;
    weighed apart, they led a swap of A13 and B15 the wrong way by 11. As one, no swap of two marbles of
    unsure colour is led the wrong way by half the engine's margin."""
    setup = _setup("clear-desk-0")
    glow = _calibration(setup).glow
    assert glow is not None
    assert max(len(group) for group in glow.groups) >= 2
    assert sorted("".join(glow.groups)) == ["A", "B", "C", "D"]
    leads = _swap_leads(setup, ("board", "after"))
    assert len(leads) >= 100
    assert min(leads) > -COLOUR_MARGIN / 2


def test_a_glow_laid_over_the_wood_toward_an_empty_neighbour_is_its_marble_s() -> None:
    """A lamp to one side lays a glass marble's glow toward the next hole; that hole empty, the wood there
    is nearer it than the marble, yet only the marble throws a glow (clear-evening-2068: the glow of B4
    lay toward the empty B3, and a Jack's swap of B4 was asked). Red light painted on the wood nearer A4
    than A5, with a marble at A5 alone, is A5's red glow."""
    setup = _setup("clear-evening-2008")
    calibration = _calibration(setup)
    assert calibration.glow is not None
    plan = _plan(calibration)
    ids = GEOMETRY.place_ids
    marble, neighbour = ids.index("A5"), ids.index("A4")
    frame = setup.empty.image().astype(np.float32)
    height, width = frame.shape[:2]
    xs, ys = np.meshgrid(np.arange(width, dtype=np.float64), np.arange(height, dtype=np.float64))
    board = project(np.linalg.inv(calibration.board_h), np.column_stack([xs.ravel(), ys.ravel()]))
    to_marble = np.linalg.norm(board - GEOMETRY.centres[marble], axis=1)
    to_neighbour = np.linalg.norm(board - GEOMETRY.centres[neighbour], axis=1)
    lit = ((to_neighbour < to_marble) & (to_marble < 2.5 * GEOMETRY.marble_diameter / 2)).reshape(
        height, width
    )
    frame[lit] *= np.array([0.8, 0.8, 1.4], np.float32)  # BGR: red
    bodies = np.isin(np.arange(len(ids)), [marble])
    found = glows(
        chroma(
            plan.gather(np.clip(frame, 0, 255).astype(np.uint8), [marble]), calibration.glow.empty[[marble]]
        ),
        plan.open_points([marble], bodies),
    )[0]
    assert found is not None and found[2] > 0.1 and found[0] < 0
    with_neighbour = plan.open_points([marble], bodies | (np.arange(len(ids)) == neighbour))
    assert with_neighbour.sum() < plan.open_points([marble], bodies).sum()  # a marble there claims them


def test_fingers_over_the_board_in_window_light_never_turn_a_glow_toward_another_seat() -> None:
    """clear-window-2013, a hand lifting a marble, its fingers over the board's top edge: every two clear
    glass marbles of different seats, swapped in thought, still lead the true board (most by the margin)."""
    leads = _swap_leads(_setup("clear-window-2013"), ("lift",), hand=True)
    assert len(leads) >= 50
    assert min(leads) > 0
    assert np.mean(np.array(leads) >= COLOUR_MARGIN) >= 0.5


def test_the_seats_glows_are_learnt_apart_and_kept_with_the_calibration() -> None:
    calibration = _calibration(_setup("clear-evening-2008"))
    glow = calibration.glow
    assert glow is not None
    assert set(glow.seats) == {"A", "B", "C", "D"}
    for u in glow.seats.values():
        assert np.linalg.norm(u) == pytest.approx(1.0)
    saved = Calibration.from_json(calibration.to_json()).glow
    assert saved is not None and saved.seats.keys() == glow.seats.keys()
    assert saved.stray == pytest.approx(glow.stray, rel=1e-4)
    assert np.allclose(saved.empty, glow.empty, rtol=2e-3, atol=0.1)  # kept as half floats


@pytest.mark.parametrize(
    ("damage", "value"),
    [
        ("shape", [3, 120, 3]),
        ("seats", {"A": [1.0, 0.0]}),
        ("stray", 0.0),
        ("data", "not base64!"),
        ("groups", ["AB"]),
        ("groups", ["ABCD"]),
        ("groups", "ABCD"),
        ("groups", 5),
    ],
)
def test_a_saved_calibration_with_damaged_glows_is_refused_in_words(damage: str, value: object) -> None:
    saved = json.loads(_calibration(_setup("clear-evening-2008")).to_json())
    saved["glow"][damage] = value
    with pytest.raises(CalibrationError, match="not a saved calibration"):
        Calibration.from_json(json.dumps(saved))


def test_one_hole_alone_never_favours_a_seat_by_more_than_the_cap() -> None:
    setup = _setup("clear-evening-2008")
    calibration = _calibration(setup)
    assert calibration.glow is not None
    plan = _plan(calibration)
    ids = GEOMETRY.place_ids
    frame = setup.first("board")
    held = [ids.index(p) for p in frame.layout]
    bodies = np.isin(np.arange(len(ids)), held)
    weighed = [w for w in calibration.glow.evidence(plan, frame.image(), held, bodies) if w is not None]
    for seats in weighed:
        assert max(seats.values()) == 0.0
        assert min(seats.values()) >= -CAP
    assert sum(min(seats.values()) == -CAP for seats in weighed) >= len(weighed) // 2  # glows that clear


def test_a_grey_shadow_has_no_hue_and_a_tinted_glow_has_its_glass_s() -> None:
    empty = np.full((1, 40, 3), 120.0, np.float32)
    grey = chroma(empty * 0.5, empty)
    assert np.allclose(grey, 0.0, atol=1e-3)
    red = empty * np.array([0.8, 0.8, 1.4], np.float32)  # BGR: more red
    found = glows(chroma(red, empty), np.ones((1, 40), bool))[0]
    assert found is not None and found[2] > 0 > found[0]
    assert glows(chroma(red, empty), np.zeros((1, 40), bool)) == [None]


def test_a_calibration_saved_before_glows_were_grouped_weighs_each_seat_alone() -> None:
    saved = json.loads(_calibration(_setup("clear-evening-2008")).to_json())
    del saved["glow"]["groups"]
    glow = Calibration.from_json(json.dumps(saved)).glow
    assert glow is not None and glow.groups == tuple(glow.seats)
