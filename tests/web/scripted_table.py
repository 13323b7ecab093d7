"""A scripted stand-in for ``firmware_py.table.core.Table`` with the same public interface.

It lets the web tests choose exactly what the table holds (every hand known in advance, a camera image
or none) and check what the web does with it; tests of the real table's behaviour live with the table.
Moves here are scripted: each card of a hand offers the moves listed in :data:`MOVES`.
"""

from __future__ import annotations

import queue
import secrets
import threading
from typing import Any

from firmware_py import refusals
from firmware_py.errors import BadInput, IllegalMove, NotYourTurn, UnknownSeat, WrongMoment
from firmware_py.table.answers import (
    Calibrated,
    CardMoves,
    Explanation,
    Given,
    Hint,
    LogLine,
    MarbleMoved,
    Played,
    Undone,
    Version,
    hint,
)
from firmware_py.table.protocol import TableService
from firmware_py.table.replay import Replay
from firmware_py.table.subscription import Change
from firmware_py.table.summary import SavedGame, Summary
from firmware_py.table.turn import MoveInfo, Problem, Question, Reason, Words
from firmware_py.table.views import CameraFacts, ComputerMove, PublicView, SeatLink, SeatView

SEATS = ("A", "B", "C", "D")
COLOURS = {"A": "#d32f2f", "B": "#1976d2", "C": "#388e3c", "D": "#fbc02d"}
HANDS = {
    "A": ["AS", "7H", "KD", "4C", "10S"],
    "B": ["2H", "QS", "5D", "9C", "JH"],
    "C": ["3S", "8H", "6D", "QC", "2C"],
    "D": ["JOKER", "9H", "3D", "5C", "8S"],
}
"""Every hand of the scripted game: distinct cards, so a leak of one seat's hand is easy to spot."""

MOVES = {
    "AS": [("AS:AR1-A18", "AR1", ["A18"])],
    "KD": [("KD:AR1-A18", "AR1", ["A18"])],
    "7H": [],
    "2H": [("2H:BR1-B18", "BR1", ["B18"])],
    "10S": [("10S:AR1-A18", "AR1", ["A18"]), ("10S:AR2-A10", "AR2", ["A10"])],
}
"""card -> [(notation, from, to places)]; other cards have no move."""


class ScriptedSubscription:
    """The table's ``Subscription`` interface: ``get(timeout)`` the next ``{"version": n}``, ``ended``
    once the table stops, ``close()``."""

    def __init__(self, table: ScriptedTable) -> None:
        self._table = table
        self.events: queue.Queue[Change] = queue.Queue()
        self.closed = False
        self.ended = False

    def end(self) -> None:
        self.ended = True
        self.events.put({"ended": True})

    def get(self, timeout: float) -> Change | None:
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self.closed = True
        self._table.unsubscribe(self)


def _no_token() -> UnknownSeat:
    return UnknownSeat("unknown_seat", "Lien inconnu (table de test).", "Unknown link (scripted table).")


