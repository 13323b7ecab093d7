"""Camera sources: the same contract over every source that can load here, and errors that say what to do.

picamera2 runs over a stand-in module with the real ``Picamera2`` interface (``global_camera_info``,
``create_preview_configuration``, ``configure``, ``start``, ``capture_metadata``, ``set_controls``,
``capture_array``, ``stop``, ``close``); OpenCV reads a video file written here; the replay reads
photos written here.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from hardware.cameras import (
    MAX_SETTLE_FRAMES,
    Camera,
    OpenCvCamera,
    Picamera2Camera,
    ReplayCamera,
    open_camera,
)
from hardware.errors import CameraUnavailable, DeviceClosed

SIZE = (64, 48)


class FakePicamera2:
    """The slice of ``picamera2.Picamera2`` the camera uses; exposure and gains converge over frames."""

    cameras: list[dict[str, Any]] = [{"Model": "imx708", "Num": 0, "Id": "/base/soc/i2c0mux/imx708@1a"}]
    fails_with: BaseException | None = None
    """What opening raises inside ``Picamera2.__init__``, which picamera2 0.3.38 wraps twice (below)."""
    instances: list[FakePicamera2] = []
    controls_available: dict[str, tuple[Any, Any, Any]] = {"ExposureTime": (75, 11766829, None)}
    focus_succeeds = True

    def __init__(self, camera_num: int = 0) -> None:
        if FakePicamera2.fails_with is not None:
            # picamera2.py: _open_camera's failure, or the acquire's, re-raised "from" it by __init__
            try:
                raise FakePicamera2.fails_with
            except BaseException as inner:
                raise RuntimeError("Camera __init__ sequence did not complete.") from inner
        self.camera_num = camera_num
        self.config: dict[str, Any] = {}
        self.started = False
        self.closed = False
        self.controls: list[dict[str, Any]] = []
        self.frames = 0
        self.converge_after = 10
        self.camera_controls: dict[str, tuple[Any, Any, Any]] = dict(FakePicamera2.controls_available)
        self.focus_cycles = 0
        FakePicamera2.instances.append(self)

    def autofocus_cycle(self) -> bool:
        """picamera2's: AfMode Auto, AfTrigger Start, wait for the scan; True when it focused."""
        assert self.started and "AfMode" in self.camera_controls
        self.focus_cycles += 1
        return FakePicamera2.focus_succeeds

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return FakePicamera2.cameras

    def create_preview_configuration(self, main: dict[str, Any]) -> dict[str, Any]:
        return {"use_case": "preview", "main": dict(main)}

    def configure(self, config: dict[str, Any]) -> None:
        self.config = config

    def start(self) -> None:
        self.started = True

    def capture_metadata(self) -> dict[str, Any]:
        self.frames += 1
        drift = max(0, self.converge_after - self.frames)  # exposure hunts, then holds still
        return {
            "ExposureTime": 20000 + 1000 * drift,
            "AnalogueGain": 2.0 + 0.1 * drift,
            "ColourGains": (1.8 + 0.05 * drift, 1.5),
            "Lux": 300.0,
        }

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.controls.append(dict(controls))

    def capture_array(self, name: str = "main") -> np.ndarray:
        width, height = self.config["main"]["size"]
        frame = np.zeros((height, width, 3), np.uint8)
        frame[:, :, 0] = 255  # RGB888 is blue first in memory
        return frame

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[FakePicamera2]]:
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.fails_with = None
    FakePicamera2.instances = []
    monkeypatch.setattr(FakePicamera2, "controls_available", dict(FakePicamera2.controls_available))
    monkeypatch.setattr(FakePicamera2, "focus_succeeds", True)
    monkeypatch.setattr(FakePicamera2, "cameras", list(FakePicamera2.cameras))
    yield FakePicamera2


def _photos(folder: Path, count: int = 3) -> list[Path]:
    paths = []
    for i in range(count):
        path = folder / f"{i:02d}.png"
        cv2.imwrite(str(path), np.full((SIZE[1], SIZE[0], 3), (i * 40, 10, 200), np.uint8))
        paths.append(path)
    return paths


def _video(folder: Path, count: int = 3) -> Path:
    path = folder / "board.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, SIZE)
    for i in range(count):
        writer.write(np.full((SIZE[1], SIZE[0], 3), i * 60, np.uint8))
    writer.release()
    return path


