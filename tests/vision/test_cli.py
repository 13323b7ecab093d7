"""``tock vision`` and ``tock board`` end to end, through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from firmware_py.cli import main
from firmware_py.engine import Position
from vision.board_design import design_board
from vision.geometry import BoardGeometry, geometry_text
from vision.synthetic import random_layout


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("frames")
    runner = CliRunner()
    for position, name in (("0", "start.png"), ("7", "mid.png")):
        result = runner.invoke(
            main,
            [
                "vision",
                "render",
                "--position",
                position,
                "--seed",
                "4",
                "--tilt",
                "20",
                "--rotation",
                "30",
                "--noise",
                "3",
                "-o",
                str(folder / name),
            ],
        )
        assert result.exit_code == 0, result.output
    result = runner.invoke(
        main, ["vision", "calibrate", str(folder / "start.png"), "-o", str(folder / "cal.json")]
    )
    assert result.exit_code == 0, result.output
    return folder


def test_read_prints_the_engines_notation(frames: Path) -> None:
    result = CliRunner().invoke(
        main, ["vision", "read", str(frames / "mid.png"), "--calibration", str(frames / "cal.json")]
    )
    assert result.exit_code == 0, result.output
    read = Position.from_notation(result.output.strip()).layout
    expected = random_layout(BoardGeometry.from_model("tock4"), np.random.default_rng(7))

    def on_board(layout: dict[str, str]) -> dict[str, str]:  # the notation renumbers reserve marbles
        return {p: s for p, s in layout.items() if "R" not in p[1:]}

    assert on_board(read) == on_board(expected)
    assert sorted(read.values()) == sorted(expected.values())


def test_read_json_and_overlay(frames: Path) -> None:
    overlay = frames / "overlay.png"
    result = CliRunner().invoke(
        main,
        [
            "vision",
            "read",
            str(frames / "mid.png"),
            "--start-frame",
            str(frames / "start.png"),
            "--json",
            "--overlay",
            str(overlay),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "ok"
    assert data["layout"] == random_layout(BoardGeometry.from_model("tock4"), np.random.default_rng(7))
    assert overlay.stat().st_size > 10_000


def test_rendering_a_notation_position(frames: Path) -> None:
    out = frames / "notation.png"
    result = CliRunner().invoke(
        main,
        [
            "vision",
            "render",
            "--position",
            "r2 A:A18*,B3 B: C:C5,CIEL D: A",
            "--seed",
            "4",
            "--tilt",
            "20",
            "--rotation",
            "30",
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["vision", "read", str(out), "--calibration", str(frames / "cal.json")])
    assert result.output.strip() == "r2 A:A18,B3 B: C:C5,CIEL D: A"


def test_user_errors_are_one_clear_line(frames: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["vision", "read", str(frames / "mid.png")])
    assert result.exit_code == 2 and "--calibration" in result.output
    result = runner.invoke(main, ["vision", "render", "--position", "A:zz", "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "not a position" in result.output
    result = runner.invoke(main, ["vision", "render", "--model", "tock9", "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 1 and "known models are tock4, tock6" in result.output
    black = tmp_path / "black.png"
    import cv2

    cv2.imwrite(str(black), np.zeros((960, 1280, 3), np.uint8))
    result = runner.invoke(main, ["vision", "read", str(black), "--calibration", str(frames / "cal.json")])
    assert result.exit_code == 2 and "too dark" in result.output
    result = runner.invoke(main, ["vision", "calibrate", str(black), "-o", str(tmp_path / "c.json")])
    assert result.exit_code == 1 and "too dark to find the board" in result.output
    assert "Traceback" not in result.output


def test_board_print_and_design(tmp_path: Path) -> None:
    runner = CliRunner()
    svg = tmp_path / "board.svg"
    assert runner.invoke(main, ["board", "print", "-o", str(svg)]).exit_code == 0
    text = svg.read_text(encoding="utf-8")
    assert 'width="360mm"' in text and text.count("<circle") == 105
    markers = tmp_path / "markers.svg"
    assert (
        runner.invoke(
            main, ["board", "print", "--model", "tock6", "--markers-only", "-o", str(markers)]
        ).exit_code
        == 0
    )
    assert "<circle" not in markers.read_text(encoding="utf-8") and "id 4: 36 mm" in markers.read_text(
        encoding="utf-8"
    )
    design = tmp_path / "tock6.json"
    assert runner.invoke(main, ["board", "design", "--sections", "6", "-o", str(design)]).exit_code == 0
    assert design.read_text(encoding="utf-8") == geometry_text(design_board(6))


def test_board_fit_measures_a_board_that_differs_from_the_model(tmp_path: Path) -> None:
    from vision.synthetic import SyntheticCamera

    model = BoardGeometry.from_model("tock4")
    data = model.to_data()
    data["places"]["A5"] = [data["places"]["A5"][0] + 2.0, data["places"]["A5"][1] - 1.5]
    real = BoardGeometry.from_data(data)
    camera = SyntheticCamera(real, seed=2, tilt=8, rotation=12)
    import cv2

    photo = tmp_path / "empty.png"
    cv2.imwrite(str(photo), camera.capture())
    out = tmp_path / "fitted.json"
    result = CliRunner().invoke(main, ["board", "fit", str(photo), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "105 of 105 holes found" in result.output
    fitted = BoardGeometry.load(out)
    assert np.allclose(fitted.places["A5"], real.places["A5"], atol=0.6)
    assert np.allclose(fitted.centres, real.centres, atol=0.6)


def test_a_painted_board_under_a_lamp_calibrated_with_its_empty_picture(tmp_path: Path) -> None:
    runner = CliRunner()
    common = ["--seed", "9", "--painted", "--lamp", "--warmth", "0.5", "--board-share", "0.5", "--tilt", "8"]
    for position, name in (("{}", "empty.png"), ("0", "start.png"), ("3", "mid.png")):
        result = runner.invoke(
            main, ["vision", "render", *common, "--position", position, "-o", str(tmp_path / name)]
        )
        assert result.exit_code == 0, result.output
    calibrate = ["vision", "calibrate", str(tmp_path / "start.png"), "-o", str(tmp_path / "cal.json")]
    result = runner.invoke(main, [*calibrate, "--empty", str(tmp_path / "empty.png")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        main, ["vision", "read", str(tmp_path / "mid.png"), "--calibration", str(tmp_path / "cal.json")]
    )
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--material", "steel"], "unknown steel (materials: clear, catseye, milky, wood, peg"),
        (["--light", "torch"], "unknown torch"),
        (["--per-pair", "0"], "at least 1"),
        (["--later-light", "torch"], "unknown torch"),
        (["--light", "desk", "--later-light", "desk"], "must differ from calibration's"),
        (["--frame", "720p"], "'720p' is not WIDTHxHEIGHT in pixels"),
        (["--frame", "1280x100"], "1280x100: each side from 320 to 4096 pixels"),
    ],
)
def test_photoreal_says_what_is_wrong_before_rendering(
    arguments: list[str], message: str, tmp_path: Path
) -> None:
    result = CliRunner().invoke(main, ["vision", "photoreal", "--out", str(tmp_path), *arguments])
    assert result.exit_code == 2 and message in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--model", "tock6"], "the committed test set is of the tock4 board"),
        (["--frame", "640x480"], "the committed test set is of 1280x960 frames"),
    ],
)
def test_photoreal_never_renders_another_board_or_size_into_the_committed_test_set(
    arguments: list[str], message: str
) -> None:
    from vision.photoreal import dataset

    before = sorted(p.name for p in dataset.COMMITTED_ROOT.iterdir())
    result = CliRunner().invoke(main, ["vision", "photoreal", "--committed", *arguments])
    assert result.exit_code == 2 and message in result.output
    assert sorted(p.name for p in dataset.COMMITTED_ROOT.iterdir()) == before


@pytest.mark.parametrize(
    ("arguments", "folder", "name"),
    [
        (["--other-colours"], "recoloured", "clear-evening-recoloured-2000"),
        (["--other-wood"], "other-wood", "clear-evening-cherry-2000"),
        (
            ["--other-wood", "--other-colours", "--later-light", "desk"],
            "relit-other-wood-recoloured",
            "clear-evening-to-desk-cherry-recoloured-2000",
        ),
        (
            ["--other-colours", "--later-light", "desk"],
            "relit-recoloured",
            "clear-evening-to-desk-recoloured-2000",
        ),
        ([], "", "clear-evening-2000"),
        (["--model", "tock6"], "tock6", "clear-evening-tock6-2000"),
        (["--model", "tock6", "--other-colours"], "tock6-recoloured", "clear-evening-recoloured-tock6-2000"),
        (["--frame", "1280x720"], "1280x720", "clear-evening-1280x720-2000"),
        (["--frame", "640X480", "--model", "tock6"], "tock6-640x480", "clear-evening-tock6-640x480-2000"),
    ],
)
def test_photoreal_keeps_set_ups_of_other_colours_light_or_board_out_of_the_measured_set(
    arguments: list[str], folder: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vision.photoreal import dataset
    from vision.photoreal.povray import RenderError
    from vision.photoreal.setups import Setup

    rendered: list[tuple[Path, str]] = []

    def render_setup(geometry: BoardGeometry, setup: Setup, into: Path, **_: object) -> None:
        rendered.append((into.parent, setup.name))
        raise RenderError("stopped here: the test only asks where the set-up goes")

    monkeypatch.setenv("TOCK_PHOTOREAL_CACHE", str(tmp_path))
    monkeypatch.setattr(dataset, "render_setup", render_setup)
    chosen = ["--split", "final", "--material", "clear", "--light", "evening"]
    result = CliRunner().invoke(main, ["vision", "photoreal", *chosen, *arguments])
    assert "stopped here" in result.output
    assert rendered == [((dataset.cache_root() / folder) if folder else dataset.cache_root(), name)]
