"""Table benchmarks: stable reading -> LEDs and page updated (<= 50 ms); memory of ``tock serve`` (<= 250 MB).

Latency: the simulated companion (synthetic camera, vision, engine, simulated LED strip) plays moves;
for each, the frame is rendered and read outside the clock, then the clock runs from handing the stable
reading to the table until the LED driver has shown the new frame *and* a page listener has its event
and has built its view. Memory: ``tock serve`` in simulation is started as a subprocess, its pages are
fetched, its camera loop runs for a while, and its peak resident memory (VmHWM) is read from /proc.
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from firmware_py.app.companion import assemble
from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import Move, play

LATENCY_TARGET_MS = 50.0
MEMORY_TARGET_MB = 250.0
MOVES = 60


def _latency(folder: Path) -> list[float]:
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=4), seed=4)
    config = Config(
        game=game, camera=CameraSettings(source="sim", still_frames=1), computer_delay=0.0, db=folder / "b.db"
    )
    companion = assemble(config)
    table, loop = companion.table, companion.loop
    driver = table.led_driver
    listener = table.subscribe()
    times: list[float] = []
    try:
        loop.step()
        while len(times) < MOVES:
            view = table.public_view()
            if view["winner"]:
                table.new_game({"seats": [{"name": n} for n in "ABCD"], "seed": len(times)})
                continue
            token = next(link["token"] for link in table.seat_links() if link["seat"] == view["turn"])
            hints = table.hints(token)
            if not hints:
                break
            move = next((h for h in hints if h["from"]), hints[0])
            if not move["from"]:  # a discard: nothing to see on the board
                table.play(token, move["move"])
                continue
            table.choose_card(token, move["card"])
            board = dict(play(table.position, Move.parse(move["move"])).layout)
            loop.use_camera(lambda camera, b=board: camera.set_layout(b))
            frame = loop.use_camera(lambda camera: camera.capture())
            reading = loop.reader.read(frame)
            if reading.status != "ok" or reading.uncertain:
                continue
            driver.flush(timeout=5)
            while listener.get(timeout=0) is not None:
                pass
            version = table.version
            started = time.perf_counter()
            table.on_reading(reading)
            assert table.version > version, "the reading changed nothing"
            driver.flush(timeout=5)
            assert listener.get(timeout=5) is not None
            table.public_view()
            times.append((time.perf_counter() - started) * 1000)
    finally:
        listener.close()
        companion.close()
    return times


def _peak_memory_mb(folder: Path) -> tuple[float, float]:
    """(seconds to the printed URL, peak resident MB) of ``tock serve`` in simulation."""
    port = 18000 + os.getpid() % 1000
    tock = Path(sys.executable).with_name("tock")
    started = time.perf_counter()
    server = subprocess.Popen(
        [str(tock), "serve", "--port", str(port), "--db", str(folder / "serve.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        startup = time.perf_counter() - started
        assert "http://" in line, (
            f"tock serve did not start: {line}{server.stderr.read() if server.stderr else ''}"
        )
        for path in ("/table", "/setup", "/learn", "/api/state", "/calibration", "/api/camera.jpg"):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).read()
            except OSError:
                pass
        time.sleep(8)
        status = Path(f"/proc/{server.pid}/status").read_text()
        peak = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:"))
        return startup, peak / 1024
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        times = _latency(folder)
        median, worst = statistics.median(times), max(times)
        p95 = sorted(times)[int(0.95 * (len(times) - 1))]
        ok_latency = p95 <= LATENCY_TARGET_MS
        print(
            f"   stable reading -> LEDs + page: median {median:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms"
            f" over {len(times)} moves (target p95 <= {LATENCY_TARGET_MS:.0f} ms)"
            f" {'ok' if ok_latency else 'MISSED'}"
        )
        startup, peak = _peak_memory_mb(folder)
        ok_memory = peak <= MEMORY_TARGET_MB
        print(f"   tock serve (simulation): URL printed after {startup:.2f} s")
        print(
            f"   tock serve (simulation): peak resident memory {peak:.0f} MB"
            f" (target <= {MEMORY_TARGET_MB:.0f} MB) {'ok' if ok_memory else 'MISSED'}"
        )
    return ok_latency and ok_memory


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