@pytest.fixture(params=["replay", "opencv-file", "picamera2"])
def camera(
    request: pytest.FixtureRequest, tmp_path: Path, fake_picamera2: type[FakePicamera2]
) -> Iterator[Camera]:
    openers: dict[str, Callable[[], Camera]] = {
        "replay": lambda: open_camera(f"replay:{_photos(tmp_path)[0].parent}"),
        "opencv-file": lambda: open_camera(f"opencv:{_video(tmp_path)}"),
        "picamera2": lambda: open_camera("picamera2", size=SIZE),
    }
    source = openers[request.param]()
    yield source
    source.close()


def test_a_frame_is_bgr_bytes_of_the_source_size(camera: Camera) -> None:
    for _ in range(5):  # more frames than the replay and the video hold: both start again
        frame = camera.capture()
        assert frame.dtype == np.uint8 and frame.shape == (SIZE[1], SIZE[0], 3)
        assert frame.flags["C_CONTIGUOUS"]


def test_a_closed_camera_refuses_to_capture(camera: Camera) -> None:
    camera.close()
    camera.close()
    with pytest.raises(DeviceClosed):
        camera.capture()


def test_picamera2_settles_then_locks_exposure_and_white_balance(
    fake_picamera2: type[FakePicamera2],
) -> None:
    camera = open_camera("picamera2", size=SIZE)
    assert isinstance(camera, Picamera2Camera)
    device = fake_picamera2.instances[-1]
    assert device.config["main"] == {"size": SIZE, "format": "RGB888"} and device.started
    assert device.frames < MAX_SETTLE_FRAMES  # it stopped waiting once the values held still
    assert device.controls == [
        {
            "AeEnable": False,
            "AwbEnable": False,
            "ExposureTime": 20000,
            "AnalogueGain": 2.0,
            "ColourGains": (1.8, 1.5),
        }
    ]
    assert camera.capture()[0, 0].tolist() == [255, 0, 0]  # blue stays blue: BGR as OpenCV expects
    camera.close()
    assert device.closed and not device.started


def test_picamera2_on_a_monochrome_sensor_locks_exposure_only(
    fake_picamera2: type[FakePicamera2], monkeypatch: pytest.MonkeyPatch
) -> None:
    grey = FakePicamera2.capture_metadata

    def without_gains(self: FakePicamera2) -> dict[str, Any]:
        metadata = grey(self)
        del metadata["ColourGains"]
        return metadata

    monkeypatch.setattr(FakePicamera2, "capture_metadata", without_gains)
    with open_camera("picamera2", size=SIZE):
        assert fake_picamera2.instances[-1].controls == [
            {"AeEnable": False, "ExposureTime": 20000, "AnalogueGain": 2.0}
        ]


def test_picamera2_without_a_camera_says_to_plug_one(fake_picamera2: type[FakePicamera2]) -> None:
    fake_picamera2.cameras = []
    with pytest.raises(CameraUnavailable, match="no camera found.*ribbon cable.*rpicam-hello --list-cameras"):
        open_camera("picamera2")
    with pytest.raises(CameraUnavailable, match="camera_auto_detect=1") as raised:
        open_camera("picamera2")
    assert "legacy" not in str(raised.value)
    fake_picamera2.cameras = [{"Num": 0}]
    with pytest.raises(CameraUnavailable, match="only 1 camera"):
        open_camera("picamera2:1")


def test_picamera2_busy_says_what_to_close(fake_picamera2: type[FakePicamera2]) -> None:
    fake_picamera2.fails_with = RuntimeError("Failed to acquire camera: Device or resource busy")
    with pytest.raises(CameraUnavailable, match="camera 0 is busy.*close the program using it"):
        open_camera("picamera2")


def test_picamera2_failing_to_open_otherwise_is_not_called_busy(fake_picamera2: type[FakePicamera2]) -> None:
    """picamera2 raises the same RuntimeError for any failure to open: the cause decides the advice."""
    try:
        raise RuntimeError("Initialization failed.") from OSError("Invalid argument")
    except RuntimeError as initialization:
        try:
            raise RuntimeError("Failed to initialize camera") from initialization
        except RuntimeError as failed:
            fake_picamera2.fails_with = failed
    with pytest.raises(CameraUnavailable) as raised:
        open_camera("picamera2")
    message = str(raised.value)
    assert "busy" not in message
    assert message.startswith(
        "camera 0 did not open (Camera __init__ sequence did not complete. <- Failed to initialize camera "
        "<- Initialization failed. <- Invalid argument)"
    )
    assert "rpicam-hello --list-cameras" in message and "camera_auto_detect=1" in message


