"""`make lint`'s size check names every module that is too long."""

from __future__ import annotations

from pathlib import Path

from tests.module_sizes import LIMIT, problems


def _module(root: Path, name: str, lines: int) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x = 1\n" * lines, encoding="utf-8")


def test_a_module_over_the_limit_is_named_with_its_length(tmp_path: Path) -> None:
    _module(tmp_path, "web/short.py", LIMIT)
    _module(tmp_path, "web/long.py", LIMIT + 1)
    assert problems(tmp_path) == [f"web/long.py: {LIMIT + 1} lines, at most {LIMIT}"]


def test_the_project_keeps_to_the_limit() -> None:
    assert problems() == []