class ScriptedTable:
    """The table's interface over a fixed four-seat game where seat A plays first."""

    def __init__(self, *, camera_jpeg: bytes | None = None, geometry: dict[str, Any] | None = None) -> None:
        self._lock = threading.RLock()
        self._subscriptions: list[ScriptedSubscription] = []
        self._jpeg = camera_jpeg
        self._geometry = geometry
        self.version = 0
        self._table_key = secrets.token_urlsafe(18)
        self._ending = False
        self.new_game({})

    # -- views -----------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        with self._lock:
            return {
                "game_id": self.game_id,
                "preset": "r1",
                "switches": {"seven_split": True},
                "sections": 4,
                "board": {
                    "model": "tock4",
                    "sections": 4,
                    "home_entry_after": 16,
                    "shortcut_cell": 7,
                    "centre": True,
                },
                "cards": "digital",
                "seats": [
                    {
                        "seat": s,
                        "name": f"Joueur {s}",
                        "colour": COLOURS[s],
                        "team": i % 2,
                        "computer": False,
                        "cards": len(self.hands[s]),
                        "connected": True,
                    }
                    for i, s in enumerate(SEATS)
                ],
                "layout": dict(self.layout),
                "turn": None if self.winner else SEATS[self.turn],
                "phase": "over" if self.winner else "play",
                "exchange_owing": [],
                "last_move": self.last_move,
                "log": list(self.log),
                "leds": {place: "#ffd400" for place in self.highlight},
                "highlight": list(self.highlight),
                "problem": self.problem,
                "question": self.question,
                "computer": self.computer,
                "notice": self.notice,
                "camera": self.camera.copy(),
                "sim_layout": self.sim_layout,
                "winner": self.winner,
                "version": self.version,
            }

    def _seat(self, token: str) -> str:
        for seat, known in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                return seat
        raise _no_token()

    def seat_view(self, token: str) -> SeatView:
        with self._lock:
            seat = self._seat(token)
            hand = list(self.hands[seat])
            return {
                **self.public_view(),
                "seat": seat,
                "hand": hand,
                "playable": {card: self._moves(card) for card in hand},
                "can_exchange": False,
                "must_discard": self.blocked and seat == SEATS[self.turn],
                "extra_play": False,
                "given": None,
            }

    def keep_seat(self, token: str) -> None:
        """Its seats are always shown connected: only a link no longer valid is refused."""
        with self._lock:
            self._seat(token)

    def saved_summary(self, game_id: int) -> Summary:
        raise refusals.no_save()

    def saved_replay(self, game_id: int) -> Replay:
        raise refusals.no_save()

    def saved_games(self, latest: int) -> list[SavedGame]:
        return []

    def board_geometry(self) -> dict[str, Any] | None:
        return self._geometry

    def seat_links(self) -> list[SeatLink]:
        return [
            {
                "seat": seat,
                "name": f"Joueur {seat}",
                "token": token,
                "path": f"/seat/{token}",
                "computer": False,
            }
            for seat, token in self.tokens.items()
        ]

    def table_key(self) -> str:
        return self._table_key

    def is_table_key(self, key: str) -> bool:
        return secrets.compare_digest(key.encode(), self._table_key.encode())

    def setup_options(self) -> dict[str, Any]:
        return {
            "presets": [
                {
                    "name": "r1",
                    "fr": "Règle 1",
                    "en": "Rule 1",
                    "switches": [
                        {
                            "name": "seven_split",
                            "value": True,
                            "choices": [True, False],
                            "fr": "Le 7 se partage.",
                            "en": "The 7 may be split.",
                        }
                    ],
                }
            ],
            "models": [{"model": "tock4", "sections": 4}],
            "colours": COLOURS,
            "camera_modes": ["none"],
            "seat_counts": {"tock4": [4]},
            "current": {"preset": "r1", "model": "tock4"},
        }

    # -- actions -----------------------------------------------------------------------------------

    def new_game(self, settings: object) -> None:
        if isinstance(settings, dict) and settings.get("preset", "r1") != "r1":
            raise BadInput("preset", "Règle inconnue.", "Unknown preset.")
        with self._lock:
            self.game_id: int | str = secrets.token_hex(4)
            self.tokens = {seat: secrets.token_urlsafe(16) for seat in SEATS}
            self.hands = {seat: list(cards) for seat, cards in HANDS.items()}
            self.layout = {f"{s}R{n}": s for s in SEATS for n in range(1, 5)}
            self.turn = 0
            self.last_move: LogLine | None = None
            self.log: list[LogLine] = []
            self.highlight: list[str] = []
            self.question: Question | None = None
            self.problem: Problem | None = None
            self.blocked = False
            self.computer: ComputerMove | None = None
            self.notice: Words | None = None
            self.winner: str | None = None
            self.sim_layout: dict[str, str] | None = None
            self.camera: CameraFacts = {"mode": "none", "status": "off", "message": ""}
            self._changed()

    def renew_seat_links(self) -> list[SeatLink]:
        with self._lock:
            self.tokens = {seat: secrets.token_urlsafe(16) for seat in SEATS}
            self._changed()
        return self.seat_links()

    def rematch(self) -> None:
        tokens = dict(self.tokens)
        self.new_game({})
        with self._lock:
            self.tokens = tokens

    def _moves(self, card: str) -> list[MoveInfo]:
        return [
            {
                "move": notation,
                "fr": f"{card} : {start} vers {to[0]}",
                "en": f"{card}: {start} to {to[0]}",
                "detail": f"{start} → {to[0]}",
                "from": [start],
                "to": to,
            }
            for notation, start, to in MOVES.get(card, [])
        ]

    def _my_turn(self, token: str) -> str:
        seat = self._seat(token)
        if seat != SEATS[self.turn]:
            raise NotYourTurn("not_your_turn", "Ce n'est pas votre tour.", "It is not your turn.")
        return seat

    def _card_in_hand(self, seat: str, card: str) -> None:
        if card not in self.hands[seat]:
            raise BadInput("card", "Cette carte n'est pas dans votre main.", "Not in your hand.")

    def choose_card(self, token: str, card: str) -> CardMoves:
        with self._lock:
            seat = self._my_turn(token)
            self._card_in_hand(seat, card)
            moves = self._moves(card)
            self.highlight = [place for move in moves for place in move["to"]]
            self._changed()
            return {"card": card, "moves": moves}

    def play(self, token: str, move: str) -> Played:
        with self._lock:
            seat = self._my_turn(token)
            card = move.partition(":")[0]
            self._card_in_hand(seat, card)
            found = [m for m in self._moves(card) if m["move"] == move]
            if not found:
                raise IllegalMove(
                    "illegal_move",
                    "Coup interdit.",
                    "Illegal move.",
                    {
                        "violations": [
                            {
                                "code": "no_such_move",
                                "fr": "Pas ce coup.",
                                "en": "Not this move.",
                                "marble": None,
                                "places": [],
                            }
                        ]
                    },
                )
            chosen = found[0]
            start = chosen["from"][0]
            del self.layout[start]
            self.layout[chosen["to"][0]] = seat
            self.hands[seat].remove(card)
            self.last_move = {
                "n": len(self.log) + 1,
                "seat": seat,
                "move": move,
                "fr": chosen["fr"],
                "en": chosen["en"],
                "places": [start, *chosen["to"]],
                "steps": [[start, chosen["to"][0]]],
            }
            self.log.append(
                {
                    "n": len(self.log) + 1,
                    "seat": seat,
                    "move": move,
                    "fr": chosen["fr"],
                    "en": chosen["en"],
                    "places": [start, *chosen["to"]],
                }
            )
            self.turn = (self.turn + 1) % len(SEATS)
            self.highlight = []
            self.question = None
            self._changed()
            return {"move": move, "fr": chosen["fr"], "en": chosen["en"], "version": self.version}

    def exchange(self, token: str, card: str) -> Given:
        self._seat(token)
        raise WrongMoment("no_exchange", "Pas d'échange maintenant.", "No exchange now.")

    def end_turn(self, token: str) -> Version:
        self._my_turn(token)
        raise WrongMoment("no_extra_play", "Pas de tour en plus.", "No extra turn.")

    def discard(self, token: str, card: str) -> Played:
        with self._lock:
            seat = self._my_turn(token)
            self._card_in_hand(seat, card)
            if not self.blocked:
                raise WrongMoment("cannot_discard", "Vous pouvez jouer.", "You can play.")
            self.hands[seat].remove(card)
            self.turn = (self.turn + 1) % len(SEATS)
            self._changed()
            return {"move": f"{card}:discard", "fr": "défausse", "en": "discards", "version": self.version}

    def undo(self, token: str | None = None) -> Undone:
        if token is not None:
            self._seat(token)
        raise WrongMoment("nothing_to_undo", "Rien à annuler.", "Nothing to undo.")

    def move_marble(self, from_place: str, to_place: str) -> MarbleMoved:
        with self._lock:
            if from_place not in self.layout:
                raise BadInput("from", "Pas de bille ici.", "No marble there.")
            self.layout[to_place] = self.layout.pop(from_place)
            self._changed()
            return {"layout": dict(self.layout), "version": self.version}

    def explain(self, move: str, *, token: str | None = None) -> Explanation:
        if token is not None:
            self._seat(token)
        legal = any(move == m[0] for moves in MOVES.values() for m in moves)
        reasons: list[Reason] = (
            []
            if legal
            else [
                {
                    "code": "no_such_move",
                    "fr": "Pas ce coup.",
                    "en": "Not this move.",
                    "marble": None,
                    "places": ["A18"],
                }
            ]
        )
        return {"move": move, "legal": legal, "reasons": reasons}

    def hints(self, token: str, *, suggest: bool = False) -> list[Hint]:
        with self._lock:
            seat = self._seat(token)
            hints = [hint(card, move) for card in self.hands[seat] for move in self._moves(card)]
        if suggest and hints:  # the scripted suggestion: the first move, with a sentence of why
            hints[0]["suggested"], hints[0]["why"] = True, {"fr": "Suggéré.", "en": "Suggested."}
        return hints

    def rules_text(self, lang: str) -> list[dict[str, str]]:
        if lang not in ("fr", "en"):
            raise BadInput("lang", "Langue inconnue.", "Unknown language.")
        text = "Le 7 se partage." if lang == "fr" else "The 7 may be split."
        return [{"switch": "seven_split", "text": text}]

    def camera_jpeg(self, *, overlay: bool) -> bytes | None:
        return self._jpeg

    def calibrate(self, what: str) -> Calibrated:
        if self._jpeg is None:
            raise WrongMoment("no_camera", "Pas de caméra.", "No camera.")
        return {"ok": True, "what": what, "fr": "Calibré.", "en": "Calibrated."}

    # -- live updates ------------------------------------------------------------------------------

    def subscribe(self) -> ScriptedSubscription:
        subscription = ScriptedSubscription(self)
        with self._lock:
            if self._ending:
                subscription.end()
            else:
                self._subscriptions.append(subscription)
        return subscription

    def end_streams(self) -> None:
        with self._lock:
            self._ending = True
            listening = list(self._subscriptions)
        for subscription in listening:
            subscription.end()

    def unsubscribe(self, subscription: ScriptedSubscription) -> None:
        with self._lock:
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)

    def announce(self, **facts: Any) -> None:
        """Set ``question``, ``computer``, ``notice``, ``winner`` ("BD"), ``sim_layout``, ``camera``,
        ``problem`` or ``blocked`` (the seat to play must discard) of the view."""
        with self._lock:
            for name, value in facts.items():
                setattr(self, name, value)
            self._changed()

    def _changed(self) -> None:
        self.version += 1
        for subscription in list(self._subscriptions):
            subscription.events.put({"version": self.version})


def _satisfies_the_protocol(table: ScriptedTable) -> TableService:
    """Type-checked by ``mypy --strict`` (``make lint``): the scripted table is a table to the web layer."""
    return table
