"""Recording an LED map: the session's bookkeeping, by keyboard answers or camera readings."""

from __future__ import annotations

import pytest

from hardware.colour import BLACK
from hardware.ledmap import BOARDS_DIR, LedMap, LedMapError
from hardware.mapping import DONE, LIT, MappingSession, record_with_camera


@pytest.fixture
def shipped() -> LedMap:
    return LedMap.load("tock4", search=[BOARDS_DIR])


def test_confirming_every_suggestion_gives_back_the_suggested_map(shipped: LedMap) -> None:
    session = MappingSession("tock4", 4, shipped.count, suggestions=shipped.chain)
    while not session.done:
        session.confirm()
    assert session.result() == shipped


def test_typed_places_spares_and_undo(shipped: LedMap) -> None:
    session = MappingSession("tock4", 4, shipped.count + 1, suggestions=shipped.chain)
    assert session.suggestion == "A1"
    session.assign("a2")  # wired the other way round
    assert session.suggestion == "A3"  # the expected A2 is taken: the next free place is offered
    session.skip()
    assert session.undo() == 1 and session.undo() == 0
    with pytest.raises(LedMapError, match="nothing to undo"):
        session.undo()
    session.assign("A2")
    session.skip()  # a spare LED between A2 and A1
    session.assign("A1")
    with pytest.raises(LedMapError, match="A1 is already under LED 2"):
        session.assign("A1")
    with pytest.raises(LedMapError, match="'Z1' is not a place of the tock4 board"):
        session.assign("Z1")
    while not session.done:
        session.confirm()
    result = session.result()
    assert result.chain[:3] == ("A2", None, "A1") and result.count == shipped.count + 1


def test_next_suggestion_steps_through_the_free_places(shipped: LedMap) -> None:
    session = MappingSession("tock4", 4, shipped.count, suggestions=shipped.chain)
    assert [session.next_suggestion() for _ in range(3)] == ["A2", "A3", "A4"]
    assert session.confirm() == "A4"
    assert session.suggestion == "A2"  # back to the expected place of LED 1


def test_an_unfinished_or_incomplete_map_is_refused(shipped: LedMap) -> None:
    session = MappingSession("tock4", 4, 2, suggestions=shipped.chain)
    with pytest.raises(LedMapError, match="LED 0 of 2 is not placed yet"):
        session.result()
    session.confirm()
    session.confirm()
    with pytest.raises(LedMapError, match="all 2 LEDs are placed"):
        session.skip()
    with pytest.raises(LedMapError, match="103 places have no LED"):
        session.result()


def test_the_frame_shows_progress_and_the_lit_led() -> None:
    session = MappingSession("tock4", 4, 4)
    session.skip()
    assert session.frame() == [DONE, LIT, BLACK, BLACK]


def test_the_camera_names_the_hole_a_marble_was_dropped_on(shipped: LedMap) -> None:
    truth = list(reversed(shipped.chain))  # as if the chain had been wired the other way
    readings = []
    for n in range(len(truth)):
        readings.append(frozenset(truth[:n]))  # nothing new yet: the builder is still reaching
        readings.append(frozenset(truth[: n + 1]))  # marbles left on placed holes do not matter
    readings.insert(0, frozenset(truth[:2]))  # two marbles at once: ignored
    shown: list[int] = []
    placed: list[tuple[int, str]] = []
    session = MappingSession("tock4", 4, shipped.count)
    result = record_with_camera(
        session,
        lambda frame: shown.append(frame.index(LIT) if LIT in frame else -1),
        lambda: readings.pop(0),
        on_placed=lambda led, place: placed.append((led, place)),
    )
    assert result.chain == tuple(truth)
    assert placed[:2] == [(0, truth[0]), (1, truth[1])]
    assert shown[0] == 0 and shown[-1] == -1
