"""Power cuts: SIGKILL at 100 random moments of a scripted game loses no confirmed move and no save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from firmware_py.store.history import replay
from firmware_py.store.saves import GameStore

ROOT = Path(__file__).resolve().parents[2]
KILLS = 100


def _run_until_killed(db: Path, delay: float, *, during_start: bool) -> list[tuple[int, int, str]]:
    """Start the worker, SIGKILL it ``delay`` seconds later (after it resumed the game, unless
    ``during_start``: then while it starts and resumes), and return what it confirmed."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.store.power_cut_worker", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert worker.stdout is not None
    if not during_start:
        assert worker.stdout.readline() == "started\n", "the worker did not start"
    time.sleep(delay)
    worker.send_signal(signal.SIGKILL)
    out, err = worker.communicate(timeout=30)
    assert worker.returncode == -signal.SIGKILL, f"the worker stopped by itself: {err[-2000:]}"
    confirmed = []
    for line in out.splitlines():
        if line.startswith("confirmed "):
            _, game, n, text = line.split(" ", 3)
            confirmed.append((int(game), int(n), text))
    return confirmed


def test_no_confirmed_move_is_lost_and_the_save_stays_sound(tmp_path: Path) -> None:
    db = tmp_path / "tock.sqlite3"
    rng = random.Random(20261121)
    promised: dict[tuple[int, int], str] = {}
    for kill in range(KILLS):
        moment = rng.uniform(0.0, 0.2)
        for game, n, text in _run_until_killed(db, moment, during_start=kill % 5 == 0):
            assert promised.setdefault((game, n), text) == text, f"event {game}/{n} changed after a restart"
    store = GameStore(db)
    assert store.integrity() == "ok"
    saved = {
        (game.id, e.n): f"{e.kind}:{e.seat}:{e.text}" for game in store.games() for e in store.events(game.id)
    }
    lost = {key: text for key, text in promised.items() if saved.get(key) != text}
    assert not lost, f"confirmed events missing from the save: {sorted(lost)[:5]}"
    assert len(promised) > 50, "the scripted game barely moved: the test proves nothing"
    for game in store.games():  # every saved game still replays move by move
        assert len(list(replay(game, store.events(game.id)))) == len(store.events(game.id))
