"""What the table is handed by the wiring root (:mod:`firmware_py.app`), as the table needs it.

The table never builds a camera, a reader or an LED strip: the wiring root does, and hands them over as
these ports: the camera loop is a :class:`BoardCamera`, the LEDs are :class:`Lights`; a reading is
vision's, named here for the types only (the table never imports vision to read one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

    from hardware.driver import LedDriver, SceneSource
    from vision.reader import BoardReader, BoardReading

    Frame = np.ndarray
    """A camera picture (BGR pixels)."""
    Reading = BoardReading
    """What vision read on one picture of the board: its status, the marbles' places, the unsure ones."""

T = TypeVar("T")


class Camera(Protocol):
    """A camera over the board: vision's synthetic camera or one of ``hardware.cameras``."""

    def capture(self) -> Frame:
        """The next picture."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class SimulatedBoard(Protocol):
    """The synthetic camera, which renders the marbles it is given (the simulated board)."""

    @property
    def layout(self) -> Mapping[str, str]:
        """The marbles it renders."""
        ...

    def set_layout(self, layout: Mapping[str, str]) -> None: ...

    def capture(self) -> Frame: ...


class BoardCamera(Protocol):
    """The camera over the board as the table drives it (``firmware_py.app.camera_loop.CameraLoop``)."""

    @property
    def reader(self) -> BoardReader:
        """Vision's reader of this board model (calibrated, or being calibrated)."""
        ...

    def use_camera(self, action: Callable[[Camera], T]) -> T | None:
        """Run ``action`` on the open camera (None when it is not open)."""
        ...

    def replace(self, open_camera: Callable[[], Camera], reader: BoardReader) -> None:
        """Read another board model from now on."""
        ...

    def start(self) -> None: ...

    def stop(self) -> None: ...


class Lights(Protocol):
    """The LEDs under the holes as the table drives them (``hardware.board_leds.BoardLeds``)."""

    @property
    def driver(self) -> LedDriver | None:
        """The driver of the board model in play (its strip records the frames in simulation)."""
        ...

    def use_model(self, model: str) -> None:
        """Light the board of ``model`` from now on."""
        ...

    def fits(self, model: str) -> bool:
        """Whether the LEDs wired can light ``model``'s board."""
        ...

    def send(self, scene: SceneSource) -> None:
        """Show ``scene``: still, or a function of time."""
        ...

    def stop(self) -> None:
        """Darken the LEDs for good."""
        ...


CameraParts = Callable[[str], tuple[Callable[[], Camera], "BoardReader", Path]]
"""For a board model: what opens its camera, its reader and where its calibration is saved."""
