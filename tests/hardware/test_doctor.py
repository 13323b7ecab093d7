"""``tock doctor``'s checks on each Pi model, over a folder that stands for the Pi's /dev and /boot.

The Python checks run for real in this venv (numpy 2 from PyPI, no system site packages: what a broken
Pi install looks like); the device files and the user's groups are the Machine handed in.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import numpy
import pytest
from click.testing import CliRunner

import hardware.doctor
from firmware_py.cli import main
from hardware.doctor import Check, Machine, Setup, run_checks
from hardware.ledmap import BOARDS_DIR, LedMap

PI4 = "Raspberry Pi 4 Model B Rev 1.4"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
ZERO2 = "Raspberry Pi Zero 2 W Rev 1.0"
WS281X = Setup(camera="none", led_backend="ws281x", led_pin=10)


def _pi(
    tmp_path: Path, model: str, *, devices: tuple[str, ...] = (), config_txt: str = "", **kw: object
) -> Machine:
    for device in devices:
        (tmp_path / "dev").mkdir(exist_ok=True)
        (tmp_path / "dev" / device).touch()
    (tmp_path / "boot" / "firmware").mkdir(parents=True, exist_ok=True)
    (tmp_path / "boot" / "firmware" / "config.txt").write_text(config_txt, encoding="utf-8")
    settings: dict[str, object] = {"user": "tock", "groups": frozenset({"gpio", "spi", "video"}), **kw}
    return Machine(model, tmp_path, **settings)  # type: ignore[arg-type]


def _by_name(checks: list[Check]) -> dict[str, Check]:
    return {check.name: check for check in checks}


def test_off_a_pi_every_pi_check_says_why_it_is_skipped(tmp_path: Path) -> None:
    setup = Setup(camera="picamera2", led_backend="ws281x", buttons=True, saves=tmp_path / "saves")
    checks = run_checks(setup, Machine(None))
    assert [c.name for c in checks] == [
        "venv", "numpy", "OpenCV", "picamera2", "camera", "LED driver", "LED map", "buttons", "disk",
    ]  # fmt: skip
    for check in checks[:-3] + checks[-2:-1]:
        assert check.status == "skip" and check.detail.startswith("not a Raspberry Pi: "), check
    assert checks[-1].status == "ok" and f"GB free for the saves in {tmp_path / 'saves'}" in checks[-1].detail


def test_a_pi4_with_spi_off_says_to_enable_it(tmp_path: Path) -> None:
    checks = _by_name(run_checks(WS281X, _pi(tmp_path, PI4)))
    assert (
        checks["LED driver"].status == "ok" and "rpi_ws281x on GPIO10 (pin 19)" in checks["LED driver"].detail
    )
    assert (
        checks["SPI"].status == "FAIL"
        and checks["SPI"].fix == "sudo raspi-config nonint do_spi 0, then reboot"
    )


def test_a_pi4_without_its_core_clock_lines_names_both(tmp_path: Path) -> None:
    machine = _pi(tmp_path, PI4, devices=("spidev0.0",), config_txt="dtparam=spi=on\ncore_freq=500\n")
    check = _by_name(run_checks(WS281X, machine))["core clock"]
    assert check.status == "FAIL" and "lacks core_freq_min=500" in check.detail
    assert check.fix == "add core_freq_min=500 to /boot/firmware/config.txt, then reboot"
    (tmp_path / "boot/firmware/config.txt").write_text("core_freq=500\ncore_freq_min = 500  # SPI LEDs\n")
    assert _by_name(run_checks(WS281X, machine))["core clock"].status == "ok"


def test_a_zero_2_w_needs_core_freq_250(tmp_path: Path) -> None:
    machine = _pi(tmp_path, ZERO2, devices=("spidev0.0",), config_txt="#core_freq=250\n")
    checks = _by_name(run_checks(WS281X, machine))
    assert checks["SPI"].status == "ok"
    assert checks["core clock"].status == "FAIL" and "lacks core_freq=250" in checks["core clock"].detail


def test_a_user_outside_the_spi_group_is_told_to_join_it(tmp_path: Path) -> None:
    machine = _pi(tmp_path, PI4, devices=("spidev0.0",), groups=frozenset({"gpio"}))
    check = _by_name(run_checks(WS281X, machine))["SPI"]
    assert check.status == "FAIL" and check.fix.startswith("sudo usermod -aG spi tock")


def test_pwm_on_gpio18_is_refused_for_the_service(tmp_path: Path) -> None:
    setup = Setup(camera="none", led_backend="ws281x", led_pin=18)
    check = _by_name(run_checks(setup, _pi(tmp_path, PI4)))["LED access"]
    assert check.status == "FAIL" and "GPIO18 (pin 12) is PWM, which needs root" in check.detail
    assert "GPIO10 (pin 19)" in check.fix


def test_a_pi5_set_to_ws281x_is_told_to_use_pi5(tmp_path: Path) -> None:
    check = _by_name(run_checks(WS281X, _pi(tmp_path, PI5)))["LED driver"]
    assert check.status == "FAIL" and check.fix == 'leds.backend = "pi5"'


def test_a_pi5_checks_dev_pio0_and_its_udev_rule(tmp_path: Path) -> None:
    setup = Setup(camera="none", led_backend="pi5")
    no_device = _by_name(run_checks(setup, _pi(tmp_path, PI5)))
    # the real Pi 5 NeoPixel module is installed here (a dev dependency)
    assert no_device["LED driver"].status == "ok"
    assert no_device["LED access"].fix.startswith(
        "sudo apt update && sudo apt full-upgrade && sudo rpi-eeprom-update -a, then reboot"
    )
    root_only = _pi(tmp_path, PI5, devices=("pio0",), can_open=lambda path: False)
    check = _by_name(run_checks(setup, root_only))["LED access"]
    assert check.status == "FAIL" and "99-tock-pio.rules /etc/udev/rules.d/" in check.fix
    assert check.fix.endswith("sudo udevadm control --reload-rules && sudo udevadm trigger")
    allowed = _pi(tmp_path, PI5, devices=("pio0",), can_open=lambda path: True)
    assert _by_name(run_checks(setup, allowed))["LED access"].status == "ok"


def test_on_a_pi_a_venv_with_numpy_2_and_no_system_packages_is_caught(tmp_path: Path) -> None:
    """This test venv is what a broken Pi install looks like: its own numpy 2, no system packages."""
    checks = _by_name(run_checks(Setup(camera="picamera2"), _pi(tmp_path, PI4)))
    assert checks["venv"].status == "FAIL" and "--system-site-packages" in checks["venv"].fix
    assert checks["numpy"].status == "FAIL" and f"numpy {numpy.__version__}" in checks["numpy"].detail
    assert "pip uninstall numpy opencv-python-headless" in checks["numpy"].fix
    assert checks["OpenCV"].status == "ok"
    assert (
        checks["picamera2"].status == "FAIL"
        and "sudo apt install python3-picamera2" in checks["picamera2"].detail
    )


def test_a_missing_webcam_and_buttons_without_lgpio_are_named(tmp_path: Path) -> None:
    setup = Setup(camera="opencv:0", buttons=True)
    checks = _by_name(run_checks(setup, _pi(tmp_path, PI4)))
    assert checks["camera"].status == "FAIL" and checks["camera"].fix.startswith("plug the USB webcam in")
    assert checks["buttons"].status == "FAIL" and checks["buttons"].fix == "sudo apt install python3-lgpio"


def test_too_little_free_disk_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hardware.doctor, "MIN_FREE_BYTES", 1 << 62)
    check = run_checks(Setup(saves=tmp_path), Machine(None))[-1]
    assert check.status == "FAIL" and "free some space" in check.fix


def test_tock_doctor_on_this_machine_prints_one_line_per_check() -> None:
    result = CliRunner().invoke(main, ["doctor"])
    lines = result.output.splitlines()
    assert result.exit_code == 0, result.output
    assert lines[0].startswith("tock doctor: not a Raspberry Pi (no /proc/device-tree/model); user ")
    assert lines[1].startswith("no --config: checking the default settings")
    assert [line.split()[0] for line in lines[2:]] == ["skip"] * 6 + ["ok", "skip", "ok"]
    assert all(len(line.split(None, 2)) == 3 for line in lines[2:])  # status, check, why


def test_tock_doctor_with_a_bad_config_is_one_line(tmp_path: Path) -> None:
    config = tmp_path / "tock.toml"
    config.write_text("[leds]\npin = 99\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["doctor", "--config", str(config)])
    assert result.exit_code == 1 and result.output.startswith("Error: ") and "Traceback" not in result.output


def _revision(root: Path, code: int) -> None:
    folder = root / "proc/device-tree/system"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "linux,revision").write_bytes(code.to_bytes(4, "big"))


def test_a_user_in_spi_alone_is_told_rpi_ws281x_also_needs_gpio(tmp_path: Path) -> None:
    """rpi-ws281x's SPI mode maps /dev/gpiomem (its lib/ws2811.c) to switch GPIO10 to SPI."""
    machine = _pi(tmp_path, PI4, devices=("spidev0.0", "gpiomem"), groups=frozenset({"spi"}))
    checks = _by_name(run_checks(WS281X, machine))
    assert checks["SPI"].status == "ok"
    assert checks["GPIO memory"].status == "FAIL" and "dev/gpiomem" in checks["GPIO memory"].detail
    assert checks["GPIO memory"].fix.startswith("sudo usermod -aG gpio tock")
    both = _pi(tmp_path, PI4, devices=("spidev0.0", "gpiomem"), groups=frozenset({"spi", "gpio"}))
    assert _by_name(run_checks(WS281X, both))["GPIO memory"].status == "ok"