def test_picamera2_missing_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraUnavailable, match="sudo apt install python3-picamera2.*--system-site-packages"):
        open_camera("picamera2")


def test_a_missing_webcam_says_to_plug_it_in() -> None:
    with pytest.raises(CameraUnavailable, match=r"no camera at /dev/video57: plug in the USB webcam"):
        OpenCvCamera(57)


def test_a_missing_video_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(CameraUnavailable, match="cannot open video"):
        open_camera(f"opencv:{tmp_path / 'none.avi'}")


def test_the_replay_goes_through_the_photos_in_name_order(tmp_path: Path) -> None:
    _photos(tmp_path)
    (tmp_path / "notes.txt").write_text("not a photo")
    with ReplayCamera(tmp_path) as replay:
        blues = [int(replay.capture()[0, 0, 0]) for _ in range(4)]
    assert blues == [0, 40, 80, 0]


def test_a_replay_needs_a_folder_of_photos(tmp_path: Path) -> None:
    with pytest.raises(CameraUnavailable, match="does not exist"):
        open_camera(f"replay:{tmp_path / 'nothing'}")
    with pytest.raises(CameraUnavailable, match="has no photos"):
        open_camera(f"replay:{tmp_path}")
    (tmp_path / "broken.jpg").write_bytes(b"not a jpeg")
    with ReplayCamera(tmp_path) as replay, pytest.raises(CameraUnavailable, match="not a readable image"):
        replay.capture()


@pytest.mark.parametrize("spec", ["webcam", "opencv", "replay:", "picamera2:x", "synthetic"])
def test_an_unknown_spec_lists_the_forms(spec: str) -> None:
    with pytest.raises(ValueError, match="picamera2|opencv:N"):
        open_camera(spec)


