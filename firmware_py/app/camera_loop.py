"""The camera loop: frames -> board readings -> stable readings -> the table.

One thread owns the camera. Each frame is read by vision's ``BoardReader`` and pushed through its
``Stabiliser``; only a stable reading reaches the table. Nothing here may stop the loop: a bad frame is a
reading status (reported, then the next frame), and a camera that disappears is reported, closed and
re-opened every ``reopen_seconds`` until it comes back.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from firmware_py.table.ports import Camera

if TYPE_CHECKING:
    from firmware_py.table.ports import Frame
    from vision.reader import BoardReader, BoardReading
    from vision.stabiliser import Stabiliser

T = TypeVar("T")


class ReadingSink(Protocol):
    """What the loop tells (the table)."""

    def on_frame(self, frame: Frame, reading: BoardReading) -> None: ...

    def on_reading(self, reading: BoardReading) -> None: ...

    def on_camera_status(self, status: str, message: str) -> None: ...


class CameraLoop:
    """Reads the board ``fps`` times a second on its own thread (or one frame per :meth:`step` in tests).

    Args:
        open_camera: opens the camera (raises when it cannot: the loop reports it and tries again).
        reader: vision's ``BoardReader`` (calibrated, or calibrated later through :attr:`reader`).
        stabiliser: vision's ``Stabiliser``.
        sink: the table.
        fps: frames per second.
        reopen_seconds: wait between attempts to open a camera that is missing.
        clock: monotonic seconds (replaced in tests).
    """

    def __init__(
        self,
        open_camera: Callable[[], Camera],
        reader: BoardReader,
        stabiliser: Stabiliser,
        sink: ReadingSink,
        *,
        fps: float = 10.0,
        reopen_seconds: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._open_camera = open_camera
        self.reader = reader
        self.stabiliser = stabiliser
        self._sink = sink
        self._period = 1.0 / fps
        self._reopen_seconds = reopen_seconds
        self._clock = clock
        self._camera: Camera | None = None
        self._next_open = 0.0
        self._camera_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.frames = 0
        """Frames read so far (for the page and the benchmarks)."""

    @property
    def camera(self) -> Camera | None:
        """The open camera, or None while it is missing."""
        return self._camera

    def use_camera(self, action: Callable[[Camera], T]) -> T | None:
        """Run ``action(camera)`` between two frames (e.g. move a marble on the synthetic camera).

        Returns None when no camera is open.
        """
        with self._camera_lock:
            if self._camera is None:
                return None
            return action(self._camera)

    def replace(self, open_camera: Callable[[], Camera], reader: BoardReader) -> None:
        """Read another board (a new game on another board model): close the camera, take the new parts."""
        with self._camera_lock:
            if self._camera is not None:
                self._camera.close()
                self._camera = None
            self._open_camera = open_camera
            self.reader = reader
            self.stabiliser.reset()
            self._next_open = 0.0

    def _ensure_open(self, reports: list[tuple[str, str]]) -> Camera | None:
        if self._camera is not None:
            return self._camera
        now = self._clock()
        if now < self._next_open:
            return None
        try:
            self._camera = self._open_camera()
        except Exception as error:  # missing library, unplugged, busy: reported, retried
            self._next_open = now + self._reopen_seconds
            reports.append(("lost", f"{error}; trying again in {self._reopen_seconds:g} s"))
            return None
        reports.append(("ok", "camera open"))
        return self._camera

    def _lose(self, error: Exception, reports: list[tuple[str, str]]) -> None:
        camera, self._camera = self._camera, None
        self._next_open = self._clock() + self._reopen_seconds
        if camera is not None:
            try:
                camera.close()
            except Exception:  # a camera that vanished may fail to close; it is gone either way
                pass
        reports.append(("lost", f"camera lost ({error}); re-opening"))

    def step(self) -> bool:
        """Read one frame; True when a frame was read (whatever it showed).

        The table is told what happened only once the camera is released, so that the table (which
        moves marbles on the simulated camera under its own lock) and this loop never wait on each other.
        """
        reports: list[tuple[str, str]] = []
        frame: Frame | None = None
        with self._camera_lock:
            camera = self._ensure_open(reports)
            if camera is not None:
                try:
                    frame = camera.capture()
                except Exception as error:  # the camera disappeared mid-game
                    self._lose(error, reports)
        for status, message in reports:
            self._sink.on_camera_status(status, message)
        if frame is None:
            return False
        self.frames += 1
        try:
            reading = self.reader.read(frame)
        except Exception as error:  # vision promises a status, never an exception; be safe anyway
            self._sink.on_camera_status("bad_frame", f"frame not readable ({error})")
            return True
        self._sink.on_frame(frame, reading)
        stable = self.stabiliser.push(reading)
        if stable is not None:
            # every hole's look on this still board, for the table to hold the next one against
            self._sink.on_reading(self.reader.with_looks(stable, frame))
        return True

    def _run(self) -> None:
        while not self._stop.is_set():
            started = self._clock()
            try:
                self.step()
            except Exception as error:  # a bug in the table must not kill the camera thread
                self._sink.on_camera_status("error", f"reading failed: {error}")
            self._stop.wait(max(0.0, self._period - (self._clock() - started)))

    def start(self) -> None:
        """Run the loop on its own thread."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tock-camera", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop the thread and close the camera (idempotent)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        with self._camera_lock:
            if self._camera is not None:
                self._camera.close()
                self._camera = None
