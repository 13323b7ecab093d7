"""What the parts of the table share: its state and the few steps every part uses.

:class:`firmware_py.table.Table` is written in parts (:mod:`firmware_py.board_watch`,
:mod:`firmware_py.computer_seats`, and the table itself) over one state guarded by one lock. This base
declares that state and those steps for the type checker and the reader; ``Table.__init__`` sets the
state up and ``Table`` defines the steps.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware_py.config import Config, GameSettings, SeatSettings
from firmware_py.engine import BoardTopology, Card, RuleSet
from firmware_py.store import GameStore

if TYPE_CHECKING:
    from firmware_py.subscription import Subscription


class TableState:
    """The table's state (see the module docstring); every part reads and changes it under ``_lock``."""

    config: Config
    version: int
    _lock: threading.RLock
    _clock: Callable[[], float]
    _store: GameStore
    _subscriptions: list[Subscription]
    # the game
    _setup: GameSettings
    _rules: RuleSet
    _game: Any
    """The engine's ``Game`` (digital cards) or ``Position`` (physical cards)."""
    _game_id: int
    _seed: int
    _tokens: dict[str, str]
    _by_token: dict[str, str]
    _names: dict[str, str]
    _seats: dict[str, SeatSettings]
    _teams: dict[str, int]
    _topology: BoardTopology
    _log: list[dict[str, Any]]
    _last_move: dict[str, Any] | None
    # the turn in progress
    _chosen: tuple[str, Card, tuple[Any, ...]] | None
    _problem: dict[str, Any] | None
    _question: dict[str, Any] | None
    _to_do: dict[str, str | None]
    _plan: dict[str, Any] | None
    _notice: dict[str, str] | None
    _await_board: bool
    _proposed: dict[str, str] | None
    _advancing: bool
    # LEDs and camera
    _strip: Any
    _driver: Any
    _mirror: dict[str, str]
    _highlight: list[str]
    _loop: Any
    _calibration_path: Path | None
    _parts_for_model: Callable[[str], tuple[Callable[[], Any], Any, Path]] | None
    _camera_mode: str
    _camera_status: dict[str, str]
    _sim_board: dict[str, str] | None
    _last_frame: Any
    _empty_frame: Any
    _last_reading: Any
    _last_stable: Any
    _seen: dict[str, float]

    if TYPE_CHECKING:

        @property
        def _position(self) -> Any: ...

        @property
        def _digital(self) -> bool: ...

        @property
        def _uses_camera(self) -> bool: ...

        def _changed(self) -> None: ...

        def _to_play(self) -> str | None: ...

        def _phase(self) -> str: ...

        def _winner(self) -> str | None: ...

        def _hand(self, seat: str) -> list[Card]: ...

        def _legal(self, card: Card | None = None) -> tuple[Any, ...]: ...

        def _result(self, move: Any) -> dict[str, str]: ...

        def _move_info(self, move: Any) -> dict[str, Any]: ...

        def _owing_exchange(self) -> tuple[str, ...]: ...

        def _commit(self, seat: str, move: Any, *, source: str) -> dict[str, Any]: ...

        def _exchange(self, seat: str, card: Card) -> None: ...

        def _end_turn(self, seat: str) -> None: ...

        def _set_sim_board(self, board: dict[str, str]) -> None: ...

        def _check_board_now(self) -> None: ...

        def _match(self, layout: dict[str, str]) -> Any: ...

        def _apply_match(self, result: Any, layout: dict[str, str]) -> None: ...

        def _commit_plan(self) -> None: ...

        def _advance(self) -> None: ...