def _broken_module(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str, body: str) -> None:
    """Put a module ``name`` whose import runs ``body`` first on the path (and forget any loaded one)."""
    package = folder / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(body, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delitem(sys.modules, name, raising=False)


def test_picamera2_built_for_another_numpy_names_the_cause_and_the_fix(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """What simplejpeg (imported by picamera2) raises on Raspberry Pi OS when a numpy 2 from PyPI hides
    the system's numpy 1.24: a ValueError, not an ImportError."""
    message = (
        "numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88"
    )
    _broken_module(monkeypatch, tmp_path, "picamera2", f"raise ValueError({message!r})\n")
    with pytest.raises(CameraUnavailable) as caught:
        open_camera("picamera2")
    text = str(caught.value)
    assert f"picamera2 does not load with numpy {np.__version__}" in text
    assert "ValueError: numpy.dtype size changed" in text
    assert "pip uninstall numpy opencv-python-headless" in text and "pi extra" in text


def test_opencv_built_for_numpy_1_under_numpy_2_names_the_cause(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _broken_module(
        monkeypatch, tmp_path, "cv2", "raise ImportError('numpy.core.multiarray failed to import')\n"
    )
    with pytest.raises(CameraUnavailable, match=r"cv2 does not load with numpy .*ImportError: numpy.core"):
        open_camera(f"replay:{_photos(tmp_path)[0].parent}")


def test_picamera2_without_libcamera_says_to_install_its_bindings(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _broken_module(monkeypatch, tmp_path, "picamera2", "import libcamera_absent_here as libcamera\n")
    monkeypatch.setitem(sys.modules, "libcamera_absent_here", None)
    with pytest.raises(CameraUnavailable, match="picamera2 is installed but does not load"):
        open_camera("picamera2")
    _broken_module(monkeypatch, tmp_path / "libcamera", "picamera2", "import libcamera\n")
    monkeypatch.setitem(sys.modules, "libcamera", None)
    with pytest.raises(CameraUnavailable, match="sudo apt install python3-libcamera"):
        open_camera("picamera2")


class V4l2Webcam:
    """A webcam as OpenCV's V4L2 backend shows it: ``get`` answers the driver's raw values, ``set`` is True
    when the driver takes the control (``supports`` lists the controls this camera has), -1 otherwise."""

    def __init__(self, source: int, *, supports: frozenset[int]) -> None:
        self.values: dict[int, float] = {
            cv2.CAP_PROP_AUTO_EXPOSURE: 3.0,  # aperture priority: automatic
            cv2.CAP_PROP_EXPOSURE: 156.0,
            cv2.CAP_PROP_AUTO_WB: 1.0,
            cv2.CAP_PROP_WB_TEMPERATURE: 4600.0,
        }
        self.supports = supports
        self.sets: list[tuple[int, float]] = []
        self.grabs = 0

    def isOpened(self) -> bool:  # noqa: N802 - OpenCV's name
        return True

    def get(self, prop: int) -> float:
        return self.values[prop] if prop in self.supports else -1.0

    def set(self, prop: int, value: float) -> bool:
        if prop in (cv2.CAP_PROP_FRAME_WIDTH, cv2.CAP_PROP_FRAME_HEIGHT):
            return True
        if prop not in self.supports:
            return False
        self.sets.append((prop, value))
        self.values[prop] = value
        return True

    def grab(self) -> bool:
        self.grabs += 1
        return True

    def read(self) -> tuple[bool, np.ndarray]:
        return True, np.zeros((SIZE[1], SIZE[0], 3), np.uint8)

    def release(self) -> None:
        pass


EVERY_CONTROL = frozenset(
    {cv2.CAP_PROP_AUTO_EXPOSURE, cv2.CAP_PROP_EXPOSURE, cv2.CAP_PROP_AUTO_WB, cv2.CAP_PROP_WB_TEMPERATURE}
)


def test_a_webcam_settles_then_locks_exposure_and_white_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    webcams: list[V4l2Webcam] = []
    monkeypatch.setattr(
        cv2,
        "VideoCapture",
        lambda source: webcams.append(V4l2Webcam(source, supports=EVERY_CONTROL)) or webcams[-1],
    )
    with OpenCvCamera(0, size=SIZE) as webcam:
        assert webcam.locked_controls == {"exposure": 156.0, "white balance": 4600.0}
    assert webcams[0].grabs == 30  # automatic modes run first
    # manual mode first (1 is V4L2's manual exposure), then the value it reached
    assert webcams[0].sets == [
        (cv2.CAP_PROP_AUTO_EXPOSURE, 1),
        (cv2.CAP_PROP_EXPOSURE, 156.0),
        (cv2.CAP_PROP_AUTO_WB, 0),
        (cv2.CAP_PROP_WB_TEMPERATURE, 4600.0),
    ]


def test_a_webcam_without_white_balance_control_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    supports = frozenset({cv2.CAP_PROP_AUTO_EXPOSURE, cv2.CAP_PROP_EXPOSURE})
    monkeypatch.setattr(cv2, "VideoCapture", lambda source: V4l2Webcam(source, supports=supports))
    with OpenCvCamera(2, size=SIZE) as webcam:
        assert webcam.locked_controls == {"exposure": 156.0}
    assert "camera /dev/video2: OpenCV could not lock its white balance" in caplog.text
    assert "v4l2-ctl -d /dev/video2" in caplog.text


def test_a_capture_that_is_not_a_camera_refuses_every_lock_in_real_opencv(tmp_path: Path) -> None:
    """Real OpenCV: a VideoCapture that is not open, and one reading a video file, answer that they
    cannot (``set`` False): nothing is locked and both controls are named."""
    from hardware.cameras import lock_exposure_and_white_balance

    not_open = cv2.VideoCapture()
    assert lock_exposure_and_white_balance(not_open, cv2) == ({}, ["exposure", "white balance"])
    video = cv2.VideoCapture(str(_video(tmp_path)))
    assert video.isOpened()
    assert lock_exposure_and_white_balance(video, cv2) == ({}, ["exposure", "white balance"])
    video.release()


def test_a_camera_module_3_focuses_once_before_locking(fake_picamera2: type[FakePicamera2]) -> None:
    fake_picamera2.controls_available["AfMode"] = (0, 2, 0)  # a motorised lens
    with open_camera("picamera2", size=SIZE) as camera:
        assert isinstance(camera, Picamera2Camera) and camera.focused is True
        camera.capture()
    assert fake_picamera2.instances[0].focus_cycles == 1


def test_a_fixed_focus_camera_is_not_focused_and_a_failed_focus_is_logged(
    fake_picamera2: type[FakePicamera2], caplog: pytest.LogCaptureFixture
) -> None:
    with open_camera("picamera2", size=SIZE) as camera:
        assert isinstance(camera, Picamera2Camera) and camera.focused is None
    assert fake_picamera2.instances[0].focus_cycles == 0
    fake_picamera2.controls_available["AfMode"] = (0, 2, 0)
    fake_picamera2.focus_succeeds = False
    with open_camera("picamera2", size=SIZE) as camera:
        assert isinstance(camera, Picamera2Camera) and camera.focused is False
    assert "camera 0: autofocus found no sharp picture" in caplog.text
