"""The Raspberry Pi install, done for real: the README's steps on Debian Bookworm's own Python.

Raspberry Pi OS Bookworm is Debian Bookworm: its ``python3-numpy`` (1.24) and ``python3-opencv`` (4.6)
are the packages picamera2 and simplejpeg are built against. This test makes the venv the README asks
for (``--system-site-packages`` over Debian's ``/usr/bin/python3`` with those two packages), installs the
project with its ``pi`` extra, and checks that the venv still imports Debian's numpy 1.x (a numpy 2
installed into the venv would shadow it and break picamera2 with "numpy.dtype size changed") and that
OpenCV and the board reader import, and that ``tock doctor``'s Python checks agree. It needs Debian's
packages (``apt install python3-opencv python3-venv python3-dev``, which CI's script installs) and
PyPI; it took between 20 and 35 s of wall time here (2 cores shared with other work).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEBIAN_PYTHON = Path("/usr/bin/python3")
LEFT_BEHIND = shutil.ignore_patterns(
    ".*", "build", "*.egg-info", "__pycache__", "_compiled*", "tock-data", "artifacts", "tests"
)
"""What the copy of the project installed here leaves out: pip builds in the folder it is given."""
PROBE = "import json, numpy, cv2; print(json.dumps([numpy.__version__, numpy.__file__, cv2.__version__]))"


def _debian_stack() -> str | None:
    """Why Debian's numpy and OpenCV cannot be used here, or None when they can."""
    if not DEBIAN_PYTHON.exists():
        return f"no {DEBIAN_PYTHON}"
    probe = subprocess.run([DEBIAN_PYTHON, "-c", PROBE], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        return f"{DEBIAN_PYTHON} cannot import numpy and cv2 (apt install python3-opencv)"
    return None


def _run(*command: object) -> str:
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.install
def test_installing_for_a_pi_keeps_debians_numpy_1_and_opencv(tmp_path: Path) -> None:
    missing = _debian_stack()
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the Pi install test: {missing}")
        pytest.skip(f"the Pi install test needs Debian's numpy and OpenCV: {missing}")
    source = tmp_path / "tock-companion"
    shutil.copytree(ROOT, source, ignore=LEFT_BEHIND)
    venv = tmp_path / "tock-venv"
    _run(DEBIAN_PYTHON, "-m", "venv", "--system-site-packages", venv)
    _run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", f"{source}[pi]")
    numpy_version, numpy_file, cv2_version = json.loads(_run(venv / "bin" / "python", "-c", PROBE))
    assert numpy_version.startswith("1."), f"the install put numpy {numpy_version} over Debian's 1.x"
    assert not Path(numpy_file).is_relative_to(venv), f"numpy comes from the venv ({numpy_file})"
    assert cv2_version.startswith("4."), cv2_version
    _run(venv / "bin" / "python", "-c", "import vision.reader, hardware.cameras")
    # tock doctor's Python checks, run in that venv as on a Pi 4, find it right
    doctor = (
        "from hardware.doctor import Machine, Setup, run_checks\n"
        "for check in run_checks(Setup(), Machine('Raspberry Pi 4 Model B Rev 1.4'))[:3]: print(check.line())"
    )
    lines = _run(venv / "bin" / "python", "-c", doctor).splitlines()
    assert [line.split()[:2] for line in lines] == [["ok", "venv"], ["ok", "numpy"], ["ok", "OpenCV"]], lines
