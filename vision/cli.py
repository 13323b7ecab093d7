"""``tock vision ...`` (render, calibrate, read, bench) and ``tock board ...`` (print, fit, design).

Every error a person can cause (a missing file, a bad position, a frame without the board) ends as a
one-line ``click`` error, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
import cv2
import numpy as np

from firmware_py.engine import NotationError, Position, TockError
from firmware_py.engine.rules import find_preset
from vision.board_design import design_board
from vision.calibration import Calibration, CalibrationError
from vision.geometry import BoardGeometry, GeometryError, geometry_text
from vision.printing import PAPERS, drilling_drawing, pages_html, tiles
from vision.reader import BoardReader
from vision.synthetic import SyntheticCamera, random_layout, starting_layout

F = TypeVar("F", bound=Callable[..., Any])

model_option = click.option(
    "--model", default="tock4", show_default=True, help="Board model in hardware/boards."
)
geometry_option = click.option(
    "--geometry",
    "geometry_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A geometry file (from 'tock board fit') instead of the model's.",
)


def output_option(help_text: str) -> Callable[[F], F]:
    """The required ``-o/--output`` file of a command that writes one file."""
    return click.option(
        "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help=help_text
    )


def _geometry(model: str, path: Path | None) -> BoardGeometry:
    try:
        return BoardGeometry.load(path) if path is not None else BoardGeometry.from_model(model)
    except GeometryError as error:
        raise click.ClickException(str(error)) from None


def parse_position(text: str, geometry: BoardGeometry) -> dict[str, str]:
    """A layout from the command line: a number (0 = the start, N = random mid-game layout number N),
    a JSON object (place id -> seat letter) or position notation (``'r1 A:A18*,B3 B: C: D: A'``).

    Raises:
        click.BadParameter: none of these, or places not on this board.
    """
    text = text.strip()
    layout: dict[str, str]
    if text.isdigit():
        number = int(text)
        layout = (
            starting_layout(geometry)
            if number == 0
            else random_layout(geometry, np.random.default_rng(number))
        )
    elif text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise click.BadParameter(f"not valid JSON: {error}", param_hint="--position") from None
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise click.BadParameter("a JSON layout maps place ids to seat letters", param_hint="--position")
        layout = data
    else:
        try:
            layout = Position.from_notation(text).layout
        except (NotationError, TockError) as error:
            raise click.BadParameter(str(error), param_hint="--position") from None
    unknown = sorted(set(layout) - set(geometry.place_ids))
    if unknown:
        raise click.BadParameter(
            f"not places of board {geometry.model}: {', '.join(unknown)}", param_hint="--position"
        )
    return layout


def _read_image(path: Path) -> np.ndarray:
    frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if frame is None:
        raise click.ClickException(f"{path} is not an image OpenCV can read")
    return frame


def _write_image(path: Path, image: np.ndarray) -> None:
    if not cv2.imwrite(str(path), image):
        raise click.ClickException(f"cannot write {path} (unknown extension or folder missing)")


@click.group("vision")
def vision() -> None:
    """Camera: render synthetic frames, calibrate, read a board, benchmark the reader."""


@vision.command()
@model_option
@click.option(
    "--position", default="0", show_default=True, help="0 = start, N = random layout N, JSON, or notation."
)
@click.option("--seed", default=0, show_default=True, help="Seed of the camera (its pose, lighting, noise).")
@output_option("Image file to write.")
@click.option("--size", default="1280x960", show_default=True, help="Frame size WIDTHxHEIGHT.")
@click.option("--tilt", default=0.0, help="Degrees off vertical, 0..35.")
@click.option("--rotation", default=0.0, help="Degrees the board is turned.")
@click.option("--blur", default=0.0, help="Lens blur, Gaussian sigma in pixels.")
@click.option("--noise", default=0.0, help="Sensor noise, standard deviation in levels.")
@click.option("--white-balance", default=0.0, help="Relative white-balance error, e.g. 0.1.")
@click.option("--exposure", default=0.0, help="Relative exposure error, e.g. 0.2.")
@click.option("--glare", default=0, help="Number of glare spots.")
@click.option("--shadow/--no-shadow", default=False, help="A soft shadow over part of the board.")
@click.option("--hand/--no-hand", default=False, help="An arm over the board.")
@click.option("--distortion", default=0.0, help="Radial lens distortion k1, e.g. -0.1 (barrel).")
@click.option("--jpeg", default=0, help="JPEG quality each frame goes through (0: none).")
@click.option("--painted/--plain", default=False, help="Seat areas painted in the seats' colours.")
@click.option("--lamp/--no-lamp", default=False, help="A lamp beside the board (reflections, shadows).")
@click.option("--warmth", default=0.0, help="Light colour, -1 (cool) .. 1 (warm).")
@click.option("--board-share", default=0.85, help="Board side as a share of the frame height, 0.2..0.9.")
def render(
    model: str,
    position: str,
    seed: int,
    output: Path,
    size: str,
    tilt: float,
    rotation: float,
    blur: float,
    noise: float,
    white_balance: float,
    exposure: float,
    glare: int,
    shadow: bool,
    hand: bool,
    distortion: float,
    jpeg: int,
    painted: bool,
    lamp: bool,
    warmth: float,
    board_share: float,
) -> None:
    """Render a frame of the synthetic camera."""
    geometry = _geometry(model, None)
    try:
        width, height = (int(v) for v in size.lower().split("x"))
        camera = SyntheticCamera(
            geometry,
            seed=seed,
            size=(width, height),
            tilt=tilt,
            rotation=rotation,
            blur=blur,
            noise=noise,
            white_balance=white_balance,
            exposure=exposure,
            glare=glare,
            shadow=shadow,
            hand=hand,
            distortion=distortion,
            jpeg=jpeg,
            painted=painted,
            lamp=lamp,
            warmth=warmth,
            board_share=board_share,
        )
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    camera.set_layout(parse_position(position, geometry))
    with camera:
        _write_image(output, camera.capture())
    click.echo(f"wrote {output}")


@vision.command("calibrate")
@click.argument("frame_path", metavar="FRAME", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@model_option
@geometry_option
@click.option("--position", default="0", show_default=True, help="What is on the board (default: the start).")
@click.option(
    "--corners", help="Board corners clicked in the frame, 'x,y x,y x,y x,y' (TL TR BR BL), without markers."
)
@click.option(
    "--empty",
    "empty_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A frame of the same board without marbles (needed for painted boards).",
)
@output_option("Calibration file.")
def calibrate_command(
    frame_path: Path,
    model: str,
    geometry_path: Path | None,
    position: str,
    corners: str | None,
    empty_path: Path | None,
    output: Path,
) -> None:
    """Calibrate from a frame of the board with marbles in known places (and one of it empty)."""
    geometry = _geometry(model, geometry_path)
    frame = _read_image(frame_path)
    empty = None if empty_path is None else _read_image(empty_path)
    layout = parse_position(position, geometry)
    reader = BoardReader(geometry)
    try:
        if corners:
            points = np.array([[float(v) for v in pair.split(",")] for pair in corners.split()])
            calibration = reader.calibrate_corners(frame, points, layout)
        else:
            calibration = reader.calibrate(frame, layout, empty=empty)
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    output.write_text(calibration.to_json(), encoding="utf-8")
    click.echo(f"wrote {output} (seats {', '.join(calibration.classes.seats)}, {calibration.method})")
    for warning in calibration.warnings():
        click.echo(f"warning: {warning['en']}")


@vision.command("read")
@click.argument("frame_path", metavar="FRAME", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@model_option
@geometry_option
@click.option(
    "--calibration",
    "calibration_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Saved calibration.",
)
@click.option(
    "--start-frame",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Calibrate on this frame of the starting layout instead.",
)
@click.option(
    "--rules",
    default="r2",
    show_default=True,
    help="Rule preset written in the notation (one with the centre hole).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the reading as JSON.")
@click.option(
    "--overlay",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the frame with the reading drawn on it.",
)
def read_command(
    frame_path: Path,
    model: str,
    geometry_path: Path | None,
    calibration_path: Path | None,
    start_frame: Path | None,
    rules: str,
    as_json: bool,
    overlay: Path | None,
) -> None:
    """Read the marbles of a frame; prints position notation (the seat to play is not seen: the first
    seat is written) and names the uncertain places. Exit status 2 when the board could not be read."""
    geometry = _geometry(model, geometry_path)
    reader = BoardReader(geometry)
    try:
        if calibration_path is not None:
            reader.use(Calibration.from_json(calibration_path.read_text(encoding="utf-8")))
        elif start_frame is not None:
            reader.calibrate(_read_image(start_frame), starting_layout(geometry))
        else:
            raise click.UsageError(
                "give --calibration FILE (from 'tock vision calibrate') or --start-frame FRAME"
            )
    except CalibrationError as error:
        raise click.ClickException(str(error)) from None
    reading = reader.read(_read_image(frame_path))
    if overlay is not None:
        from vision.overlay import draw

        assert reader.calibration is not None
        _write_image(overlay, draw(_read_image(frame_path), reading, reader.calibration, geometry))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "status": reading.status,
                    "message": reading.message,
                    "layout": reading.layout,
                    "uncertain": list(reading.uncertain),
                    "confidence": reading.confidence,
                },
                indent=2,
            )
        )
    elif reading.status == "ok":
        assert reader.calibration is not None
        click.echo(_notation(reading.layout, reader.calibration.classes.seats, rules))
        if reading.uncertain:
            click.echo(f"uncertain: {', '.join(reading.uncertain)}")
    if reading.status != "ok":
        click.echo(f"{reading.status}: {reading.message}", err=True)
        raise SystemExit(2)


def _notation(layout: dict[str, str], seats: tuple[str, ...], rules: str) -> str:
    try:
        position = Position.from_layout(find_preset(rules), seats, layout, turn=seats[0])
    except (TockError, ValueError) as error:
        raise click.ClickException(f"the reading is not a position of the engine: {error}") from None
    return position.to_notation()


@vision.command("photoreal")
@model_option
@click.option(
    "--split",
    type=click.Choice(["held-out", "final", "tuning"]),
    default="held-out",
    show_default=True,
    help="Seeds to render: held-out or final (only measured), or tuning (may be tuned on).",
)
@click.option("--per-pair", default=1, show_default=True, help="Set-ups of each material and light.")
@click.option("--material", "materials", multiple=True, help="Only these marble materials (repeatable).")
@click.option("--light", "lights", multiple=True, help="Only these lights (repeatable).")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder of the set (default: the cache, see 'tock vision photoreal --help').",
)
@click.option(
    "--committed", is_flag=True, help="Render the small committed test set (tests/vision/data/photoreal)."
)
@click.option(
    "--later-light",
    help="Play the game in this light after calibration (a lamp switched on or off); such set-ups go"
    " to the cache's 'relit' folder, out of the measured set.",
)
@click.option(
    "--other-colours",
    is_flag=True,
    help="Marbles of other colours than the set the reader was tuned on (each seat's hue turned, paler or"
    " deeper); such set-ups go to the cache's 'recoloured' folder, out of the measured set.",
)
@click.option(
    "--other-wood",
    is_flag=True,
    help="A board of another wood than the maple the reader was tuned on (dark walnut, pale birch, red"
    " cherry); such set-ups go to the cache's 'other-wood' folder, out of the measured set.",
)
@click.option(
    "--frame",
    "frame_size",
    callback=lambda _ctx, _param, value: _frame_size(value),
    help="Frames of this size, WIDTHxHEIGHT (a webcam's 1280x720 or 640x480), not the 1280x960 the reader"
    " was tuned on; such set-ups go to the cache's folder named after the size, out of the measured set.",
)
def photoreal_command(
    model: str,
    split: str,
    per_pair: int,
    materials: tuple[str, ...],
    lights: tuple[str, ...],
    out: Path | None,
    committed: bool,
    later_light: str | None,
    other_colours: bool,
    other_wood: bool,
    frame_size: tuple[int, int] | None,
) -> None:
    """Ray-trace set-ups with POV-Ray: glass, cat's-eye, milky, wooden marbles and pegs under real lamps.

    Set-ups already rendered in the folder are kept. The default folder is the cache:
    $TOCK_PHOTOREAL_CACHE, else $XDG_CACHE_HOME/tock/photoreal or ~/.cache/tock/photoreal, in a
    sub-folder named after the renderer's code. Each set-up costs a few CPU minutes (POV-Ray on one
    thread at low priority). Set-ups of another board than tock4 (a game of its seats) go to the
    cache's folder named after the board, out of the measured set.
    """
    from vision.photoreal import dataset
    from vision.photoreal.povray import RenderError
    from vision.photoreal.setups import DEFAULT_MODEL, FRAME_SIZE, LIGHTS, MATERIALS, TUNING_SEEDS

    geometry = _geometry(model, None)
    unknown = [m for m in materials if m not in MATERIALS] + [
        v for v in (*lights, *([later_light] if later_light else [])) if v not in LIGHTS
    ]
    if unknown:
        raise click.BadParameter(
            f"unknown {', '.join(unknown)} (materials: {', '.join(MATERIALS)}; lights: {', '.join(LIGHTS)})"
        )
    if per_pair < 1:
        raise click.BadParameter("at least 1", param_hint="--per-pair")
    if committed and out is None and model != DEFAULT_MODEL:
        raise click.BadParameter(
            f"the committed test set is of the {DEFAULT_MODEL} board (give --out for another)",
            param_hint="--model",
        )
    size = frame_size or FRAME_SIZE
    if committed and out is None and size != FRAME_SIZE:
        raise click.BadParameter(
            f"the committed test set is of {FRAME_SIZE[0]}x{FRAME_SIZE[1]} frames (give --out for another)",
            param_hint="--frame",
        )
    try:
        if committed:
            root = out or dataset.COMMITTED_ROOT
            wanted = [(m, v, TUNING_SEEDS[0]) for m, v in dataset.COMMITTED_SETUPS]
            rendered = dataset.render_set(
                geometry, root, wanted, steps=dataset.COMMITTED_STEPS, captures=1, size=size, log=click.echo
            )
        else:
            parts = (
                (model, model != DEFAULT_MODEL),
                (f"{size[0]}x{size[1]}", size != FRAME_SIZE),
                ("relit", later_light),
                ("other-wood", other_wood),
                ("recoloured", other_colours),
            )
            aside = "-".join(name for name, on in parts if on)
            root = out or (dataset.cache_root() / aside if aside else dataset.cache_root())
            wanted = dataset.split_setups(split, per_pair, materials or MATERIALS, lights or LIGHTS)
            wanted = [(m, v, seed) for m, v, seed in wanted if v != later_light]
            if not wanted:
                raise click.BadParameter(
                    "the light after calibration must differ from calibration's", param_hint="--later-light"
                )
            rendered = dataset.render_set(
                geometry,
                root,
                wanted,
                later_light=later_light,
                recolour=other_colours,
                restain=other_wood,
                size=size,
                log=click.echo,
            )
    except RenderError as error:
        raise click.ClickException(str(error)) from None
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--later-light") from None
    click.echo(f"{len(rendered)} set-ups in {root}")


def _frame_size(value: str | None) -> tuple[int, int] | None:
    """``WIDTHxHEIGHT`` as a size, or ``None``.

    Raises:
        click.BadParameter: not two whole numbers of pixels, or out of the renderer's range.
    """
    from vision.photoreal.setups import frame_size_problem

    if value is None:
        return None
    width, _, height = value.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise click.BadParameter(f"{value!r} is not WIDTHxHEIGHT in pixels (such as 1280x720)")
    size = int(width), int(height)
    problem = frame_size_problem(size)
    if problem:
        raise click.BadParameter(problem)
    return size


@vision.command("bench")
@model_option
@click.option("--boards", default=360, show_default=True, help="Boards to render and read.")
@click.option("--sequences", default=20, show_default=True, help="Moves made by hand to play.")
@click.option("--seed", default=0, show_default=True)
@click.option(
    "--photoreal/--no-photoreal",
    default=False,
    help="Also the target table of the final photoreal set in the cache (tock4 only).",
)
def bench_command(model: str, boards: int, sequences: int, seed: int, photoreal: bool) -> None:
    """Accuracy and speed over rendered set-ups (painted boards, lamps, sizes, tilts, hands)."""
    from vision.bench import run_boards, run_hands
    from vision.photoreal_bench import photoreal_report

    _geometry(model, None)
    size = (1280, 960)
    click.echo(run_boards(boards, model=model, seed=seed, size=size).report(size))
    if sequences:
        click.echo(run_hands(sequences, model=model, seed=seed + 1, size=size).report())
    if photoreal:
        click.echo(photoreal_report(BoardGeometry.from_model("tock4"))[0])


@click.group("board")
def board() -> None:
    """The physical board: print it at true size, fit its geometry to a photo, design a model."""


@board.command("print")
@model_option
@geometry_option
@output_option("File to write: .svg (one sheet at true size) or, with --paper, .html (pages to print).")
@click.option("--markers-only", is_flag=True, help="Only the markers, to glue on a wooden board.")
@click.option(
    "--drill", is_flag=True, help="The LED layer's drilling template: LED index, chain order, data line in."
)
@click.option(
    "--paper",
    type=click.Choice(sorted(PAPERS)),
    help="Tile over A4 or Letter pages with alignment crosses (writes an .html to print at 100 %).",
)
def print_command(
    model: str, geometry_path: Path | None, output: Path, markers_only: bool, drill: bool, paper: str | None
) -> None:
    """Print the board, its markers or its drilling template at true size (print at 100 %)."""
    from hardware.errors import LedMapError
    from hardware.ledmap import LedMap
    from vision.svg import board_drawing, markers_drawing

    if markers_only and drill:
        raise click.UsageError("--markers-only and --drill each make a sheet of their own: choose one")
    wanted = ".html" if paper else ".svg"
    if output.suffix.lower() != wanted:
        raise click.UsageError(f"--output must be a {wanted} file {'with' if paper else 'without'} --paper")
    geometry = _geometry(model, geometry_path)
    if drill:
        try:
            drawing = drilling_drawing(geometry, LedMap.load(geometry.model).chain)
        except (LedMapError, ValueError) as error:
            raise click.ClickException(str(error)) from None
    else:
        drawing = markers_drawing(geometry) if markers_only else board_drawing(geometry)
    if paper is None:
        output.write_text(drawing.svg(), encoding="utf-8")
        click.echo(f"wrote {output} ({drawing.width:g} x {drawing.height:g} mm, one sheet)")
        return
    output.write_text(pages_html(drawing, paper), encoding="utf-8")
    count = len(tiles(drawing.width, drawing.height, paper))
    click.echo(
        f"wrote {output}: {count} {paper} pages for {drawing.width:g} x {drawing.height:g} mm; open it in a "
        "browser and print at 100 % (actual size), no margins; check the 100 mm bar with a ruler"
    )


@board.command("fit")
@click.argument("photo_path", metavar="PHOTO", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@model_option
@output_option("Geometry file to write.")
def fit_command(photo_path: Path, model: str, output: Path) -> None:
    """Measure the holes of an empty board in a photo from above and write the fitted geometry."""
    from vision.fit import fit_geometry
    from vision.markers import BoardNotFound

    geometry = _geometry(model, None)
    try:
        result = fit_geometry(_read_image(photo_path), geometry)
    except BoardNotFound as error:
        raise click.ClickException(f"cannot locate the board: {error}") from None
    output.write_text(geometry_text(result.geometry.to_data()), encoding="utf-8")
    click.echo(
        f"wrote {output}: {result.matched} of {len(geometry.place_ids)} holes found, moved by "
        f"{result.mean_shift_mm:.1f} mm on average (at most {result.max_shift_mm:.1f} mm)"
    )
    if result.missing:
        click.echo(f"not found, kept as modelled: {', '.join(result.missing)}")


@board.command("design")
@click.option("--sections", type=click.Choice(["4", "6"]), default="4", show_default=True)
@output_option("Geometry file to write.")
def design_command(sections: str, output: Path) -> None:
    """Write the reference geometry of a 4- or 6-section board (what hardware/boards holds)."""
    output.write_text(geometry_text(design_board(int(sections))), encoding="utf-8")
    click.echo(f"wrote {output}")
