"""Which holes hold a marble, as the camera sees them: for recording an LED map by camera.

``hardware.mapping.record_with_camera`` lights one LED after another and asks, each time, which holes
now hold a marble; :func:`places_reader` gives it that question, answered by a camera, vision's reader
and its stabiliser (each call waits for the next stable reading). :func:`places_reader_for` builds one
from the companion's settings (the camera of ``[camera] source``, the calibration ``tock serve`` saved).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from firmware_py.config import Config

if TYPE_CHECKING:
    from firmware_py.table.ports import Camera
    from vision.reader import BoardReader
    from vision.stabiliser import Stabiliser

PlacesReader = Callable[[], frozenset[str]]


class NoStableReading(RuntimeError):
    """The camera gave no stable reading of the board in the frames allowed (covered, moved, dark)."""


def places_reader(
    camera: Camera, reader: BoardReader, stabiliser: Stabiliser, *, max_frames: int = 300
) -> PlacesReader:
    """A function returning the holes that hold a marble at the next stable reading.

    Args:
        camera: an open camera (``capture()``).
        reader: vision's calibrated ``BoardReader``.
        stabiliser: vision's ``Stabiliser``.
        max_frames: frames to try before giving up.

    Raises (when called):
        NoStableReading: no stable reading within ``max_frames`` frames (the last status is named).
    """

    def read_places() -> frozenset[str]:
        status = "no frame"
        for _ in range(max_frames):
            reading = reader.read(camera.capture())
            status = f"{reading.status} {reading.message}".strip()
            stable = stabiliser.push(reading)
            if stable is not None:
                return frozenset(stable.layout)
        raise NoStableReading(f"no stable reading of the board in {max_frames} frames (last: {status})")

    return read_places


def places_reader_for(config: Config) -> tuple[PlacesReader, Callable[[], None]]:
    """The places reader of ``config``'s camera, and the function that closes that camera.

    Raises:
        ValueError: no camera (``none``) or the simulated one, or no saved calibration for the model
            (run ``tock serve`` and calibrate on its calibration page first).
        hardware.errors.CameraUnavailable: the camera cannot be opened.
    """
    from hardware.cameras import open_camera
    from vision.calibration import Calibration
    from vision.geometry import BoardGeometry
    from vision.reader import BoardReader
    from vision.stabiliser import Stabiliser

    source, model = config.camera.source, config.game.model
    if source in ("none", "sim"):
        raise ValueError(f"[camera] source is {source!r}: a real camera is needed to record the LED map")
    saved = config.db.parent / f"calibration-{model}.json"
    if not saved.exists():
        raise ValueError(f"no calibration at {saved}: run `tock serve` and calibrate the camera first")
    reader = BoardReader(
        BoardGeometry.from_model(model), Calibration.from_json(saved.read_text(encoding="utf-8"))
    )
    camera = open_camera(source)
    return places_reader(camera, reader, Stabiliser(still_frames=config.camera.still_frames)), camera.close
