"""Setting the camera up: the calibration wizard's steps and the camera's picture for the page.

A part of :class:`firmware_py.table.core.Table` over its shared state, beside
:class:`~firmware_py.table.board_watch.BoardWatch` (which judges the boards the camera sees): it finds
the empty board, learns the seats' colours, tests a reading against the game, and draws the reading
over the latest picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware_py import refusals
from firmware_py.table.answers import Calibrated
from firmware_py.table.ports import Camera, SimulatedBoard
from firmware_py.table.state import TableState
from firmware_py.table.turn import Words

if TYPE_CHECKING:
    from firmware_py.table.ports import Frame, Reading

CALIBRATION_STEPS = ("markers", "colours", "test")
"""The calibration wizard's steps: the empty board found, the colours learnt, a test reading."""
PROBLEM_FR = {
    "frame": "l'image n'est pas lisible",
    "dark": "l'image est trop sombre, allumez une lampe",
    "bright": "l'image est surexposée",
    "markers": "des marqueurs ne sont pas vus, découvrez-les",
    "moved": "le plateau a bougé entre les deux photos",
    "outside": "une partie du plateau sort de l'image",
    "glare": "un reflet de lampe couvre des trous, déplacez la lampe",
    "covered": "quelque chose couvre des trous (une main, une manche ?)",
    "marbles": "les billes ne sont pas où le jeu les place",
}
"""What each kind of calibration problem means, in French (the English comes from vision)."""
CALIBRATED: Words = {"fr": "Caméra calibrée.", "en": "Camera calibrated."}


def _empty_picture(camera: Camera) -> Frame | None:
    """A picture of the simulated board without its marbles (the wizard's first step); None from a
    real camera."""
    if not isinstance(camera, SimulatedBoard):
        return None
    board = dict(camera.layout)
    camera.set_layout({})
    try:
        return camera.capture()
    finally:
        camera.set_layout(board)


class CameraSetup:
    """The camera's calibration and picture: a part of :class:`firmware_py.table.core.Table` reading its
    ``state`` (the latest frame and reading, the camera loop, where the calibration is saved)."""

    def __init__(self, state: TableState) -> None:
        self._s = state

    def camera_jpeg(self, *, overlay: bool) -> bytes | None:
        """The latest camera frame as JPEG (with the reading drawn over it), None without a camera."""
        frame, reading = self._s.last_frame, self._s.last_reading
        if frame is None:
            return None
        import cv2

        if overlay and self._s.loop is not None:
            from vision.overlay import draw, draw_found

            reader = self._s.loop.reader
            if reading is not None and reader.calibration is not None and self._s.empty_frame is None:
                frame = draw(frame, reading, reader.calibration)
            else:  # not calibrated yet, or between the wizard's steps: the holes where the markers say
                frame = draw_found(frame, reader.geometry)
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        return bytes(data) if ok else None

    def calibrate(self, what: str) -> Calibrated:
        """One step of the camera's calibration, on the latest frame.

        * ``"markers"``: the board without marbles: find it by its markers and keep the picture (what
          every empty hole looks like, painted or not). On the simulated camera the board is shown empty
          for that picture.
        * ``"colours"``: the marbles where the game has them (their reserves at the start): learn each
          seat's colour, and save the calibration.
        * ``"test"``: read the board as the camera sees it now, to compare with the real one.

        Raises:
            BadInput: unknown ``what``, WrongMoment: no camera, or the step failed: its ``details`` say what
                is wrong (``problem``: markers, dark, glare, covered, marbles...; ``places``: the holes).

        The table tells everyone :data:`CALIBRATED` once the colours are learnt.
        """
        from vision.calibration import CalibrationError, find_board  # numpy and OpenCV: only with a camera

        if what not in CALIBRATION_STEPS:
            raise refusals.calibration_step()
        with self._s.lock:
            if self._s.loop is None or self._s.last_frame is None:
                raise refusals.no_camera_picture()
            frame, layout, sim = (
                self._s.last_frame,
                dict(self._s.position.layout),
                self._s.camera_mode == "sim",
            )
        reader = self._s.loop.reader
        if what == "test":
            return self._test_reading(reader.read(frame), layout)
        try:
            if what == "markers":
                if sim:  # the simulated board is shown without its marbles for this picture
                    picture = self._s.loop.use_camera(_empty_picture)
                    frame = frame if picture is None else picture
                _, seen = find_board(frame, reader.geometry)
                with self._s.lock:
                    self._s.empty_frame = frame
                missing = [m for m in reader.geometry.marker_ids if m not in seen]
                return {
                    "ok": True,
                    "what": what,
                    "markers_seen": list(seen),
                    "markers_missing": missing,
                    "fr": f"Plateau trouvé ({len(seen)} marqueurs sur {len(reader.geometry.marker_ids)}).",
                    "en": f"Board found ({len(seen)} markers of {len(reader.geometry.marker_ids)}).",
                }
            with self._s.lock:
                empty = self._s.empty_frame
            calibration = reader.calibrate(frame, layout, empty=empty)
        except CalibrationError as error:
            raise refusals.calibration_failed(
                PROBLEM_FR[error.problem]
                + (f" (trous {', '.join(error.places[:8])})" if error.places else ""),
                error,
                {"problem": error.problem, "places": list(error.places), "step": what},
            ) from None
        text = calibration.to_json()
        if self._s.calibration_path is not None:
            self._s.calibration_path.parent.mkdir(parents=True, exist_ok=True)
            self._s.calibration_path.write_text(text, encoding="utf-8")
        with self._s.lock:
            self._s.empty_frame = None
        warnings = calibration.warnings()
        return {
            "ok": True,
            "what": what,
            "painted": empty is not None,
            "warnings": warnings,
            "fr": " ".join(["Couleurs apprises : la caméra est calibrée.", *(w["fr"] for w in warnings)]),
            "en": " ".join(["Colours learnt: the camera is calibrated.", *(w["en"] for w in warnings)]),
        }

    @staticmethod
    def _test_reading(reading: Reading, layout: dict[str, str]) -> Calibrated:
        """What the reader makes of the board now, against where the game has the marbles."""
        status = reading.status
        read = dict(reading.layout)
        uncertain = sorted(reading.uncertain)
        differ = sorted(
            p for p in set(read) | set(layout) if p not in uncertain and read.get(p) != layout.get(p)
        )
        if status != "ok":
            fr, en = f"Lecture impossible : {reading.message}", f"Cannot read the board: {reading.message}"
        elif differ or uncertain:
            differs, unsure = ", ".join(differ) or "—", ", ".join(uncertain) or "—"
            fr = f"Lu, mais différent du jeu en {differs} ; incertain : {unsure}."
            en = f"Read, but differs from the game at {differs}; uncertain: {unsure}."
        else:
            fr, en = (
                "Le plateau est lu exactement comme dans le jeu.",
                "The board reads exactly as in the game.",
            )
        return {
            "ok": True,
            "what": "test",
            "status": status,
            "layout": read,
            "uncertain": uncertain,
            "differ": differ,
            "fr": fr,
            "en": en,
        }
