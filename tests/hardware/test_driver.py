"""The LED driver: one thread shows the latest scene; stopping turns the LEDs dark."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from hardware.colour import Scene
from hardware.errors import DeviceClosed
from hardware.ledmap import BOARDS_DIR, LedMap, LedMapError
from hardware.leds import LedConfig, LedDriver, SimulatedStrip

TIMEOUT = 10.0
"""Only an upper bound for a thread to react; no test depends on how fast it does."""


@pytest.fixture
def led_map() -> LedMap:
    return LedMap.load("tock4", search=[BOARDS_DIR])


@pytest.fixture
def strip(led_map: LedMap) -> SimulatedStrip:
    return SimulatedStrip(LedConfig(count=led_map.count, brightness=1.0, budget_ma=100_000.0, gamma=1.0))


@pytest.fixture
def driver(strip: SimulatedStrip, led_map: LedMap) -> Iterator[LedDriver]:
    with LedDriver(strip, led_map) as running:
        yield running


def test_a_sent_scene_is_shown_on_the_mapped_leds(
    driver: LedDriver, strip: SimulatedStrip, led_map: LedMap
) -> None:
    driver.send({"A5": (10, 20, 30), "BH2": (1, 1, 1)})
    assert driver.flush(TIMEOUT)
    assert strip.last_frame[led_map.index_of("A5")] == (10, 20, 30)
    assert strip.last_frame[led_map.index_of("BH2")] == (1, 1, 1)
    assert sum(p != (0, 0, 0) for p in strip.last_frame) == 2


def test_the_driver_refuses_a_strip_of_another_length(led_map: LedMap) -> None:
    with pytest.raises(LedMapError, match="has 105 LEDs but the strip is set to 100"):
        LedDriver(SimulatedStrip(LedConfig(count=100)), led_map)


def test_scenes_sent_from_many_threads_end_on_the_last_one(
    driver: LedDriver, strip: SimulatedStrip, led_map: LedMap
) -> None:
    def sender(n: int) -> None:
        for i in range(50):
            driver.send({"A1": (n, i, 0)})

    threads = [threading.Thread(target=sender, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    driver.send({"CIEL": (7, 7, 7)})
    assert driver.flush(TIMEOUT)
    assert strip.last_frame[led_map.index_of("CIEL")] == (7, 7, 7)
    assert strip.last_frame[led_map.index_of("A1")] == (0, 0, 0)
    assert len(strip.frames) <= 201  # never more than one frame per scene; usually far fewer


def test_an_animation_is_drawn_from_the_time_since_it_was_sent(
    strip: SimulatedStrip, led_map: LedMap
) -> None:
    now = [100.0]
    drawn = threading.Event()

    def animation(t: float) -> Scene:
        if t >= 5.0:
            drawn.set()
        return {"A1": (int(t), 0, 0)}

    with LedDriver(strip, led_map, clock=lambda: now[0]) as driver:
        driver.send(animation)
        assert driver.flush(TIMEOUT)
        assert strip.last_frame[0] == (0, 0, 0)
        now[0] = 105.0
        assert drawn.wait(TIMEOUT)  # redrawn on a later tick, from the new time
        driver.send({"A1": (1, 1, 1)})  # and replaced by the next scene
        assert driver.flush(TIMEOUT)
    firsts = [frame[0] for frame in strip.frames]
    assert firsts[-1] == (0, 0, 0)  # stop() darkened it
    assert firsts[-3:-1] == [(5, 0, 0), (1, 1, 1)]


def test_an_unchanged_frame_is_not_sent_again(driver: LedDriver, strip: SimulatedStrip) -> None:
    for _ in range(3):
        driver.send({"A1": (5, 5, 5)})
        assert driver.flush(TIMEOUT)
    assert len(strip.frames) == 1


def test_a_bad_scene_is_reported_and_the_driver_goes_on(driver: LedDriver, strip: SimulatedStrip) -> None:
    driver.send({"Z9": (1, 1, 1)})
    with pytest.raises(LedMapError, match="'Z9' is not a place"):
        driver.flush(TIMEOUT)
    driver.send({"A1": (2, 2, 2)})
    assert driver.flush(TIMEOUT)
    assert strip.last_frame[0] == (2, 2, 2)


def test_stopping_darkens_the_leds_and_refuses_new_scenes(driver: LedDriver, strip: SimulatedStrip) -> None:
    driver.send({"A1": (9, 9, 9)})
    assert driver.flush(TIMEOUT)
    driver.stop()
    assert strip.closed and strip.last_frame == ((0, 0, 0),) * strip.num_pixels
    with pytest.raises(DeviceClosed):
        driver.send({"A1": (9, 9, 9)})
    assert driver.flush(TIMEOUT)  # nothing left to wait for
    driver.stop()
