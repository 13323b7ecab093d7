"""Camera sources behind one seam: ``capture()`` gives a BGR ``uint8`` frame, ``close()`` frees it.

:func:`open_camera` takes a spec string:

=====================  =================================================================
spec                   source
=====================  =================================================================
``picamera2[:N]``      a Raspberry Pi camera through picamera2 (camera N, default 0)
``opencv:N``           a USB webcam, ``/dev/videoN``, through OpenCV's ``VideoCapture``
``opencv:PATH``        a video file or stream URL through OpenCV (a file loops)
``replay:DIR``         the photos of a folder, in name order, looping
=====================  =================================================================

The synthetic camera that renders boards for tests is vision's (``vision.synthetic``); it has the
same ``capture()``/``close()`` shape and is wired by the table layer. Vendor libraries (picamera2,
OpenCV) are imported only when a camera of theirs is opened. Every failure a person can fix raises
:class:`~hardware.errors.CameraUnavailable` with what to install, plug in or close.
"""

from __future__ import annotations

import abc
import importlib
import logging
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np
import numpy.typing as npt

from hardware.errors import CameraUnavailable, DeviceClosed

log = logging.getLogger(__name__)

Frame = npt.NDArray[np.uint8]
"""An image as rows x columns x 3 bytes, in OpenCV's BGR order."""

DEFAULT_SIZE = (1280, 960)
"""Frame size asked of live cameras: enough pixels per hole for a 34 cm board, cheap to read."""
PHOTO_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp"})
SETTLE_TOLERANCE = 0.02
"""Relative change below which exposure, gain and white balance count as settled between frames."""
SETTLED_FRAMES = 3
"""Consecutive steady frames needed before locking exposure and white balance."""
MAX_SETTLE_FRAMES = 90
"""Frames to wait at most (about 3 s) before locking whatever the camera has reached."""
WEBCAM_SETTLE_FRAMES = 30
"""Frames a webcam runs in automatic mode (about a second) before exposure and white balance are locked."""
V4L2_EXPOSURE_MANUAL = 1
"""OpenCV's V4L2 backend hands ``CAP_PROP_AUTO_EXPOSURE`` to the driver as it is: 1 is manual, 3 automatic."""
NUMPY_MISMATCH = (
    "numpy.dtype size changed",
    "multiarray failed to import",
    "_ARRAY_API not found",
    "compiled using NumPy 1.x",
)
"""What a compiled module built for another numpy says when it loads (ValueError, ImportError...)."""
PICAMERA2_MISSING = (
    "picamera2 (with libcamera) is missing: on Raspberry Pi OS run `sudo apt install python3-picamera2` and "
    "make the venv with --system-site-packages; it is not installed from PyPI"
)
OPENCV_MISSING = (
    "OpenCV is missing: on Raspberry Pi OS `sudo apt install python3-opencv` (and a venv made with "
    "--system-site-packages); elsewhere pip install 'tock-companion[opencv]'"
)
SPEC_FORMS = "'picamera2', 'picamera2:N', 'opencv:N', 'opencv:PATH' or 'replay:DIR'"


class Camera(abc.ABC):
    """A source of frames.

    Descendants *must* override :meth:`_capture` and *may* override :meth:`_release`.
    """

    def __init__(self) -> None:
        self._closed = False

    def capture(self) -> Frame:
        """The next frame, BGR, ``uint8``, rows x columns x 3.

        Raises:
            DeviceClosed: the camera was closed.
            CameraUnavailable: the camera stopped giving frames (unplugged, say).
        """
        if self._closed:
            raise DeviceClosed(f"{type(self).__name__} is closed")
        return _as_bgr(self._capture())

    def close(self) -> None:
        """Release the camera; calling it again does nothing."""
        if not self._closed:
            self._closed = True
            self._release()

    def __enter__(self) -> Camera:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @abc.abstractmethod
    def _capture(self) -> npt.NDArray[Any]:
        """Grab one frame from the source."""

    def _release(self) -> None:  # noqa: B027 - optional hook: a replay holds nothing open
        """Free the source."""


