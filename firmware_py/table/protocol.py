"""The table as the web layer sees it: one :class:`TableService` protocol, checked by ``mypy --strict``.

:class:`firmware_py.table.core.Table` and the web tests' scripted table both satisfy it, so the pages
are written against what a table promises, not against one implementation. Every refusal is a
:class:`firmware_py.errors.TableError` of the kind that names it (the web maps kinds to statuses).
"""

from __future__ import annotations

from typing import Any, Protocol

from firmware_py.table.answers import (
    Calibrated,
    CardMoves,
    Explanation,
    Given,
    Hint,
    MarbleMoved,
    Played,
    Undone,
    Version,
)
from firmware_py.table.replay import Replay
from firmware_py.table.subscription import Change
from firmware_py.table.summary import SavedGame, Summary
from firmware_py.table.views import PublicView, SeatLink, SeatView


class Listener(Protocol):
    """One page's live stream: ``get`` waits for the next change (``{"version": n}``) or None."""

    @property
    def ended(self) -> bool:
        """The table is stopping: the stream ends now."""
        ...

    def get(self, timeout: float) -> Change | None: ...

    def close(self) -> None: ...


class TableService(Protocol):
    """What the web layer asks of the table (roles: spectator, a seat by its key, the table by its key)."""

    @property
    def version(self) -> int:
        """Bumped after every change."""
        ...

    # -- what each role sees
    def public_view(self) -> PublicView: ...

    def seat_view(self, token: str) -> SeatView: ...

    def keep_seat(self, token: str) -> None:
        """The seat's page is still open: it stays shown connected."""
        ...

    def seat_links(self) -> list[SeatLink]: ...

    def board_geometry(self) -> dict[str, Any] | None: ...

    def setup_options(self) -> dict[str, Any]: ...

    def rules_text(self, lang: str) -> list[dict[str, str]]: ...

    # -- the saved games (NotFound: no save, or no such game; CannotDo: a save the engine cannot read)
    def saved_summary(self, game_id: int) -> Summary: ...

    def saved_replay(self, game_id: int) -> Replay: ...

    def saved_games(self, latest: int) -> list[SavedGame]: ...

    def camera_jpeg(self, *, overlay: bool) -> bytes | None: ...

    # -- the keys
    def is_table_key(self, key: str) -> bool: ...

    # -- a seat's actions (its key)
    def choose_card(self, token: str, card: str) -> CardMoves: ...

    def play(self, token: str, move: str) -> Played: ...

    def exchange(self, token: str, card: str) -> Given: ...

    def discard(self, token: str, card: str) -> Played: ...

    def end_turn(self, token: str) -> Version: ...

    def hints(self, token: str, *, suggest: bool = False) -> list[Hint]: ...

    def explain(self, move: str, *, token: str | None = None) -> Explanation: ...

    # -- the table's actions (the table key, checked by the web layer)
    def new_game(self, settings: object) -> None: ...

    def rematch(self) -> None: ...

    def renew_seat_links(self) -> list[SeatLink]: ...

    def undo(self, token: str | None = None) -> Undone: ...

    def move_marble(self, from_place: str, to_place: str) -> MarbleMoved: ...

    def calibrate(self, what: str) -> Calibrated: ...

    # -- live updates
    def subscribe(self) -> Listener: ...

    def end_streams(self) -> None: ...
