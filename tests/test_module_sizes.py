"""`make lint`'s size check names what is too long, and what may leave its list of longer modules."""

from __future__ import annotations

from pathlib import Path

from tests.module_sizes import LIMIT, STILL_LONGER, problems


def _module(root: Path, name: str, lines: int) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x = 1\n" * lines, encoding="utf-8")


def test_a_module_over_the_limit_is_named_with_its_length(tmp_path: Path) -> None:
    _module(tmp_path, "web/short.py", LIMIT)
    _module(tmp_path, "web/long.py", LIMIT + 1)
    assert problems(tmp_path) == [f"web/long.py: {LIMIT + 1} lines, at most {LIMIT}"]


def test_a_listed_module_may_only_shrink_and_leaves_the_list_once_short(tmp_path: Path) -> None:
    name, most = next(iter(STILL_LONGER.items()))
    _module(tmp_path, name, most + 1)
    assert problems(tmp_path) == [f"{name}: {most + 1} lines, at most {most}"]
    _module(tmp_path, name, LIMIT)
    assert problems(tmp_path) == [f"{name}: {LIMIT} lines, under {LIMIT}: take it out of STILL_LONGER"]


def test_the_project_keeps_to_the_limit() -> None:
    assert problems() == []
