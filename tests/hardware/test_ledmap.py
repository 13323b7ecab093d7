"""LED maps: the shipped ones cover every place of the engine's boards in a wireable order."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from firmware_py.engine.board import BoardTopology
from hardware.ledmap import BOARDS_DIR, LedMap, LedMapError, available_models, board_places

MODELS = {"tock4": 4, "tock6": 6}


@pytest.mark.parametrize(("model", "sections"), MODELS.items())
def test_the_shipped_map_has_one_led_per_place_of_the_engine_board(model: str, sections: int) -> None:
    led_map = LedMap.load(model, search=[BOARDS_DIR])
    places = BoardTopology(sections=sections).place_ids
    assert sorted(p for p in led_map.chain if p is not None) == sorted(places)
    assert led_map.count == len(places)
    assert board_places(sections) == frozenset(places)


@pytest.mark.parametrize(("model", "sections"), MODELS.items())
def test_the_chain_runs_the_track_then_homes_reserves_and_centre(model: str, sections: int) -> None:
    topology = BoardTopology(sections=sections)
    chain = LedMap.load(model, search=[BOARDS_DIR]).chain
    track = topology.track_length
    assert list(chain[:track]) == [topology.track_place(i) for i in range(track)]
    homes, reserves = chain[track : track + 4 * sections], chain[track + 4 * sections : -1]
    assert all(p is not None and p[1] == "H" for p in homes)
    assert all(p is not None and p[1] == "R" for p in reserves)
    assert chain[-1] == "CIEL"
    # the homes continue from the last start cell into its lane, and turn at the lane ends
    last = "ABCDEFGH"[sections - 1]
    assert chain[track - 1] == f"{last}18"
    assert homes[:4] == (f"{last}H1", f"{last}H2", f"{last}H3", f"{last}H4")
    assert homes[4][2] == "4", "the next lane starts from its inner end, beside the previous one"


def test_every_shipped_model_is_listed() -> None:
    assert set(MODELS) <= set(available_models([BOARDS_DIR]))


def test_a_scene_becomes_one_colour_per_led() -> None:
    led_map = LedMap.load("tock4", search=[BOARDS_DIR])
    pixels = led_map.to_pixels({"A1": (1, 2, 3), "CIEL": (4, 5, 6)})
    assert pixels[0] == (1, 2, 3) and pixels[-1] == (4, 5, 6)
    assert sum(p != (0, 0, 0) for p in pixels) == 2
    with pytest.raises(LedMapError, match="'E1' is not a place of the tock4 board"):
        led_map.to_pixels({"E1": (1, 1, 1)})


def test_the_count_must_match_the_strip() -> None:
    led_map = LedMap.load("tock4", search=[BOARDS_DIR])
    led_map.check_count(105)
    with pytest.raises(LedMapError, match="has 105 LEDs but the strip is set to 100: fix leds.count"):
        led_map.check_count(100)


def _chain(sections: int = 4) -> list[str | None]:
    return sorted(board_places(sections))  # type: ignore[return-value]


def test_spare_leds_are_allowed_and_kept_dark() -> None:
    chain = _chain()
    chain.insert(3, None)
    led_map = LedMap("tock4", 4, tuple(chain))
    assert led_map.count == 106 and led_map.place_at(3) is None
    assert led_map.index_of(chain[4]) == 4  # type: ignore[arg-type]


def test_a_place_twice_or_missing_or_foreign_is_refused() -> None:
    chain = _chain()
    with pytest.raises(LedMapError, match=r"A1 is under both LED \d+ and LED 105"):
        LedMap("tock4", 4, (*chain, "A1"))
    with pytest.raises(LedMapError, match="1 places have no LED: A1"):
        LedMap("tock4", 4, tuple(p for p in chain if p != "A1"))
    with pytest.raises(LedMapError, match="LED 105 names 'E1', not a place of this board"):
        LedMap("tock4", 4, (*chain, "E1"))


def test_a_map_survives_saving_and_loading(tmp_path: Path) -> None:
    original = LedMap.load("tock6", search=[BOARDS_DIR])
    path = original.save(tmp_path)
    assert path == tmp_path / "tock6.leds.json"
    assert LedMap.load("tock6", search=[tmp_path, BOARDS_DIR]) == original


def test_a_recorded_map_is_found_before_the_shipped_one(tmp_path: Path) -> None:
    chain = list(LedMap.load("tock4", search=[BOARDS_DIR]).chain)
    chain[0], chain[1] = chain[1], chain[0]
    LedMap("tock4", 4, tuple(chain)).save(tmp_path)
    assert LedMap.load("tock4", search=[tmp_path, BOARDS_DIR]).chain[0] == "A2"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("{", "is not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"model": "../x", "sections": 4, "chain": []}', "'model' must be a board model name"),
        ('{"model": "tock4", "sections": "4", "chain": []}', "'sections' must be 4, 6 or 8"),
        ('{"model": "tock4", "sections": 4, "chain": [1]}', "'chain' must be a list of place ids"),
        ('{"model": "tock4", "sections": 5, "chain": []}', "4, 6 or 8 sections, not 5"),
    ],
)
def test_a_malformed_file_is_named(text: str, named: str) -> None:
    with pytest.raises(LedMapError, match=named):
        LedMap.from_json(text, source="x.leds.json")


def test_an_unknown_model_lists_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(LedMapError, match="no LED map for board model 'tock8'; .*tock4, tock6"):
        LedMap.load("tock8", search=[tmp_path, BOARDS_DIR])
    with pytest.raises(LedMapError, match="is not a board model name"):
        LedMap.load("../etc/passwd")


def test_a_file_of_another_model_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mine.leds.json").write_text(LedMap.load("tock4", search=[BOARDS_DIR]).to_json())
    with pytest.raises(LedMapError, match="is the map of 'tock4', not of 'mine'"):
        LedMap.load("mine", search=[tmp_path])


@pytest.mark.parametrize("model", MODELS)
def test_the_chain_is_short_to_wire_on_the_board_geometry(model: str) -> None:
    from hardware.boards import load_board

    board = load_board(model)
    places, pitch = board["places"], board["pitch_mm"]
    chain = [p for p in LedMap.load(model, search=[BOARDS_DIR]).chain if p is not None]
    hops = [math.dist(places[a], places[b]) for a, b in zip(chain, chain[1:], strict=False)]
    track = 18 * MODELS[model]
    assert max(hops[: track - 1]) <= 1.5 * pitch, "along the track each LED is wired to its neighbour"
    assert max(hops) <= 12 * pitch, "no wire longer than a third of the board"
    assert sum(hops) <= 250 * pitch
