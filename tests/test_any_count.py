"""`make lint`'s count of ``Any`` in the table and the wiring root names where they are once too many."""

from __future__ import annotations

from pathlib import Path

from tests.any_count import LIMIT, problem


def _module(root: Path, name: str, anys: int) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("from typing import Any\n" + "x: Any = 1\n" * (anys - 1), encoding="utf-8")


def test_up_to_the_limit_is_allowed_and_one_more_is_named_where_it_is(tmp_path: Path) -> None:
    _module(tmp_path, "firmware_py/table/a.py", LIMIT - 2)
    _module(tmp_path, "firmware_py/app/b.py", 2)
    _module(tmp_path, "web/elsewhere.py", 5)
    assert problem(tmp_path) is None, "only the table and the wiring root are counted"
    _module(tmp_path, "firmware_py/app/b.py", 3)
    wrong = problem(tmp_path)
    assert wrong is not None and f"{LIMIT + 1} times" in wrong
    assert f"firmware_py/table/a.py {LIMIT - 2}" in wrong and "firmware_py/app/b.py 3" in wrong


def test_a_word_containing_any_is_not_counted(tmp_path: Path) -> None:
    path = tmp_path / "firmware_py/table/words.py"
    path.parent.mkdir(parents=True)
    path.write_text("Anything = 1\nmany = 2\n" * 20, encoding="utf-8")
    assert problem(tmp_path) is None


def test_the_project_keeps_to_the_limit() -> None:
    assert problem() is None
