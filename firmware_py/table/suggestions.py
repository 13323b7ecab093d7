"""The guided game's suggestions, searched once per seat and position.

A suggestion is a search of the ``strong`` player (CPU seconds). Every phone of a seat, and every reload,
asks for the same one: searching once per request would let a few phones hold both cores and slow every
page. So one search runs per seat and position at a time, whoever asks meanwhile waits for its answer,
and the answer is kept until the position changes (positions are immutable: a new position is a new
object).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Generic, TypeVar

T = TypeVar("T")


class Suggestions(Generic[T]):
    """The last suggestion of each seat, with the position it was searched for."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[str, tuple[object, Future[T]]] = {}

    def get(self, seat: str, position: object, search: Callable[[], T]) -> T:
        """The suggestion for ``seat`` at ``position``: the one kept, the one being searched, or
        ``search()`` run now (its error, if any, is raised to every asker and nothing is kept)."""
        with self._lock:
            kept = self._kept.get(seat)
            mine = kept is None or kept[0] is not position
            if mine:
                answer: Future[T] = Future()
                self._kept[seat] = (position, answer)
            else:
                assert kept is not None
                answer = kept[1]
        if mine:
            try:
                answer.set_result(search())
            except BaseException as error:
                answer.set_exception(error)
                with self._lock:
                    if self._kept.get(seat, (None, None))[1] is answer:
                        del self._kept[seat]
        return answer.result()
