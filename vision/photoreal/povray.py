"""Running Debian's ``povray`` on a scene and reading back its linear render, with the CPU time it took."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

QUALITY = 9
"""POV-Ray quality: 9 keeps refraction, reflection, area lights and photons."""


class RenderError(RuntimeError):
    """POV-Ray is missing or failed on a scene."""


@dataclass(frozen=True)
class Render:
    """A linear BGR float32 image and the CPU seconds POV-Ray spent on it."""

    image: np.ndarray
    cpu_s: float


def povray_path() -> str:
    """The ``povray`` program.

    Raises:
        RenderError: it is not installed.
    """
    found = shutil.which("povray")
    if found is None:
        raise RenderError("POV-Ray is not installed: apt-get install povray")
    return found


def render(scene: str, folder: Path, size: tuple[int, int], name: str = "scene") -> Render:
    """Render ``scene`` (POV-Ray text) at ``size`` in ``folder`` (where its image files are), on one thread
    at low priority, without anti-aliasing (the lens blur of :mod:`vision.photoreal.sensor` smooths
    edges as optics do).

    Raises:
        RenderError: POV-Ray is missing or reports an error.
    """
    program = povray_path()
    source = folder / f"{name}.pov"
    output = folder / f"{name}.hdr"
    source.write_text(scene)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # renders are long: they yield the CPU to whatever else runs on the machine
    nice = ["nice", "-n", "10"] if shutil.which("nice") else []
    command = [
        *nice,
        program,
        f"+I{source.name}",
        f"+O{output.name}",
        "+FH",
        f"+W{size[0]}",
        f"+H{size[1]}",
        f"+Q{QUALITY}",
        "-A",
        "+WT1",
        "-D",
        "-V",
        "-GA",
        "+GF",
    ]
    env = {**os.environ, "HOME": str(folder)}  # POV-Ray looks for its user configuration there
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or not output.exists():
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-8:])
        raise RenderError(f"POV-Ray failed on {source}:\n{tail}")
    image = cv2.imread(str(output), cv2.IMREAD_UNCHANGED)
    if image is None:
        raise RenderError(f"cannot read POV-Ray's output {output}")
    output.unlink()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Render(np.ascontiguousarray(image[..., :3], np.float32), cpu)
