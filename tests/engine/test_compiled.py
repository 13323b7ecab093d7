"""The engine compiled with mypyc: built where a C compiler is present, never stale, and the same game
for game as the Python sources it is compiled from."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_py import build_engine
from firmware_py.engine import PRESETS, compiled, explain
from firmware_py.engine.game import Game
from firmware_py.engine.moves import Move
from firmware_py.engine.selfplay import random_action

ROOT = Path(__file__).resolve().parents[2]


def games_digest() -> str:
    """A digest of one random game per preset at its fewest, 4 and most seats: every action, every
    position after it, the number of legal actions there, and the reasons ``explain`` gives for the chosen
    move played with another card (mostly illegal)."""
    digest = hashlib.sha256()
    for name, rules in sorted(PRESETS.items()):
        for seats in sorted({min(rules.seat_counts), 4, max(rules.seat_counts)} & set(rules.seat_counts)):
            game = Game.new(rules, seats=seats, seed=77)
            rng = random.Random(f"digest:{name}:{seats}")
            while game.winner is None:
                action = random_action(game, rng)
                assert action is not None
                if isinstance(action, Move) and action.card is not None and game.must_discard is None:
                    other = Move(rng.choice(game.hand(game.to_play or "A")), action.kind, action.steps)
                    digest.update(" ".join(v.code for v in explain(game.position, other)).encode())
                game = game.apply(action)
                digest.update(f"{action}|{game.position.to_notation()}|{len(game.legal_actions())}".encode())
    return digest.hexdigest()


def test_the_engine_runs_compiled_where_a_compiler_and_mypyc_are_present() -> None:
    buildable = shutil.which(os.environ.get("CC", "cc")) is not None and _has_mypyc()
    wanted = buildable and os.environ.get("TOCK_ENGINE", "").lower() != "python"
    assert compiled.is_compiled() == wanted, (
        "the compiled engine is missing or older than the sources: run `make engine`"
        if wanted
        else "the engine runs compiled where it should run as Python"
    )
    if wanted:  # and building it again does nothing
        stamp = compiled.FOLDER / compiled.FINGERPRINT
        written = stamp.stat().st_mtime_ns
        assert build_engine.build() is False and stamp.stat().st_mtime_ns == written


def test_the_compiled_engine_plays_every_game_as_the_python_sources_do() -> None:
    python = _as_python("from tests.engine.test_compiled import games_digest; print(games_digest())")
    assert python == games_digest()


def test_python_sources_run_when_asked_for() -> None:
    assert _as_python("from firmware_py.engine import compiled; print(compiled.is_compiled())") == "False"


def test_a_build_from_other_sources_or_for_another_python_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "FOLDER", tmp_path)
    monkeypatch.delenv("TOCK_ENGINE", raising=False)
    assert compiled.usable_folder() is None  # never built
    (tmp_path / compiled.FINGERPRINT).write_text("0" * 64 + "\n", encoding="ascii")
    assert compiled.usable_folder() is None  # built from other sources
    (tmp_path / compiled.FINGERPRINT).write_text(compiled.fingerprint() + "\n", encoding="ascii")
    assert compiled.usable_folder() == tmp_path
    monkeypatch.setenv("TOCK_ENGINE", "python")
    assert compiled.usable_folder() is None


def test_the_fingerprint_covers_every_compiled_source_and_the_python_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names = {p.name for p in compiled.compiled_sources()}
    assert {"game.py", "movegen.py", "position.py"} <= names and not names & set(compiled.NOT_COMPILED)
    before = compiled.fingerprint()
    monkeypatch.setattr(sys.implementation, "cache_tag", "cpython-399")
    assert compiled.fingerprint() != before


def test_the_fast_core_is_compiled_and_fingerprinted_with_the_engine() -> None:
    from firmware_py.engine.fast import codes, generation, marbles, play, playout, seven, state, table

    modules = (codes, generation, marbles, play, playout, seven, state, table)
    loaded_compiled = {not str(m.__file__).endswith(".py") for m in modules}
    assert loaded_compiled == {compiled.is_compiled()}, "the fast core runs as the rest of the engine does"
    names = {compiled.source_name(p) for p in compiled.compiled_sources()}
    assert {f"fast/{m.__name__.rsplit('.', 1)[1]}.py" for m in modules} <= names
    assert "fast/__init__.py" not in names  # it chooses where the core's modules come from


def test_building_without_a_c_compiler_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _built_files()
    monkeypatch.setenv("CC", "no-such-compiler")
    monkeypatch.setattr(sys, "argv", ["build_engine", "--force"])
    assert build_engine.main() == 1
    err = capsys.readouterr().err
    assert "was not compiled and runs as Python" in err and "needs a C compiler" in err
    assert _built_files() == before  # a failed build leaves the last good one alone


def test_a_failed_compilation_says_so_and_keeps_the_last_build(monkeypatch: pytest.MonkeyPatch) -> None:
    import mypyc.build as mypyc_build  # a dev dependency, as the build needs it

    def failing(*args: object, **kwargs: object) -> None:
        print("firmware_py/engine/game.c:1:10: fatal error: Python.h: No such file or directory")
        raise SystemExit("error: command 'cc' failed with exit code 1")

    before = _built_files()
    monkeypatch.setattr(mypyc_build, "mypycify", failing)
    with pytest.raises(build_engine.BuildError, match="could not compile the engine") as failed:
        build_engine.build(force=True)
    assert "apt install python3-dev" in str(failed.value) and "Python.h" in str(failed.value)
    assert _built_files() == before


def _as_python(code: str) -> str:
    """What ``code`` prints in a new process told to run the engine's Python sources."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "TOCK_ENGINE": "python"},
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return result.stdout.strip()


def _built_files() -> list[tuple[str, int]]:
    """The compiled engine's files and their times of change (none when it was never built)."""
    return sorted((p.name, p.stat().st_mtime_ns) for p in compiled.FOLDER.glob("*"))


def _has_mypyc() -> bool:
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return False
    return True
