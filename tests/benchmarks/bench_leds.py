"""LED path speed: from game facts to a frame on the (simulated) strip, and through the driver thread.

Target (design.md): stable reading -> LEDs and page updated within 50 ms. The LED share should be a
small part of it, and an animated scene must be redrawn well within a 30 fps frame (33 ms).
"""

from __future__ import annotations

import statistics
import time

from hardware import scenes
from hardware.ledmap import BOARDS_DIR, LedMap
from hardware.leds import LedConfig, LedDriver, SimulatedStrip

FRAME_TARGET_MS = 5.0
LATENCY_TARGET_MS = 50.0
WS2812_US_PER_LED = 30.0
"""24 bits at 800 kHz: the time the data line needs per LED, whatever the driver."""


def _busy_scene(led_map: LedMap, t: float) -> dict[str, tuple[int, int, int]]:
    track = [p for p in led_map.chain if p is not None and p[1:].isdigit()]
    return scenes.combine(
        scenes.idle(track, [(255, 0, 0), (0, 0, 255)], t),
        scenes.legal_destinations(track[:12], (0, 255, 0)),
        scenes.selected_marble("A5", (255, 0, 0), t),
        scenes.illegal_move(["B3", "B4"], {"B2": (0, 0, 255)}, t),
        scenes.captured_marble("CR2", (0, 255, 0), t),
        scenes.seat_to_play("A18", (255, 0, 0)),
    )


def _frame_times(led_map: LedMap, strip: SimulatedStrip, rounds: int = 300) -> list[float]:
    times = []
    for i in range(rounds):
        started = time.perf_counter()
        scene = scenes.cap_to_budget(_busy_scene(led_map, i / 30.0), strip.config.budget_ma)
        strip.show(led_map.to_pixels(scene))
        times.append((time.perf_counter() - started) * 1000.0)
    return times


def _driver_latencies(led_map: LedMap, strip: SimulatedStrip, rounds: int = 300) -> list[float]:
    latencies = []
    with LedDriver(strip, led_map) as driver:
        for i in range(rounds):
            started = time.perf_counter()
            driver.send({"A1": (i % 256, 0, 0)})
            driver.flush(5.0)
            latencies.append((time.perf_counter() - started) * 1000.0)
    return latencies


def main() -> bool:
    ok = True
    for model in ("tock4", "tock6"):
        led_map = LedMap.load(model, search=[BOARDS_DIR])
        strip = SimulatedStrip(LedConfig(count=led_map.count, brightness=0.5, budget_ma=2000.0))
        frame = statistics.median(_frame_times(led_map, strip))
        latency = _driver_latencies(led_map, SimulatedStrip(strip.config))
        p95 = statistics.quantiles(latency, n=20)[-1]
        wire = led_map.count * WS2812_US_PER_LED / 1000.0
        print(
            f"   {model}: {led_map.count} LEDs; scene -> frame (6 scenes combined, capped): "
            f"{frame:.3f} ms median (target <= {FRAME_TARGET_MS} ms)"
        )
        print(
            f"   {model}: send -> shown through LedDriver: {statistics.median(latency):.3f} ms median, "
            f"{p95:.3f} ms p95 (target <= {LATENCY_TARGET_MS} ms); the data line adds {wire:.1f} ms"
        )
        ok &= frame <= FRAME_TARGET_MS and p95 + wire <= LATENCY_TARGET_MS
    return ok


if __name__ == "__main__":
    main()