def test_the_spi_buffer_must_hold_12_bytes_per_led(tmp_path: Path) -> None:
    machine = _pi(tmp_path, PI4, devices=("spidev0.0",))
    (tmp_path / "sys/module/spidev/parameters").mkdir(parents=True)
    (tmp_path / "sys/module/spidev/parameters/bufsiz").write_text("4096\n")
    tock6 = _by_name(run_checks(Setup(led_backend="ws281x", model="tock6"), machine))["SPI buffer"]
    assert tock6.status == "ok" and tock6.detail == "157 LEDs in 4096 bytes (room for 339)"
    long_strip = Setup(led_backend="ws281x", led_count=400)
    check = _by_name(run_checks(long_strip, machine))["SPI buffer"]
    assert check.status == "FAIL" and "spidev.bufsiz=8192" in check.fix


@pytest.mark.parametrize(
    ("model", "revision", "arm64", "status"),
    [
        ("Raspberry Pi 3 Model A Plus Rev 1.1", 0x9020E1, True, "FAIL"),
        ("Raspberry Pi 3 Model A Plus Rev 1.0", 0x9020E0, True, "ok"),
        ("Raspberry Pi 3 Model B Rev 1.2", 0xA52082, True, "FAIL"),
        ("Raspberry Pi 3 Model B Rev 1.2", 0xA52082, False, "ok"),
        (PI4, 0xC03114, True, "ok"),
    ],
)
def test_a_board_revision_missing_from_rpi_ws281x_is_named(
    tmp_path: Path, model: str, revision: int, arm64: bool, status: str
) -> None:
    """Checked against the installed rpi-ws281x's version (5.0.0, whose table the check holds)."""
    machine = _pi(tmp_path, model, arm64=arm64)
    _revision(tmp_path, revision)
    check = _by_name(run_checks(WS281X, machine))["board"]
    assert check.status == status, check
    if status == "FAIL":
        assert f"0x{revision:06x}" in check.detail and "pip install that folder" in check.fix


