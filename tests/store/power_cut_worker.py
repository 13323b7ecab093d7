"""A scripted game for the power-cut test: four computer seats play on and on, printing each saved move.

Run as ``python -m tests.store.power_cut_worker DB``. It resumes whatever game the save holds, lets the
computer seats play (a new game when one ends), and prints ``confirmed <game> <n> <event>`` once an event
is committed: every such line is a promise the next start must keep.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.store.saves import GameStore
from firmware_py.table.core import Table


def main(db: Path) -> None:
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=0), seed=7)
    config = Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0001)
    table = Table(config, store=GameStore(db))
    store = table.store
    printed: dict[int, int] = {}
    out = sys.stdout
    out.write("started\n")
    out.flush()
    while True:
        time.sleep(0.0002)
        table.tick()
        view = table.public_view()
        game_id = view["game_id"]
        events = store.events(game_id)
        for event in events[printed.get(game_id, 0) :]:
            out.write(f"confirmed {game_id} {event.n} {event.kind}:{event.seat}:{event.text}\n")
        out.flush()
        printed[game_id] = len(events)
        if view["winner"]:
            table.new_game(game.to_dict() | {"seed": game_id + 1})


if __name__ == "__main__":
    main(Path(sys.argv[1]))
