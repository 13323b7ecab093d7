"""Scenes: the same facts and time give the same colours, and a scene fits the current budget."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware import scenes
from hardware.colour import current_ma

BLUE = (0, 0, 255)
GREEN = (0, 255, 0)
TRACK = [f"A{n}" for n in range(1, 19)] + [f"B{n}" for n in range(1, 19)]


def test_legal_destinations_are_lit_in_the_movers_colour() -> None:
    assert scenes.legal_destinations(["A3", "AH1"], BLUE) == {"A3": BLUE, "AH1": BLUE}
    with pytest.raises(ValueError, match="mover's colour must be three integers"):
        scenes.legal_destinations(["A3"], (0, 0, 300))


def test_the_selected_marble_pulses_but_never_goes_dark() -> None:
    lowest = scenes.selected_marble("A5", (200, 100, 0), 0.0)["A5"]
    brightest = scenes.selected_marble("A5", (200, 100, 0), scenes.PULSE_PERIOD / 2)["A5"]
    assert brightest == (200, 100, 0)
    assert lowest == (50, 25, 0)
    assert scenes.selected_marble("A5", (200, 100, 0), scenes.PULSE_PERIOD) == {"A5": lowest}


def test_an_illegal_move_flashes_red_and_shows_where_marbles_go_back() -> None:
    lit = scenes.illegal_move(["A3", "A9"], {"A3": BLUE}, 0.0)
    dark = scenes.illegal_move(["A3", "A9"], {"A3": BLUE}, 0.5 / scenes.FLASH_HZ)
    assert lit == {"A9": scenes.RED, "A3": (0, 0, 153)}
    assert dark == {"A3": (0, 0, 153)}


def test_a_captured_marbles_reserve_blinks() -> None:
    assert scenes.captured_marble("BR2", GREEN, 0.0) == {"BR2": GREEN}
    assert scenes.captured_marble("BR2", GREEN, 0.5 / scenes.BLINK_HZ) == {}
    assert scenes.captured_marble("BR2", GREEN, 1.0 / scenes.BLINK_HZ) == {"BR2": GREEN}


def test_the_seat_to_play_is_shown_at_its_start_cell() -> None:
    assert scenes.seat_to_play("C18", GREEN) == {"C18": GREEN}


def test_the_idle_pattern_runs_one_comet_per_colour_round_the_track() -> None:
    first = scenes.idle(TRACK, [BLUE, GREEN], 0.0)
    assert first["A1"] == BLUE and first["B1"] == GREEN  # evenly spaced: half a lap apart
    assert first["B18"] == (0, 0, 204)  # the tail wraps round behind the head, fading
    assert len(first) == 2 * scenes.IDLE_TAIL
    later = scenes.idle(TRACK, [BLUE, GREEN], 1.0)
    assert later[TRACK[int(scenes.IDLE_SPEED)]] == BLUE
    assert scenes.idle([], [BLUE], 1.0) == {} and scenes.idle(TRACK, [], 1.0) == {}


def test_later_scenes_win_when_combined() -> None:
    combined = scenes.combine({"A1": BLUE, "A2": BLUE}, {"A2": GREEN}, {})
    assert combined == {"A1": BLUE, "A2": GREEN}


def test_a_scene_within_the_budget_is_unchanged() -> None:
    scene = {"A1": (255, 255, 255)}
    assert scenes.cap_to_budget(scene, 60.0) == scene


colours = st.tuples(*[st.integers(0, 255)] * 3)
places = st.sampled_from(TRACK)


@settings(deadline=None)  # what is checked is the colours, never how fast a loaded machine finds them
@given(st.dictionaries(places, colours, max_size=36), st.floats(1.0, 3000.0))
def test_a_capped_scene_never_exceeds_the_budget_and_keeps_its_places(
    scene: dict[str, tuple[int, int, int]], budget: float
) -> None:
    capped = scenes.cap_to_budget(scene, budget)
    assert current_ma(capped.values()) <= budget
    assert capped.keys() == scene.keys()
    for place, colour in scene.items():
        assert all(dimmed <= full for dimmed, full in zip(capped[place], colour, strict=True))


@settings(deadline=None)
@given(st.floats(0.0, 1000.0, allow_nan=False))
def test_animations_are_pure_functions_of_time(t: float) -> None:
    assert scenes.idle(TRACK, [BLUE], t) == scenes.idle(TRACK, [BLUE], t)
    assert 0.0 <= scenes.pulse(t) <= 1.0
