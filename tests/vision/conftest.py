"""Shared synthetic cameras, calibrated readers and photoreal frames for the vision tests (built or loaded
once per session)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from vision.bench import HandsResult, calibrated_camera, play_move
from vision.calibration import Calibration
from vision.geometry import BoardGeometry
from vision.photoreal.dataset import PhotorealSetup, committed_setups
from vision.reader import BoardReader
from vision.synthetic import SyntheticCamera, starting_layout


@dataclass
class Rig:
    """A camera above a board, and a reader calibrated on its starting layout."""

    camera: SyntheticCamera
    reader: BoardReader
    calibration: Calibration

    @property
    def geometry(self) -> BoardGeometry:
        return self.camera.geometry


def make_rig(model: str = "tock4", *, empty_first: bool = False, **options: object) -> Rig:
    """A calibrated rig; with ``empty_first``, calibrated as the wizard does (the empty board first)."""
    camera = SyntheticCamera(model, **options)  # type: ignore[arg-type]
    empty = None
    if empty_first:
        camera.set_layout({})
        empty = camera.capture()
    camera.set_layout(starting_layout(camera.geometry))
    reader = BoardReader(camera.geometry)
    calibration = reader.calibrate(camera.capture(), starting_layout(camera.geometry), empty=empty)
    return Rig(camera, reader, calibration)


def replay_setup(
    state: dict[str, Any], **fixed: Any
) -> tuple[SyntheticCamera, BoardReader, np.random.Generator]:
    """Draw again, as the bench does, the calibrated set-up the random ``state`` draws (a state kept from
    the bench's own generator, so that a case once seen stays a test), with the generator left where
    the bench goes on drawing that set-up's boards or move."""
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    camera, reader = calibrated_camera("tock4", (1280, 960), rng, **fixed)
    assert not isinstance(reader, str), reader
    return camera, reader, rng


def replay_move_by_hand(state: dict[str, Any], *, edge_strip: bool = True) -> HandsResult:
    """Play again, as the bench does, the move by hand that the random ``state`` draws (a state kept
    from the bench's own generator, so that a case once seen stays a test); without ``edge_strip``, as a
    calibration saved before the board's edge strip was kept reads it (see :mod:`vision.edge_watch`)."""
    camera, reader, rng = replay_setup(state, shadow=False)
    if not edge_strip:
        assert reader.calibration is not None
        reader.calibration.edge = None
    result = HandsResult()
    play_move(camera, reader, rng, result)
    return result


@pytest.fixture(scope="session")
def tilted_rig() -> Rig:
    """A hard but honest camera: 35 degrees off vertical, turned, blurred, noisy, glare, drifting light."""
    return make_rig(
        seed=11, tilt=35, rotation=37, blur=1.0, noise=4, glare=2, white_balance=0.1, exposure=0.2
    )


@pytest.fixture(scope="session")
def plain_rig() -> Rig:
    """A camera straight above the board."""
    return make_rig(seed=3, tilt=5, rotation=-10, noise=2)


@pytest.fixture(scope="session")
def photoreal_setups() -> dict[str, PhotorealSetup]:
    """The committed photoreal set-ups (tuning seeds, every material and light), by name such as
    ``"clear-desk-0"``; their frames and ground truth load with :mod:`vision.photoreal.dataset`."""
    return {s.name: s for s in committed_setups()}
