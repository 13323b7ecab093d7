"""The shipped systemd unit: a plain user with its groups, and a bounded number of failed starts."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "hardware" / "systemd" / "tock.service"
UDEV_RULE = UNIT.parents[1] / "udev" / "99-tock-pio.rules"


def _unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


def test_the_service_runs_as_a_plain_user_with_the_groups_of_spi_leds_buttons_and_camera() -> None:
    service = _unit()["Service"]
    assert service["User"] == "tock" and "root" not in service.get("Group", "")
    assert set(service["SupplementaryGroups"].split()) == {"gpio", "spi", "video"}
    assert service["NoNewPrivileges"] == "true"


def test_the_service_stops_retrying_after_a_few_failed_starts() -> None:
    unit = _unit()
    assert unit["Service"]["Restart"] == "on-failure"
    burst, interval = int(unit["Unit"]["StartLimitBurst"]), int(unit["Unit"]["StartLimitIntervalSec"])
    restart_every = int(unit["Service"]["RestartSec"])
    # the burst must fit in the interval, or the limit would never be reached and it would retry forever
    assert 2 <= burst <= 5 and burst * restart_every < interval


def test_the_pi5_udev_rule_gives_dev_pio0_to_the_gpio_group() -> None:
    rule = [line for line in UDEV_RULE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert rule == ['SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"']


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_itself_accepts_the_unit(tmp_path: Path) -> None:
    tock = tmp_path / "tock"
    tock.write_text("#!/bin/sh\n", encoding="utf-8")
    tock.chmod(0o755)
    unit = tmp_path / "tock.service"
    unit.write_text(UNIT.read_text(encoding="utf-8").replace("/home/tock/tock-venv/bin/tock", str(tock)))
    verify = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert verify.returncode == 0 and verify.stderr == "", verify.stderr
