"""``tock serve`` and ``tock replay`` from the command line: one clear line for anything missing."""

from __future__ import annotations

import dataclasses
import http.client
import os
import pty
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from firmware_py.cli import main
from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine.compiled import engine_kind
from firmware_py.store.saves import GameStore
from firmware_py.table.core import Table


def serve(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["serve", *args])
    return result.exit_code, result.output


def test_a_bad_config_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "tock.toml"
    bad.write_text("[camera]\nfps = 'fast'\n", encoding="utf-8")
    code, output = serve("--config", str(bad), "--db", str(tmp_path / "t.db"))
    assert code == 1
    assert output.strip() == f"Error: {bad}: camera.fps: expected a number 1..60, got 'fast'"


def test_an_unknown_camera_is_one_line(tmp_path: Path) -> None:
    code, output = serve("--camera", "webcam", "--db", str(tmp_path / "t.db"))
    assert code == 1 and output.startswith("Error: --camera: expected sim, none, picamera2")
    assert len(output.strip().splitlines()) == 1


def test_a_missing_camera_library_is_one_line(tmp_path: Path) -> None:
    try:
        import picamera2  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("picamera2 is installed here")
    code, output = serve("--camera", "picamera2", "--db", str(tmp_path / "t.db"))
    assert code == 1 and output.startswith("Error: camera picamera2: ") and "Traceback" not in output
    assert len(output.strip().splitlines()) == 1


def test_led_strip_that_cannot_start_here_is_one_line(tmp_path: Path) -> None:
    if (
        Path("/proc/device-tree/model").exists()
        and "Raspberry" in Path("/proc/device-tree/model").read_text()
    ):
        pytest.skip("on a Raspberry Pi the strip may start")
    code, output = serve("--leds", "ws281x", "--db", str(tmp_path / "t.db"))
    assert code == 1 and output.startswith("Error: LEDs: ") and "Traceback" not in output
    assert len(output.strip().splitlines()) == 1


def test_a_save_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    db.write_bytes(b"not a database" * 200)
    code, output = serve("--camera", "none", "--db", str(db))
    assert code == 1 and "is not a readable save file" in output