def test_pi5_buttons_are_checked_on_the_gpiochip_gpiozero_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", types.ModuleType("lgpio"))
    setup = Setup(camera="none", buttons=True)
    machine = _pi(tmp_path, PI5, devices=("gpiochip0",), can_open=lambda path: True)
    _revision(tmp_path, 0xD04170)
    check = _by_name(run_checks(setup, machine))["buttons"]
    assert check.status == "ok" and check.detail.endswith("/dev/gpiochip0, and tock may"), check
    monkeypatch.setattr(hardware.doctor, "gpiozero_version", lambda: "2.0.1")
    check = _by_name(run_checks(setup, machine))["buttons"]
    assert check.status == "FAIL" and "gpiozero 2.0.1 opens" in check.detail and "gpiochip4" in check.detail
    assert check.fix.endswith("pip install 'gpiozero>=2.0.1.post3'")
    (tmp_path / "dev/gpiochip4").touch()  # a kernel that still numbers the header 4
    assert _by_name(run_checks(setup, machine))["buttons"].detail.endswith("/dev/gpiochip4, and tock may")


def test_the_led_map_check_says_which_map_the_service_reads(tmp_path: Path) -> None:
    recorded = tmp_path / "maps"
    recorded.mkdir()
    machine = Machine(None, map_dir=recorded)
    check = _by_name(run_checks(Setup(), machine))["LED map"]
    assert check.status == "ok" and check.detail.startswith(
        "tock4: the shipped one (105 LEDs); none recorded"
    )
    LedMap.load("tock4", search=[BOARDS_DIR]).save(recorded)
    check = _by_name(run_checks(Setup(), machine))["LED map"]
    assert check.detail == f"tock4: recorded, {recorded / 'tock4.leds.json'} (105 LEDs)"
    check = _by_name(run_checks(Setup(led_count=100), machine))["LED map"]
    assert check.status == "FAIL" and "has 105 LEDs but the strip is set to 100" in check.detail


def test_without_a_device_tree_revision_only_64_bit_warns(tmp_path: Path) -> None:
    """64-bit rpi-ws281x reads /proc/device-tree/system/linux,revision; the 32-bit one /proc/cpuinfo."""
    warned = _by_name(run_checks(WS281X, _pi(tmp_path, PI4, arm64=True)))["board"]
    assert warned.status == "warn" and "linux,revision: rpi-ws281x will not find this board" in warned.detail
    assert _by_name(run_checks(WS281X, _pi(tmp_path, PI4, arm64=False)))["board"].status == "skip"
