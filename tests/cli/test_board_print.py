"""``tock board print``: tiles over A4 or Letter with alignment crosses, and the drilling template."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from firmware_py.cli import main
from hardware.ledmap import LedMap
from vision.geometry import BoardGeometry
from vision.printing import CROSS_MM, MARGIN_MM, OVERLAP_MM, PAPERS, alignment_marks, drilling_drawing, tiles
from vision.svg import board_drawing

CASES = [(model, paper) for model in ("tock4", "tock6") for paper in sorted(PAPERS)]


def _print(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["board", "print", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize(("model", "paper"), CASES)
def test_the_tiles_cover_the_board_and_each_fits_its_page_inside_the_margins(model: str, paper: str) -> None:
    geometry = BoardGeometry.from_model(model)
    width, height = geometry.size_mm
    page_width, page_height = PAPERS[paper]
    found = tiles(width, height, paper)
    assert max(t.x + t.width for t in found) >= width and max(t.y + t.height for t in found) >= height
    assert all(
        t.width == page_width - 2 * MARGIN_MM and t.height == page_height - 2 * MARGIN_MM for t in found
    )
    by_place = {(t.row, t.column): t for t in found}
    for tile in found:  # neighbours share a strip OVERLAP_MM wide
        right = by_place.get((tile.row, tile.column + 1))
        if right is not None:
            assert tile.x + tile.width - right.x == pytest.approx(OVERLAP_MM)
    for place, (x, y) in geometry.places.items():  # every hole whole on some page
        assert any(t.holds(x, y, inset=geometry.hole_radius) for t in found), place


def test_a_board_of_36_cm_takes_four_a4_pages_and_one_of_42_cm_six() -> None:
    assert len(tiles(360.0, 360.0, "a4")) == 4
    assert len(tiles(420.0, 420.0, "a4")) == 6
    assert len(tiles(150.0, 200.0, "a4")) == 1


@pytest.mark.parametrize(("model", "paper"), CASES)
def test_every_alignment_cross_is_printed_whole_on_both_neighbours(model: str, paper: str) -> None:
    width, height = BoardGeometry.from_model(model).size_mm
    found = tiles(width, height, paper)
    marks = alignment_marks(found)
    pairs = sum(
        1 for t in found for u in found if (u.row, u.column) in ((t.row, t.column + 1), (t.row + 1, t.column))
    )
    assert len(marks) == 2 * pairs
    for x, y in marks:
        assert sum(t.holds(x, y, inset=CROSS_MM / 2) for t in found) >= 2, (x, y)


def test_print_on_a4_writes_one_page_svg_per_tile_in_one_html(tmp_path: Path) -> None:
    output = tmp_path / "board.html"
    code, said = _print("--paper", "a4", "-o", str(output))
    assert code == 0 and "4 a4 pages for 360 x 360 mm" in said and "100 mm bar" in said
    html = output.read_text(encoding="utf-8")
    assert "@page { size: 210mm 297mm; margin: 0 }" in html
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"') == 4
    clips = re.findall(r'clipPath id="([^"]+)"', html)
    assert len(clips) == len(set(clips)) == 4  # one document: each page clips to its own tile
    assert html.count("page 3 of 4 (row 2, column 1)") == 2  # the title and the printed line


@pytest.mark.browser
def test_a_browser_prints_the_letter_pages_at_true_size(browser: Any, tmp_path: Path) -> None:
    output = tmp_path / "board.html"
    assert _print("--model", "tock6", "--paper", "letter", "-o", str(output))[0] == 0
    page = browser.new_page()
    try:
        page.goto(output.as_uri())
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    finally:
        page.close()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) == len(tiles(420.0, 420.0, "letter")) == 6
    for width, height in boxes:  # 8.5 x 11 inches, in points
        assert float(width) == pytest.approx(612, abs=1) and float(height) == pytest.approx(792, abs=1)


def test_the_drilling_template_shows_each_led_its_hole_the_chain_and_the_data_line(tmp_path: Path) -> None:
    geometry = BoardGeometry.from_model("tock4")
    led_map = LedMap.load("tock4")
    drawing = drilling_drawing(geometry, led_map.chain)
    svg = drawing.svg()
    indices = re.findall(
        r'font-weight="bold" text-anchor="middle" font-family="sans-serif">(\d+)</text>', svg
    )
    assert sorted(map(int, indices)) == list(range(led_map.count))
    assert svg.count('stroke="#1f77b4" stroke-width="0.6"') == led_map.count - 1  # one hop per pair
    assert svg.count("<polygon points=") == led_map.count  # an arrow per hop, and the data line's
    assert "DATA IN (from the 74AHCT125, 330 ohm here)" in svg
    first = led_map.chain[0]
    assert first is not None
    x, y = geometry.places[first]
    assert f'x2="{x:.2f}" y2="{y + 28.0:.2f}" stroke="#d62728"' in svg  # the data line ends on LED 0
    output = tmp_path / "drill.svg"
    code, said = _print("--drill", "-o", str(output))
    assert code == 0 and "360 x 388 mm, one sheet" in said and output.read_text(encoding="utf-8") == svg


def test_a_drilling_template_marks_the_hops_through_a_spare_led() -> None:
    shipped = LedMap.load("tock4")
    with_spare = (*shipped.chain[:3], None, *shipped.chain[3:])
    svg = drilling_drawing(BoardGeometry.from_model("tock4"), with_spare).svg()
    assert svg.count('stroke-dasharray="1.5 1"') == 1 and "106 LEDs, 1 spare" in svg


def test_a_chain_that_misses_a_hole_is_refused() -> None:
    chain = LedMap.load("tock4").chain[:-1]
    with pytest.raises(ValueError, match="does not name each hole of the tock4 board once"):
        drilling_drawing(BoardGeometry.from_model("tock4"), chain)


def test_board_print_refuses_mismatched_options_in_one_line(tmp_path: Path) -> None:
    code, said = _print("--paper", "a4", "-o", str(tmp_path / "board.svg"))
    assert code == 2 and "--output must be a .html file with --paper" in said
    code, said = _print("--drill", "--markers-only", "-o", str(tmp_path / "x.svg"))
    assert code == 2 and "choose one" in said
    assert "Traceback" not in said


def test_the_board_drawing_is_unchanged_as_one_sheet(tmp_path: Path) -> None:
    output = tmp_path / "board.svg"
    assert _print("-o", str(output))[0] == 0
    assert output.read_text(encoding="utf-8") == board_drawing(BoardGeometry.from_model("tock4")).svg()
