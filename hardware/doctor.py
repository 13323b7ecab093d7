"""Checks of a Raspberry Pi install, one line each with its fix (``tock doctor``).

Each check looks at what the companion will meet when it starts: the venv's view of numpy, OpenCV and
picamera2, the camera, the LED driver and what it needs (the model, SPI and its clock, ``/dev/pio0``,
the user's groups), the buttons' GPIO library and the free disk for the saves. The checks only look:
they open no camera and light no LED, so they can run beside a running service. Off a Raspberry Pi
each Pi check says it is skipped and why; the disk check runs anywhere.
"""

from __future__ import annotations

import grp
import importlib
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeAlias

from hardware.cameras import OPENCV_MISSING, PICAMERA2_MISSING, import_camera_library
from hardware.errors import CameraUnavailable
from hardware.pimodel import CONFIG_TXT, MODEL_FILE, SPI_CORE_FREQ, family, gpio_name, read_model
from hardware.ws281x import SPI_PIN

Status: TypeAlias = Literal["ok", "warn", "FAIL", "skip"]
MIN_FREE_BYTES = 200 * 1024 * 1024
"""Free space asked for beside the saves: a game's save is a few kB, a photo-based calibration some MB."""
SPI_DEVICE = "dev/spidev0.0"
PIO_DEVICE = "dev/pio0"
GPIO_CHIP = "dev/gpiochip0"


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the report: what was checked, how it went, and what to do about it."""

    name: str
    status: Status
    detail: str
    fix: str = ""

    def line(self) -> str:
        fix = f" -> {self.fix}" if self.fix else ""
        return f"{self.status:<5} {self.name:<15} {self.detail}{fix}"


@dataclass(frozen=True, slots=True)
class Setup:
    """What the companion is set to use (from ``tock.toml``)."""

    camera: str = "sim"
    led_backend: str = "sim"
    led_pin: int = SPI_PIN
    buttons: bool = False
    saves: Path = Path("tock-data")


@dataclass(frozen=True)
class Machine:
    """The machine as the checks see it; tests hand in their own.

    Args:
        model: ``/proc/device-tree/model``, or None off a Raspberry Pi.
        root: where ``dev/`` and ``boot/firmware/config.txt`` are found.
        user: the user the checks run as (the service's user, when run as it).
        groups: that user's groups.
        can_open: whether that user may read and write a device file.
    """

    model: str | None
    root: Path = Path("/")
    user: str = ""
    groups: frozenset[str] = frozenset()
    can_open: Callable[[Path], bool] = field(default=lambda path: os.access(path, os.R_OK | os.W_OK))

    @classmethod
    def here(cls) -> Machine:
        """This machine, this user."""
        import getpass

        groups = frozenset(_group_name(gid) for gid in {os.getgid(), *os.getgroups()})
        return cls(read_model(MODEL_FILE), Path("/"), getpass.getuser(), groups)

    def path(self, relative: str) -> Path:
        return self.root / relative


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def run_checks(setup: Setup, machine: Machine) -> list[Check]:
    """Every check, in the order a maker would fix them."""
    checks = [*_python_checks(setup, machine), _camera(setup, machine)]
    checks += list(_led_checks(setup, machine))
    checks += [_buttons(setup, machine), _disk(setup)]
    return checks


def _not_a_pi(name: str, why: str) -> Check:
    return Check(name, "skip", f"not a Raspberry Pi: {why}")


def _python_checks(setup: Setup, machine: Machine) -> list[Check]:
    if machine.model is None:
        return [
            _not_a_pi("venv", "the venv over Raspberry Pi OS's Python is checked there"),
            _not_a_pi("numpy", "Raspberry Pi OS's numpy 1.24 is checked there"),
            _not_a_pi("OpenCV", "Raspberry Pi OS's python3-opencv is checked there"),
            _not_a_pi("picamera2", "picamera2 exists only on Raspberry Pi OS"),
        ]
    return [_venv(), _numpy(), _opencv(), _picamera2(setup)]


def _venv() -> Check:
    if sys.prefix == sys.base_prefix:
        return Check("venv", "warn", f"running outside a venv ({sys.executable})", "use the README's venv")
    config = Path(sys.prefix) / "pyvenv.cfg"
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    if "include-system-site-packages = true" not in text:
        return Check(
            "venv",
            "FAIL",
            f"{sys.prefix} cannot see the system's packages (picamera2, numpy, OpenCV)",
            f"python3 -m venv --system-site-packages {sys.prefix}, then install again",
        )
    return Check("venv", "ok", f"{sys.prefix} sees the system's packages")


def _numpy() -> Check:
    import numpy

    where = Path(numpy.__file__).parent
    if numpy.__version__.startswith("1.") and not where.is_relative_to(sys.prefix):
        return Check("numpy", "ok", f"numpy {numpy.__version__} from {where} (Raspberry Pi OS's)")
    return Check(
        "numpy",
        "FAIL",
        f"numpy {numpy.__version__} from {where} hides Raspberry Pi OS's numpy 1.24 (picamera2's)",
        f"{sys.prefix}/bin/pip uninstall numpy opencv-python-headless",
    )


def _opencv() -> Check:
    try:
        cv2 = import_camera_library("cv2", OPENCV_MISSING)
    except CameraUnavailable as error:
        return Check("OpenCV", "FAIL", str(error))
    return Check("OpenCV", "ok", f"OpenCV {cv2.__version__} from {Path(cv2.__file__).parent}")


def _picamera2(setup: Setup) -> Check:
    if not setup.camera.startswith("picamera2"):
        return Check("picamera2", "skip", f"camera.source is {setup.camera!r}")
    try:
        module = import_camera_library("picamera2", PICAMERA2_MISSING)
    except CameraUnavailable as error:
        return Check("picamera2", "FAIL", str(error))
    return Check("picamera2", "ok", f"picamera2 from {Path(module.__file__).parent}")


def _camera(setup: Setup, machine: Machine) -> Check:
    if setup.camera in ("sim", "none") or setup.camera.startswith("replay:"):
        return Check("camera", "skip", f"camera.source is {setup.camera!r}: no camera to look for")
    if machine.model is None and setup.camera.startswith("picamera2"):
        return _not_a_pi("camera", "a Raspberry Pi camera needs one")
    kind, _, argument = setup.camera.partition(":")
    if kind == "opencv":
        if not argument.isdigit():
            return Check("camera", "skip", f"camera.source {setup.camera!r} is a video or a stream")
        device = machine.path(f"dev/video{argument}")
        if not device.exists():
            return Check("camera", "FAIL", f"no {device}", "plug the USB webcam in (ls /dev/video*)")
        if not machine.can_open(device):
            return Check(
                "camera", "FAIL", f"{machine.user} may not open {device}", _join_group("video", machine)
            )
        return Check("camera", "ok", f"{device} is there and {machine.user} may open it")
    try:
        module = import_camera_library("picamera2", PICAMERA2_MISSING)
        found = module.Picamera2.global_camera_info()
    except (CameraUnavailable, RuntimeError) as error:
        return Check("camera", "FAIL", f"cannot list the cameras ({error})")
    index = int(argument or 0)
    if index >= len(found):
        return Check(
            "camera",
            "FAIL",
            f"camera {index} asked for, {len(found)} found",
            "power off, seat the ribbon cable (contacts to the board), check rpicam-hello --list-cameras",
        )
    return Check("camera", "ok", f"camera {index}: {found[index].get('Model', 'unknown sensor')}")


def _led_checks(setup: Setup, machine: Machine) -> Iterator[Check]:
    backend = setup.led_backend
    if backend == "sim":
        yield Check("LED driver", "skip", "leds.backend is 'sim': the LEDs are shown on the page")
        return
    if machine.model is None:
        yield _not_a_pi("LED driver", f"the {backend} backend drives a Raspberry Pi's GPIO")
        return
    is_pi5 = family(machine.model) == "5"
    if is_pi5 != (backend == "pi5"):
        right = "pi5" if is_pi5 else "ws281x"
        yield Check(
            "LED driver",
            "FAIL",
            f"{backend!r} does not run on a {machine.model}",
            f'leds.backend = "{right}"',
        )
        return
    module = "adafruit_raspberry_pi5_neopixel_write" if is_pi5 else "rpi_ws281x"
    try:
        importlib.import_module(module)
    except Exception as error:
        yield Check(
            "LED driver", "FAIL", f"{module} does not import ({error})", "pip install 'tock-companion[pi]'"
        )
    else:
        yield Check("LED driver", "ok", f"{module} on {gpio_name(setup.led_pin)}")
    yield from _pio(machine) if is_pi5 else _spi(setup, machine)


def _pio(machine: Machine) -> Iterator[Check]:
    device = machine.path(PIO_DEVICE)
    if not device.exists():
        yield Check(
            "LED access", "FAIL", f"no {device}", "sudo apt update && sudo apt full-upgrade, then reboot"
        )
    elif "gpio" not in machine.groups:
        yield Check(
            "LED access", "FAIL", f"{machine.user} is not in the gpio group", _join_group("gpio", machine)
        )
    elif not machine.can_open(device):
        yield Check(
            "LED access",
            "FAIL",
            f"{device} is root's only",
            "sudo cp hardware/udev/99-tock-pio.rules /etc/udev/rules.d/ && sudo udevadm trigger",
        )
    else:
        yield Check("LED access", "ok", f"{machine.user} may open {device}")


def _spi(setup: Setup, machine: Machine) -> Iterator[Check]:
    if setup.led_pin != SPI_PIN:
        yield Check(
            "LED access",
            "FAIL",
            f"rpi-ws281x on {gpio_name(setup.led_pin)} is PWM, which needs root",
            f"wire the data line to {gpio_name(SPI_PIN)} and set leds.pin = {SPI_PIN}",
        )
        return
    device = machine.path(SPI_DEVICE)
    if not device.exists():
        yield Check(
            "SPI", "FAIL", f"no {device}: SPI is off", "sudo raspi-config nonint do_spi 0, then reboot"
        )
    elif "spi" not in machine.groups or not machine.can_open(device):
        yield Check("SPI", "FAIL", f"{machine.user} may not open {device}", _join_group("spi", machine))
    else:
        yield Check("SPI", "ok", f"{device}, and {machine.user} may open it")
    yield _core_clock(machine)


def _core_clock(machine: Machine) -> Check:
    needed = SPI_CORE_FREQ.get(family(machine.model))
    if needed is None:
        return Check("core clock", "ok", f"no core_freq line is needed on a {machine.model}")
    config = machine.path(str(CONFIG_TXT).lstrip("/"))
    try:
        lines = {line.split("#")[0].strip().replace(" ", "") for line in config.read_text().splitlines()}
    except OSError as error:
        return Check("core clock", "FAIL", f"cannot read {config} ({error.strerror})")
    missing = [line for line in needed if line not in lines]
    if missing:
        return Check(
            "core clock",
            "FAIL",
            f"{config} lacks {' and '.join(missing)}: the SPI clock drifts and the colours come out wrong",
            f"add {' and '.join(missing)} to {CONFIG_TXT}, then reboot",
        )
    return Check("core clock", "ok", f"{' and '.join(needed)} in {config}")


def _buttons(setup: Setup, machine: Machine) -> Check:
    if not setup.buttons:
        return Check("buttons", "skip", "buttons.enabled is false")
    if machine.model is None:
        return _not_a_pi("buttons", "the buttons use a Raspberry Pi's GPIO")
    try:
        importlib.import_module("lgpio")
    except ImportError:
        return Check("buttons", "FAIL", "no lgpio for gpiozero", "sudo apt install python3-lgpio")
    chip = machine.path(GPIO_CHIP)
    if not machine.can_open(chip):
        return Check("buttons", "FAIL", f"{machine.user} may not open {chip}", _join_group("gpio", machine))
    return Check("buttons", "ok", f"lgpio, and {machine.user} may open {chip}")


def _disk(setup: Setup) -> Check:
    folder = setup.saves
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    free = shutil.disk_usage(folder).free
    detail = f"{free / 1e9:.1f} GB free for the saves in {setup.saves}"
    if free < MIN_FREE_BYTES:
        return Check(
            "disk", "FAIL", detail, "free some space (sudo apt clean; old photos) or use a larger card"
        )
    if not os.access(folder, os.W_OK):
        return Check(
            "disk", "FAIL", f"{folder} is not writable by this user", f"sudo chown -R $USER {folder}"
        )
    return Check("disk", "ok", detail)


def _join_group(group: str, machine: Machine) -> str:
    return f"sudo usermod -aG {group} {machine.user or '$USER'}, then log in again (or restart the service)"
