"""The camera's height for each lens and board, and the figures hardware/README.md gives for it."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from hardware.ledmap import LedMap
from hardware.mounting import FRAME, LENSES, MARGIN, mounting
from vision.geometry import BoardGeometry

README = (Path(__file__).resolve().parents[2] / "hardware" / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lens", sorted(LENSES))
@pytest.mark.parametrize("model", ["tock4", "tock6"])
def test_from_that_height_the_board_and_its_margin_fill_the_frame_in_one_direction(
    lens: str, model: str
) -> None:
    side = BoardGeometry.from_model(model).size_mm[0]
    found = mounting(lens, (side, side))
    horizontal, vertical = (math.tan(math.radians(a) / 2) for a in LENSES[lens])
    aspect = FRAME[0] / FRAME[1]
    horizontal, vertical = min(horizontal, vertical * aspect), min(vertical, horizontal / aspect)
    seen_width, seen_height = 2 * found.height_mm * horizontal, 2 * found.height_mm * vertical
    needed = side * (1 + MARGIN)
    assert min(seen_width, seen_height) == pytest.approx(needed)  # no lower height would do
    assert seen_width >= needed - 1e-6 and seen_height >= needed - 1e-6
    assert found.px_per_mm == pytest.approx(FRAME[1] / seen_height)


def test_the_readme_gives_the_computed_heights_and_hole_sizes() -> None:
    for lens in LENSES:
        row = next(line for line in README.splitlines() if line.startswith(f"| {lens} ("))
        heights = [float(h) for h in re.findall(r"\| (\d+) cm", row)]
        expected = [
            round(mounting(lens, BoardGeometry.from_model(m).size_mm).height_mm / 10)
            for m in ("tock4", "tock6")
        ]
        assert heights == expected, row
    for model in ("tock4", "tock6"):
        geometry = BoardGeometry.from_model(model)
        pixels = round(mounting("Camera Module 3 Wide", geometry.size_mm).hole_px(2 * geometry.hole_radius))
        assert f"{pixels} ({model})" in README


def test_the_readme_supply_table_follows_its_own_rule() -> None:
    rows = re.findall(r"\| (tock\d) \| (\d+) \| (\d+) \| [\d.]+ A \| ([\d.]+) A \| 5 V (\d+) A \|", README)
    assert len(rows) == 2
    for model, count, budget, needed, supply in rows:
        assert int(count) == LedMap.load(model).count
        assert float(needed) == pytest.approx(1.25 * (int(budget) + int(count)) / 1000, abs=0.005)
        assert float(needed) <= int(supply)


def test_the_readme_settings_match_the_shipped_maps_and_the_install_has_lgpio() -> None:
    assert re.search(r"count = (\d+) ", README).group(1) == str(LedMap.load("tock4").count)  # type: ignore[union-attr]
    assert "python3-lgpio" in README.split("sudo apt install -y", 1)[1].splitlines()[0]
    assert "pin = 18" not in README and "pin = 10" in README