def open_camera(spec: str, *, size: tuple[int, int] = DEFAULT_SIZE) -> Camera:
    """Open the camera named by ``spec`` (see the module docstring).

    Args:
        spec: which source, such as ``"picamera2"``, ``"opencv:0"`` or ``"replay:photos/"``.
        size: (width, height) asked of live cameras.

    Raises:
        ValueError: ``spec`` is not one of the forms.
        CameraUnavailable: the source cannot be opened; the message says what to do.
    """
    kind, _, argument = spec.partition(":")
    if kind == "picamera2":
        if argument and not argument.isdigit():
            raise ValueError(f"camera {spec!r}: picamera2 takes a camera number, as in 'picamera2:1'")
        return Picamera2Camera(int(argument or 0), size=size)
    if kind == "opencv" and argument:
        return OpenCvCamera(int(argument) if argument.isdigit() else argument, size=size)
    if kind == "replay" and argument:
        return ReplayCamera(Path(argument))
    raise ValueError(f"unknown camera {spec!r}: use {SPEC_FORMS}")


class Picamera2Camera(Camera):
    """Extends :class:`Camera`: a Raspberry Pi camera through picamera2, focus, exposure and colour locked.

    A motorised lens (Camera Module 3) runs one autofocus cycle and stays there. The camera starts
    with automatic exposure and white balance, waits until they settle, then locks them
    (``AeEnable``/``AwbEnable`` off with the settled ``ExposureTime``, ``AnalogueGain`` and
    ``ColourGains``), so that a hand or a sleeve over the board does not shift the marbles' colours.

    Args:
        index: camera number (``rpicam-hello --list-cameras``).
        size: (width, height) of the frames.
    """

    def __init__(self, index: int = 0, *, size: tuple[int, int] = DEFAULT_SIZE) -> None:
        super().__init__()
        module = import_camera_library("picamera2", PICAMERA2_MISSING)
        cameras = module.Picamera2.global_camera_info()
        if index >= len(cameras):
            found = f"only {len(cameras)} camera(s) found" if cameras else "no camera found"
            raise CameraUnavailable(
                f"{found}, camera {index} asked for: plug the camera's ribbon cable in (power off first; "
                "contacts towards the board on a Pi 4, the Pi 5's CAM port), check `rpicam-hello "
                f"--list-cameras`, and {CAMERA_DETECT}"
            )
        try:
            self._camera: Any = module.Picamera2(index)
        except RuntimeError as error:
            raise CameraUnavailable(_why_picamera2_failed(index, error)) from None
        try:
            config = self._camera.create_preview_configuration(
                main={"size": tuple(size), "format": "RGB888"}  # RGB888 is B, G, R in memory
            )
            self._camera.configure(config)
            self._camera.start()
            self.focused = self._focus_once(index)
            self.locked_controls = self._settle_and_lock()
        except BaseException:
            self._camera.close()
            raise

    def _focus_once(self, index: int) -> bool | None:
        """Focus a motorised lens (Camera Module 3) once, then leave it there: the board does not move.

        Returns:
            Whether the autofocus cycle found a sharp picture; None for a fixed-focus lens.
        """
        if "AfMode" not in self._camera.camera_controls:
            return None
        focused = bool(self._camera.autofocus_cycle())
        if not focused:
            log.warning(
                "camera %d: autofocus found no sharp picture; check the camera's height above the board "
                "(hardware/README.md, 'Mount the camera')",
                index,
            )
        return focused

    def _settle_and_lock(self) -> dict[str, Any]:
        """Wait for exposure, gain and white balance to settle, then freeze them; returns the values."""
        previous: Mapping[str, Any] | None = None
        steady = 0
        metadata: Mapping[str, Any] = {}
        for _ in range(MAX_SETTLE_FRAMES):
            metadata = self._camera.capture_metadata()
            steady = steady + 1 if previous is not None and _settled(previous, metadata) else 0
            if steady >= SETTLED_FRAMES:
                break
            previous = metadata
        controls: dict[str, Any] = {}
        if "ExposureTime" in metadata and "AnalogueGain" in metadata:
            controls.update(
                AeEnable=False,
                ExposureTime=int(metadata["ExposureTime"]),
                AnalogueGain=float(metadata["AnalogueGain"]),
            )
        if "ColourGains" in metadata:  # absent on a monochrome sensor: nothing to lock
            controls.update(AwbEnable=False, ColourGains=tuple(float(g) for g in metadata["ColourGains"]))
        if controls:
            self._camera.set_controls(controls)
        return controls

    def _capture(self) -> npt.NDArray[Any]:
        return np.asarray(self._camera.capture_array("main"))

    def _release(self) -> None:
        self._camera.stop()
        self._camera.close()


CAMERA_DETECT = (
    "keep camera_auto_detect=1 in /boot/firmware/config.txt (or the dtoverlay line of your sensor), "
    "then reboot"
)
"""Bookworm finds the camera by this line; there is no legacy camera stack to turn off any more."""


