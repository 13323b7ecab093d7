"""The LED picture of the table's facts, on the strip and mirrored on the page."""

from __future__ import annotations

from firmware_py.table.lights import LightFacts, hex_to_rgb, rgb_to_hex

COLOURS = {"A": (255, 0, 0), "B": (0, 0, 255)}


def test_hex_round_trip() -> None:
    assert rgb_to_hex(hex_to_rgb("#1f77b4")) == "#1f77b4"


def test_a_quiet_turn_is_a_still_scene_at_the_start_cell() -> None:
    facts = LightFacts(COLOURS, turn="A", turn_start="A18", destinations=("A5", "A9"))
    assert not facts.animated
    scene = facts.source()
    assert isinstance(scene, dict)
    assert scene["A5"] == scene["A9"] == (255, 0, 0)
    assert "A18" in scene and scene["A18"] != (0, 0, 0)
    assert facts.mirror() == {"A18": rgb_to_hex(scene["A18"]), "A5": "#ff0000", "A9": "#ff0000"}


def test_an_illegal_board_flashes_the_wrong_holes_and_shows_where_to_put_back() -> None:
    facts = LightFacts(
        COLOURS, turn="A", turn_start="A18", destinations=("A5",), wrong=("B3",), put_back={"B1": "B"}
    )
    assert facts.animated and callable(facts.source())
    on, off = facts.scene_at(0.0), facts.scene_at(0.3)
    assert on["B3"] == (255, 0, 0) and "B3" not in off
    assert on["B1"] == off["B1"] and on["B1"][2] > 0, "the put-back hole glows steadily in B's colour"
    assert "A5" not in on, "hints give way to the problem"
    assert facts.mirror()["B3"] == "#ff0000"


def test_a_move_in_progress_blinks_the_captured_marble_reserve() -> None:
    facts = LightFacts(COLOURS, turn="A", to_do={"BR2": "B", "A7": "A"})
    scene = facts.scene_at(0.0)
    assert scene["BR2"] == (0, 0, 255)
    assert "BR2" not in facts.scene_at(0.6)
    assert facts.mirror() == {"A7": "#ff0000", "BR2": "#0000ff"}


def test_winners_homes_glow() -> None:
    facts = LightFacts(COLOURS, winners=("A",), homes={"A": ("AH1", "AH2")})
    assert facts.mirror() == {"AH1": "#ff0000", "AH2": "#ff0000"}
