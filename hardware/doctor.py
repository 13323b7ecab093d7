"""Checks of a Raspberry Pi install, one line each with its fix (``tock doctor``).

Each check looks at what the companion will meet when it starts: the venv's view of numpy, OpenCV and
picamera2, the camera, the LED driver and what it needs (the board's revision, SPI, its clock and its
buffer, ``/dev/gpiomem``, ``/dev/pio0``, the user's groups), the LED map the service will use, the
buttons' GPIO library and the gpiochip gpiozero will open, and the free disk for the saves. The checks
only look: they open no camera and light no LED, so they can run beside a running service. Off a
Raspberry Pi each Pi check says it is skipped and why; the LED map and disk checks run anywhere.
"""

from __future__ import annotations

import grp
import importlib
import importlib.metadata
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeAlias

from hardware import ledmap
from hardware.buttons import GPIOZERO_CHIP_FIX, gpiozero_version, lgpio_chip
from hardware.cameras import OPENCV_MISSING, PICAMERA2_MISSING, import_camera_library
from hardware.errors import CameraUnavailable, HardwareError
from hardware.ledmap import BOARDS_DIR, SUFFIX, LedMap
from hardware.pi5 import PI5_FIRMWARE_FIX, UDEV_FIX
from hardware.pimodel import (
    CONFIG_TXT,
    MODEL_FILE,
    REVISION_FILE,
    SPI_CORE_FREQ,
    SPIDEV_BUFSIZ,
    WS281X_TABLE_VERSION,
    family,
    gpio_name,
    read_model,
    read_revision,
    read_spi_bufsiz,
    spi_buffer_advice,
    spi_buffer_bytes,
    spi_buffer_leds,
    ws281x_knows,
    ws281x_revision_advice,
)
from hardware.ws281x import SPI_PIN, is_arm64

Status: TypeAlias = Literal["ok", "warn", "FAIL", "skip"]
MIN_FREE_BYTES = 200 * 1024 * 1024
"""Free space asked for beside the saves: a game's save is a few kB, a photo-based calibration some MB."""
SPI_DEVICE = "dev/spidev0.0"
GPIOMEM_DEVICE = "dev/gpiomem"
"""rpi-ws281x maps it in SPI mode too, to set GPIO10's function: the ``gpio`` group's."""
PIO_DEVICE = "dev/pio0"


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
    model: str = "tock4"
    led_count: int | None = None
    """``leds.count``, or None when it is left to the LED map."""


@dataclass(frozen=True)
class Machine:
    """The machine as the checks see it; tests hand in their own.

    Args:
        model: ``/proc/device-tree/model``, or None off a Raspberry Pi.
        root: where ``dev/``, ``proc/``, ``sys/`` and ``boot/firmware/config.txt`` are found.
        user: the user the checks run as (the service's user, when run as it).
        groups: that user's groups.
        can_open: whether that user may read and write a device file.
        arm64: a 64-bit system (rpi-ws281x then compares the board revision exactly).
        map_dir: where ``tock leds map`` saved this user's LED maps.
    """

    model: str | None
    root: Path = Path("/")
    user: str = ""
    groups: frozenset[str] = frozenset()
    can_open: Callable[[Path], bool] = field(default=lambda path: os.access(path, os.R_OK | os.W_OK))
    arm64: bool = True
    map_dir: Path = field(default_factory=lambda: ledmap.USER_MAP_DIR)

    @classmethod
    def here(cls) -> Machine:
        """This machine, this user."""
        import getpass

        groups = frozenset(_group_name(gid) for gid in {os.getgid(), *os.getgroups()})
        return cls(read_model(MODEL_FILE), Path("/"), getpass.getuser(), groups, arm64=is_arm64())

    def path(self, relative: str | Path) -> Path:
        return self.root / str(relative).lstrip("/")

    @property
    def revision(self) -> int | None:
        """The board's revision code, as rpi-ws281x and gpiozero read it."""
        return read_revision(self.path(REVISION_FILE))


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def run_checks(setup: Setup, machine: Machine) -> list[Check]:
    """Every check, in the order a maker would fix them."""
    checks = [*_python_checks(setup, machine), _camera(setup, machine)]
    checks += list(_led_checks(setup, machine))
    checks += [_led_map(setup, machine), _buttons(setup, machine), _disk(setup)]
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
    if not is_pi5:
        yield _ws281x_revision(machine)
    yield from _pio(machine) if is_pi5 else _spi(setup, machine)