def _why_picamera2_failed(index: int, error: RuntimeError) -> str:
    """picamera2 raises one RuntimeError ("Camera __init__ sequence did not complete.") for any failure
    to open, its cause chained below it: only a camera that could not be acquired is busy."""
    reasons: list[str] = []
    cause: BaseException | None = error
    while cause is not None and len(reasons) < 6:
        reasons.append(str(cause) or type(cause).__name__)
        cause = cause.__cause__ or cause.__context__
    chain = " <- ".join(reasons)
    if any("busy" in reason.lower() or "acquire" in reason.lower() for reason in reasons):
        return (
            f"camera {index} is busy ({chain}): close the program using it (rpicam-hello, rpicam-still, "
            "another `tock serve`, a motion service) and try again"
        )
    return (
        f"camera {index} did not open ({chain}): check that `rpicam-hello --list-cameras` lists it and "
        f"`rpicam-hello -t 2000` shows it; power off and reseat the ribbon cable; {CAMERA_DETECT}"
    )


def _settled(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    """Whether exposure time, gain and colour gains moved less than the tolerance between two frames."""
    pairs: list[tuple[float, float]] = []
    for key in ("ExposureTime", "AnalogueGain"):
        if key in before and key in after:
            pairs.append((float(before[key]), float(after[key])))
    if "ColourGains" in before and "ColourGains" in after:
        gains = zip(before["ColourGains"], after["ColourGains"], strict=True)
        pairs += [(float(x), float(y)) for x, y in gains]
    return all(abs(x - y) <= SETTLE_TOLERANCE * max(abs(x), abs(y), 1e-9) for x, y in pairs)


class OpenCvCamera(Camera):
    """Extends :class:`Camera`: a USB webcam (``/dev/videoN``), a video file or a stream, via OpenCV.

    Args:
        source: webcam number, or a video file path or stream URL (a file starts again at its end).
        size: (width, height) asked of a webcam; the camera may give another size.
    """

    def __init__(self, source: int | str, *, size: tuple[int, int] = DEFAULT_SIZE) -> None:
        super().__init__()
        cv2 = _import_cv2()
        self._source = source
        self._capture_device: Any = cv2.VideoCapture(source)
        if not self._capture_device.isOpened():
            self._capture_device.release()
            raise CameraUnavailable(_why_not_opened(source))
        self._is_file = isinstance(source, str) and Path(source).is_file()
        self._rewind_property = cv2.CAP_PROP_POS_FRAMES
        self.locked_controls: dict[str, float] = {}
        if isinstance(source, int):
            self._capture_device.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._capture_device.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
            for _ in range(WEBCAM_SETTLE_FRAMES):  # automatic exposure and white balance settle
                self._capture_device.grab()
            self.locked_controls, refused = lock_exposure_and_white_balance(self._capture_device, cv2)
            if refused:
                log.warning(
                    "camera /dev/video%d: OpenCV could not lock its %s, so the marbles' colours may drift "
                    "when the light changes; lock them with v4l2-ctl (v4l2-ctl -d /dev/video%d --list-ctrls) "
                    "or use a Raspberry Pi camera",
                    source,
                    " and ".join(refused),
                    source,
                )

    def _capture(self) -> npt.NDArray[Any]:
        ok, frame = self._capture_device.read()
        if not ok and self._is_file:
            self._capture_device.set(self._rewind_property, 0)
            ok, frame = self._capture_device.read()
        if not ok:
            raise CameraUnavailable(
                f"camera {self._source!r} stopped sending frames: check that it is still plugged in"
            )
        return np.asarray(frame)

    def _release(self) -> None:
        self._capture_device.release()


def lock_exposure_and_white_balance(capture: Any, cv2: Any) -> tuple[dict[str, float], list[str]]:
    """Freeze a webcam's exposure and white balance at the values its automatic modes reached.

    Through OpenCV's V4L2 backend: automatic exposure off (``CAP_PROP_AUTO_EXPOSURE`` = 1, manual) with
    the current ``CAP_PROP_EXPOSURE``, automatic white balance off with the current
    ``CAP_PROP_WB_TEMPERATURE``. A camera or backend without the control answers -1 or 0 to ``get`` and
    False to ``set``; that control is then left automatic and named.

    Returns:
        The values locked (``exposure``, ``white balance``) and the names of the controls that could not
        be locked.
    """
    locked: dict[str, float] = {}
    refused: list[str] = []
    controls = (
        ("exposure", cv2.CAP_PROP_AUTO_EXPOSURE, V4L2_EXPOSURE_MANUAL, cv2.CAP_PROP_EXPOSURE),
        ("white balance", cv2.CAP_PROP_AUTO_WB, 0, cv2.CAP_PROP_WB_TEMPERATURE),
    )
    for name, automatic, manual, value_property in controls:
        value = float(capture.get(value_property))
        if value > 0 and capture.set(automatic, manual) and capture.set(value_property, value):
            locked[name] = value
        else:
            refused.append(name)
    return locked, refused


def _why_not_opened(source: int | str) -> str:
    if isinstance(source, str):
        return f"cannot open video {source!r}: check the path or the stream address"
    device = Path(f"/dev/video{source}")
    if not device.exists():
        return f"no camera at {device}: plug in the USB webcam (`ls /dev/video*` lists the cameras)"
    return (
        f"camera {device} could not be opened: close the program using it, or add this user to the "
        "video group (sudo usermod -aG video $USER, then log in again)"
    )


class ReplayCamera(Camera):
    """Extends :class:`Camera`: the photos of a folder in name order, starting again after the last.

    Args:
        folder: a folder of ``.jpg``, ``.jpeg``, ``.png``, ``.bmp`` or ``.webp`` photos.
    """

    def __init__(self, folder: Path) -> None:
        super().__init__()
        if not folder.is_dir():
            raise CameraUnavailable(f"replay folder {str(folder)!r} does not exist")
        self.photos = sorted(p for p in folder.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
        if not self.photos:
            kinds = ", ".join(sorted(PHOTO_SUFFIXES))
            raise CameraUnavailable(f"replay folder {str(folder)!r} has no photos ({kinds})")
        self._cv2 = _import_cv2()
        self._next = 0

    def _capture(self) -> npt.NDArray[Any]:
        path = self.photos[self._next]
        self._next = (self._next + 1) % len(self.photos)
        image = self._cv2.imread(str(path), self._cv2.IMREAD_COLOR)
        if image is None:
            raise CameraUnavailable(f"{path} is not a readable image")
        return np.asarray(image)


def _import_cv2() -> Any:
    return import_camera_library("cv2", OPENCV_MISSING)


def import_camera_library(name: str, missing: str) -> Any:
    """Import picamera2 or cv2, turning any failure into one line that names its cause and its fix.

    Args:
        name: the module.
        missing: what to do when it is not installed at all.

    Raises:
        CameraUnavailable: the module is missing or does not load. A compiled module built for another
            numpy fails with a ValueError or an ImportError of its own, so every exception is caught.
    """
    try:
        return importlib.import_module(name)
    except Exception as error:
        raise CameraUnavailable(why_not_importable(name, error, missing)) from None


def why_not_importable(name: str, error: Exception, missing: str) -> str:
    """The cause and the fix for ``name`` failing to import with ``error``."""
    what = f"{type(error).__name__}: {error}"
    if any(marker in str(error) for marker in NUMPY_MISMATCH):
        return (
            f"{name} does not load with numpy {np.__version__} from {Path(np.__file__).parent} ({what}): "
            "Raspberry Pi OS's picamera2, simplejpeg and OpenCV are built for its own numpy 1.24, and a "
            "numpy 2 installed into the venv hides it. Remove the venv's copies (pip uninstall numpy "
            "opencv-python-headless) and install with the pi extra only (hardware/README.md)"
        )
    if isinstance(error, ModuleNotFoundError) and error.name == name:
        return f"{missing} ({what})"
    if isinstance(error, ModuleNotFoundError) and error.name == "libcamera":
        return (
            f"{name} needs libcamera's Python bindings ({what}): sudo apt install python3-libcamera, and "
            "make the venv with --system-site-packages"
        )
    return f"{name} is installed but does not load ({what}); {missing}"


def _as_bgr(frame: npt.NDArray[Any]) -> Frame:
    """The frame as contiguous rows x columns x 3 ``uint8``; grey is spread to 3 channels, alpha dropped."""
    if frame.dtype != np.uint8:
        raise CameraUnavailable(f"the camera gave {frame.dtype} pixels, not 8-bit ones")
    if frame.ndim == 2:
        frame = np.repeat(frame[:, :, None], 3, axis=2)
    elif frame.ndim == 3 and frame.shape[2] == 4:
        frame = frame[:, :, :3]
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise CameraUnavailable(f"the camera gave frames of shape {frame.shape}, not rows x columns x 3")
    return np.ascontiguousarray(frame)
