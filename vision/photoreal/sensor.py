"""The photoreal camera's sensor: from POV-Ray's linear radiance to the JPEG a Raspberry Pi camera writes.

In order, as light goes: the wide-angle lens bends the pinhole render (OpenCV ``remap``), blurs it a little
and darkens the corners; the exposure scales it and the sensor's colour filter keeps one channel per pixel
(an RGGB Bayer mosaic); photon shot noise and read noise are added in electrons (more analogue gain, fewer
electrons per level: a dim room is noisier); the value is clipped and quantised to 10 bits; then the
processing demosaics, applies the white balance and the sRGB tone curve and writes a JPEG.

Exposure and white balance are *locked*: :func:`meter` measures them once on the empty board's render, as a
camera's automatic controls settle before calibration, and every later frame of the set-up uses them, so a
hand or a marble changes the picture as it would with a locked camera.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.photoreal.camera import LensCamera
from vision.photoreal.setups import Sensor

FULL_WELL = 5000.0
"""Electrons at full scale at analogue gain 1 (a small-pixel camera module)."""
READ_NOISE = 2.5
"""Read noise in electrons."""
MID_GREY = 0.16
"""Linear level the automatic exposure brings the frame's mean to."""


@dataclass(frozen=True)
class Metering:
    """Locked exposure and white-balance gains (linear BGR)."""

    exposure: float
    white_balance: tuple[float, float, float]


class SensorPipeline:
    """Turns linear renders of one set-up into camera frames."""

    def __init__(self, camera: LensCamera, sensor: Sensor) -> None:
        self.camera = camera
        self.sensor = sensor
        self._maps = camera.distortion_maps()
        width, height = camera.size
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        r2 = ((xs - width / 2) ** 2 + (ys - height / 2) ** 2) / ((width / 2) ** 2 + (height / 2) ** 2)
        self._vignette = (1 - sensor.vignette * r2).astype(np.float32)

    def optics(self, render: np.ndarray) -> np.ndarray:
        """The light on the sensor (linear BGR, frame-sized): lens distortion, blur, vignetting."""
        image = cv2.remap(render, *self._maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        image = cv2.GaussianBlur(image, (0, 0), self.sensor.blur_px)
        return np.asarray(image * self._vignette[..., None], np.float32)

    def meter(self, light: np.ndarray) -> Metering:
        """Exposure and white balance from a frame's light (the empty board): the centre's mean to
        :data:`MID_GREY`, and grey-world white balance, partly (as automatic white balance does)."""
        height, width = light.shape[:2]
        centre = light[height // 5 : -height // 5, width // 5 : -width // 5].reshape(-1, 3)
        mean = centre.mean(axis=0)
        grey = float(mean.mean())
        exposure = MID_GREY / max(grey, 1e-9)
        full = grey / np.maximum(mean, 1e-9)
        gains = full**self.sensor.awb_strength
        return Metering(exposure, tuple(float(g) for g in gains / gains[1]))  # type: ignore[arg-type]

    def capture(self, light: np.ndarray, metering: Metering, rng: np.random.Generator) -> bytes:
        """A JPEG frame of the light on the sensor (``rng`` draws its noise)."""
        exposed = light * np.float32(metering.exposure)
        height, width = exposed.shape[:2]
        # RGGB mosaic: which BGR channel each photosite sees
        channel = np.empty((height, width), np.intp)
        channel[0::2, 0::2] = 2
        channel[0::2, 1::2] = 1
        channel[1::2, 0::2] = 1
        channel[1::2, 1::2] = 0
        raw = np.take_along_axis(exposed, channel[..., None], axis=2)[..., 0]
        electrons_full = FULL_WELL / self.sensor.analog_gain
        signal = np.clip(raw, 0, None) * electrons_full
        noisy = signal + rng.standard_normal(signal.shape).astype(np.float32) * np.sqrt(
            signal + READ_NOISE**2
        ).astype(np.float32)
        raw10 = np.clip(np.rint(noisy / electrons_full * 1023), 0, 1023).astype(np.uint16)
        # OpenCV names Bayer patterns from the second row: its "BG" is an RGGB sensor
        bgr = cv2.cvtColor(raw10 * np.uint16(64), cv2.COLOR_BayerBG2BGR).astype(np.float32) / 65535
        bgr *= np.array(metering.white_balance, np.float32)[None, None, :]
        srgb = _srgb(np.clip(bgr, 0, 1))
        ok, data = cv2.imencode(
            ".jpg", np.rint(srgb * 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, self.sensor.jpeg]
        )
        if not ok:
            raise RuntimeError("OpenCV could not encode a JPEG")
        return bytes(data)


def _srgb(linear: np.ndarray) -> np.ndarray:
    """The sRGB tone curve."""
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * np.power(linear, 1 / 2.4) - 0.055)