def _ws281x_revision(machine: Machine) -> Check:
    """rpi-ws281x starts only on a board revision in its own table."""
    revision = machine.revision
    if revision is None:
        if not machine.arm64:  # the 32-bit library reads /proc/cpuinfo instead
            return Check("board", "skip", "32-bit: rpi-ws281x reads the revision from /proc/cpuinfo")
        return Check(
            "board", "warn", f"no {machine.path(REVISION_FILE)}: rpi-ws281x will not find this board"
        )
    try:
        version = importlib.metadata.version("rpi_ws281x")
    except importlib.metadata.PackageNotFoundError:
        return Check("board", "skip", "rpi-ws281x is not installed")
    if version != WS281X_TABLE_VERSION:
        return Check(
            "board", "skip", f"revision 0x{revision:06x}: rpi-ws281x {version}'s table is not known here"
        )
    if not ws281x_knows(revision, arm64=machine.arm64):
        return Check(
            "board",
            "FAIL",
            f"revision 0x{revision:06x} is not in rpi-ws281x {version}'s table",
            ws281x_revision_advice(revision, machine.model),
        )
    return Check("board", "ok", f"revision 0x{revision:06x} is one rpi-ws281x {version} knows")


def _pio(machine: Machine) -> Iterator[Check]:
    device = machine.path(PIO_DEVICE)
    if not device.exists():
        yield Check("LED access", "FAIL", f"no {device}", PI5_FIRMWARE_FIX)
    elif "gpio" not in machine.groups:
        yield Check(
            "LED access", "FAIL", f"{machine.user} is not in the gpio group", _join_group("gpio", machine)
        )
    elif not machine.can_open(device):
        yield Check("LED access", "FAIL", f"{device} is root's only", UDEV_FIX)
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
    gpiomem = machine.path(GPIOMEM_DEVICE)
    if "gpio" not in machine.groups or not machine.can_open(gpiomem):
        yield Check(
            "GPIO memory",
            "FAIL",
            f"{machine.user} may not open {gpiomem}, which rpi-ws281x maps to put GPIO10 in SPI mode",
            _join_group("gpio", machine),
        )
    else:
        yield Check("GPIO memory", "ok", f"{gpiomem}, and {machine.user} may open it")
    yield _spi_buffer(setup, machine)
    yield _core_clock(machine)


def _spi_buffer(setup: Setup, machine: Machine) -> Check:
    """rpi-ws281x sends the whole strip in one SPI transfer: 12 bytes per LED."""
    count = setup.led_count or _map_count(setup.model, machine)
    bufsiz = read_spi_bufsiz(machine.path(SPIDEV_BUFSIZ))
    if count is None or bufsiz is None:
        return Check("SPI buffer", "skip", f"no {machine.path(SPIDEV_BUFSIZ)} (SPI off) or no LED count")
    if spi_buffer_bytes(count) > bufsiz:
        return Check(
            "SPI buffer",
            "FAIL",
            f"{count} LEDs do not fit in {bufsiz} bytes",
            spi_buffer_advice(count, bufsiz),
        )
    return Check("SPI buffer", "ok", f"{count} LEDs in {bufsiz} bytes (room for {spi_buffer_leds(bufsiz)})")


def _map_count(model: str, machine: Machine) -> int | None:
    try:
        return LedMap.load(model, search=[machine.map_dir, BOARDS_DIR]).count
    except HardwareError:
        return None


def _led_map(setup: Setup, machine: Machine) -> Check:
    """Which LED map the companion will use for this user: one recorded with ``tock leds map`` by this
    very user, else the shipped one (a map recorded by another user is never read)."""
    recorded = machine.map_dir / f"{setup.model}{SUFFIX}"
    try:
        led_map = LedMap.load(setup.model, search=[machine.map_dir, BOARDS_DIR])
        if setup.led_count is not None:
            led_map.check_count(setup.led_count)
    except HardwareError as error:
        return Check("LED map", "FAIL", str(error))
    if recorded.exists():
        return Check("LED map", "ok", f"{setup.model}: recorded, {recorded} ({led_map.count} LEDs)")
    return Check(
        "LED map",
        "ok",
        f"{setup.model}: the shipped one ({led_map.count} LEDs); none recorded in {machine.map_dir}",
    )


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
    version = gpiozero_version()
    has_chip4 = machine.path("dev/gpiochip4").exists()
    number = lgpio_chip(machine.revision, version, has_chip4)
    chip = machine.path(f"dev/gpiochip{number}")
    if number == 4 and not has_chip4:
        return Check(
            "buttons",
            "FAIL",
            f"gpiozero {version} opens {chip} on a Pi 5; this kernel has the header on gpiochip0",
            f"{sys.prefix}/bin/pip install 'gpiozero>={GPIOZERO_CHIP_FIX}'",
        )
    if not chip.exists():
        return Check("buttons", "FAIL", f"no {chip}: this kernel has no GPIO character device")
    if not machine.can_open(chip):
        return Check("buttons", "FAIL", f"{machine.user} may not open {chip}", _join_group("gpio", machine))
    return Check("buttons", "ok", f"lgpio; gpiozero {version} opens {chip}, and {machine.user} may")


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