def test_a_save_whose_folder_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    """A file where the save's folder should be (a typo in --db) is one line, not a traceback."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("not a folder", encoding="utf-8")
    db = blocker / "games" / "tock.sqlite3"
    code, output = serve("--camera", "none", "--db", str(db))
    assert code == 1 and "Traceback" not in output
    assert output.strip() == f"Error: {db}: cannot make its folder {db.parent} (Not a directory)"


def test_replay_lists_and_replays_a_saved_game(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=0), seed=9)
    table = Table(
        Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0), store=GameStore(db)
    )
    view = table.public_view()
    table.close()
    assert view["winner"], "four computer seats play a whole game"
    listing = CliRunner().invoke(main, ["replay", "--db", str(db)])
    assert listing.exit_code == 0 and f"won by {view['winner']}" in listing.output
    replayed = CliRunner().invoke(main, ["replay", "last", "--db", str(db), "--lang", "en", "--boards"])
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.output.splitlines()
    assert lines[0].startswith(f"game {view['game_id']}: preset r1, seed 9")
    assert sum(line[:5].strip().rstrip(".").isdigit() for line in lines) == len(view["log"])
    assert lines[-1].startswith("won by ")


def test_replay_of_an_unknown_game_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    GameStore(db).close()
    result = CliRunner().invoke(main, ["replay", "7", "--db", str(db)])
    assert result.exit_code == 1 and result.output.startswith("Error: no game 7 in")
    missing = CliRunner().invoke(main, ["replay", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 1 and "no save file" in missing.output


def test_stopping_the_companion_ends_the_open_pages_streams_first(tmp_path: Path) -> None:
    """``systemctl stop`` with phones connected: the live streams end at once, so that waitress (which
    waits for its threads) does not hold the exit until their next heartbeat."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    tock = Path(sys.executable).with_name("tock")  # the console script beside this interpreter
    command = [str(tock), "serve", "--host", "127.0.0.1", "--port", str(port), "--camera", "none"]
    server = subprocess.Popen(
        [*command, "--db", str(tmp_path / "tock.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        started = server.stdout.readline()
        assert "Tock companion on" in started and f"{engine_kind()} rules engine" in started
        assert server.stdout.readline().startswith("LEDs: 105 simulated (shown on the page")
        streams = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(3)]
        for stream in streams:
            stream.request("GET", "/events")
            response = stream.getresponse()
            assert response.status == 200 and response.readline().startswith(b"retry:")
        server.send_signal(signal.SIGTERM)
        output, _ = server.communicate(timeout=60)
    finally:
        server.kill()
    assert "still running" not in output, output


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_prints_the_address_and_the_table_s_pairing_code_and_holds_its_save(tmp_path: Path) -> None:
    """The person starting the companion sees where phones go and how to pair the table; a second
    companion on the same save is refused, naming the first."""
    port = _free_port()
    db = tmp_path / "tock.sqlite3"
    tock = Path(sys.executable).with_name("tock")
    terminal, its_end = pty.openpty()  # the person's terminal: the pairing code is shown on a terminal only
    server = subprocess.Popen(
        [str(tock), "serve", "--host", "127.0.0.1", "--port", str(port), "--camera", "none", "--db", str(db)],
        stdout=its_end,
        stderr=its_end,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    os.close(its_end)
    screen = os.fdopen(terminal, encoding="utf-8", errors="replace")
    try:
        lines = [screen.readline() for _ in range(4)]
        assert lines[0].startswith(f"Tock companion on http://127.0.0.1:{port}/ ")
        assert lines[1].startswith("LEDs: ")
        assert lines[2].startswith("Listening on this machine only: phones cannot reach it")
        assert lines[3].startswith("Pair the table")
        while not (line := screen.readline()).startswith("http"):
            assert line, "the output ended before the pairing link"
            assert line.startswith(("Keep it private", "█", "▀", "▄", " ")), line
        key = GameStore(db).table_key()
        assert line.strip() == f"http://127.0.0.1:{port}/pair/{key}"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", f"/pair/{key}")
        answer = connection.getresponse()
        assert answer.status == 302 and "HttpOnly" in answer.getheader("Set-Cookie", "")
        connection.close()
        code, output = serve(
            "--host", "127.0.0.1", "--port", str(_free_port()), "--camera", "none", "--db", str(db)
        )
        assert code == 1 and f"is in use by another companion (process {server.pid})" in output
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    finally:
        server.kill()
        screen.close()


def test_as_a_service_the_pairing_link_is_never_written_to_its_log(tmp_path: Path) -> None:
    """Under systemd standard output is the journal: the companion says how to pair, never the key."""
    db = tmp_path / "tock.sqlite3"
    tock = Path(sys.executable).with_name("tock")
    server = subprocess.Popen(
        [str(tock), "serve", "--host", "127.0.0.1", "--port", str(_free_port()), "--camera", "none"]
        + ["--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(4)]
        assert lines[3].startswith("Pair the table: run 'tock key' on this machine"), lines
        server.send_signal(signal.SIGTERM)
        rest, _ = server.communicate(timeout=60)
        key = GameStore(db).table_key()
        assert key not in "".join(lines) + rest and "/pair/" not in "".join(lines) + rest
    finally:
        server.kill()


def test_tock_key_prints_the_table_s_link_and_a_new_key_replaces_the_old_one_at_once(tmp_path: Path) -> None:
    db = tmp_path / "tock.sqlite3"
    table = Table(Config(camera=CameraSettings(source="none"), computer_delay=0.0), store=GameStore(db))
    try:
        old = table.table_key()
        shown = CliRunner().invoke(main, ["key", "--db", str(db)])
        assert shown.exit_code == 0 and f"/pair/{old}" in shown.output and "█" in shown.output
        fresh = CliRunner().invoke(main, ["key", "--new", "--db", str(db)])
        assert fresh.exit_code == 0 and f"/pair/{old}" not in fresh.output
        new = GameStore(db).table_key()
        assert new != old and f"/pair/{new}" in fresh.output
        assert table.is_table_key(new) and not table.is_table_key(old), "a running table takes the new key"
    finally:
        table.close()


def test_holding_next_shows_the_pairing_code_again() -> None:
    from gpiozero.pins.mock import MockFactory

    from firmware_py.app.companion import table_buttons

    factory = MockFactory()
    shown = threading.Event()
    table = Table()
    buttons = table_buttons(Config(), table, pin_factory=factory, show_pairing=shown.set)
    try:
        pin = factory.pin(Config().buttons.next)
        pin.drive_low()
        assert shown.wait(timeout=10), "a hold of next shows the pairing"
        pin.drive_high()
    finally:
        buttons.close()
        table.close()
        factory.reset()
