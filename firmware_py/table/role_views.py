"""What each role sees of the table, built from its shared state: a part of
:class:`firmware_py.table.core.Table` (called under the table's lock).

The public view (a spectator's: the board, the turn, the log, never a hand nor a key), a seat's view (the
public view and that seat's hand and moves), and the seat links (the table's only). The types are
:mod:`firmware_py.table.views`.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from firmware_py.config import BOARD_MODELS, SEAT_COLOURS
from firmware_py.engine import PRESETS, RuleSet
from firmware_py.engine import describe as describe_rules
from firmware_py.house_rules import switch_choices, switches_of
from firmware_py.table.state import TableState
from firmware_py.table.turn import MoveInfo, Question
from firmware_py.table.views import (
    CameraFacts,
    ComputerMove,
    PublicView,
    SeatFacts,
    SeatLink,
    SeatView,
    board_facts,
)

CONNECTED_SECONDS = 60.0
"""A seat counts as connected while its page asked for its view this recently. An open seat page's live
stream asks at every heartbeat (:mod:`web.events`, every 10 s), far more often than this."""


class RoleViews:
    """The views of the table's ``state`` for each role."""

    def __init__(self, state: TableState) -> None:
        self._s = state

    def public(self) -> PublicView:
        """What everyone may see, JSON-able, never any hand.

        Keys: ``game_id``, ``preset``, ``switches``, ``sections`` (4/6/8), ``board`` (the topology),
        ``seats`` [{``seat``, ``name``, ``colour`` "#rrggbb", ``team``, ``computer``, ``cards`` (count),
        ``connected`` (always for a computer; see :func:`connected_seats`)}], ``layout`` {place: seat},
        ``turn``, ``phase``, ``last_move`` {n, seat, move, fr, en, places} or None, ``log`` [{n, seat,
        move, fr, en, places, reasons?}], ``leds`` {place: "#rrggbb"} (mirror of the strip),
        ``highlight`` [legal destinations lit], ``problem`` {fr, en, places, violations} or None,
        ``question`` {fr, en, places, moves} or None, ``computer`` {seat, move, fr, en, from, to} or
        None, ``notice`` {fr, en} or None, ``camera`` {mode, status, message}, ``sim_layout`` {place:
        seat} (the simulated board, with the camera simulated and used) or None, ``winner`` (seat
        letters) or None, ``cards`` ("digital"/"physical"), ``version``.
        """
        topology = self._s.topology
        seats: list[SeatFacts] = [
            {
                "seat": seat,
                "name": s.name,
                "colour": s.colour,
                "team": self._s.teams.get(seat, 0),
                "computer": s.computer,
                "cards": len(self._s.hand(seat)),
                "connected": s.computer or seat in self._s.connected,
            }
            for seat, s in self._s.seats.items()
        ]
        turn = self._s.turn
        return {
            "game_id": self._s.game_id,
            "preset": self._s.setup.preset,
            "switches": switches_of(self._s.rules),
            "sections": topology.sections,
            "board": board_facts(self._s.setup.model, topology),
            "cards": self._s.setup.cards,
            "seats": seats,
            "layout": dict(turn.proposed if turn.proposed is not None else self._s.position.layout),
            "turn": self._s.to_play(),
            "phase": self._s.phase(),
            "exchange_owing": list(self._s.owing_exchange()),
            "last_move": self._s.last_move,
            # numbered by line as they are written: a refused board is a line as a move is
            "log": list(self._s.log),
            "leds": dict(self._s.mirror),
            "highlight": list(self._s.highlight),
            # with where the marbles go back ("put_back" {place: seat}) and the holes wrongly filled
            # ("wrong"), for the phone of the seat whose move it was to draw it
            "problem": turn.problem,
            "question": self._public_question(),
            "computer": self._plan_view(),
            "notice": turn.notice,
            "camera": self._camera_view(),
            # the simulated board as it stands (a wrong move included), which the table page draws
            "sim_layout": dict(self._s.sim_board) if self._s.sim_board and self._s.uses_camera else None,
            "winner": self._s.winner(),
            "version": self._s.version,
        }

    def _camera_view(self) -> CameraFacts:
        """The camera's status, or, in a game set up without it, that it is not used (it keeps running
        for the calibration page, and its "ok" would make people think the board is being watched)."""
        if self._s.setup.camera or self._s.camera_mode == "none":
            return self._s.camera_status.copy()
        return {
            "mode": self._s.camera_mode,
            "status": "off",
            "message": {
                "fr": "Pas utilisée dans cette partie : les coups sont entrés sur la page.",
                "en": "Not used in this game: moves are entered on the page.",
            },
        }

    def _public_question(self) -> Question | None:
        """The question for everyone: its candidate moves name cards, so they go to the seat to play only."""
        question = self._s.turn.question
        return None if question is None else {**question, "moves": []}

    def _plan_view(self) -> ComputerMove | None:
        """The computer's chosen move as the pages show it."""
        plan = self._s.turn.plan
        if plan is None:
            return None
        info = plan.info
        return {
            "seat": plan.seat,
            "move": info["move"],
            "fr": info["fr"],
            "en": info["en"],
            "from": info["from"],
            "to": info["to"],
        }

    def seat(self, seat: str) -> SeatView:
        """:meth:`public` plus ``seat``'s private facts (the table has checked its key).

        Adds ``seat``, ``hand`` [card strings], ``playable`` {card: [{move, fr, en, from, to}]},
        ``can_exchange``, ``must_discard``, ``given`` (the card this seat gave its partner in the
        exchange under way, out of the hand shown until the cards change hands) or None. Once the game
        is over the hand is empty: the cards left in it can no longer be played.
        """
        view = self.public()
        # the seat's own cards come from the engine's seat view, the one filter of what a seat may know
        private = self._s.game.view_for(seat, with_history=False)  # the page has the table's own log
        hand = list(private.hand) if private is not None and self._s.winner() is None else []
        given = None if private is None else private.given
        if given is not None:  # the engine keeps it in the hand until every partner has given
            hand.remove(given)
        playable: dict[str, list[MoveInfo]] = {}
        must_discard = False
        if seat == self._s.to_play() and self._s.phase() == "play":
            for card in dict.fromkeys(hand) if self._s.digital else self._s.ranks():
                moves = self._s.legal(card)
                if moves:
                    playable[str(card)] = [self._s.move_info(m) for m in moves]
            moves_all = self._s.legal()
            must_discard = bool(moves_all) and all(m.is_discard for m in moves_all)
        return {
            **view,
            "seat": seat,
            "hand": [str(c) for c in hand],
            "playable": playable,
            "can_exchange": seat in self._s.owing_exchange(),
            "given": None if given is None else str(given),
            "must_discard": must_discard,
            "extra_play": bool(seat == self._s.to_play() and self._s.game.extra_play),
            "question": self._s.turn.question if seat == self._s.to_play() else view["question"],
        }

    def seat_links(self) -> list[SeatLink]:
        """Private seat links [{seat, name, token, path "/seat/<token>"}], for the set-up and table pages."""
        return [
            {
                "seat": seat,
                "name": self._s.names[seat],
                "token": token,
                "path": f"/seat/{token}",
                "computer": self._s.seats[seat].computer,
            }
            for seat, token in self._s.tokens.items()
        ]


def connected_seats(state: TableState) -> frozenset[str]:
    """The seats whose page, by the link the seat holds now, asked for its view less than
    :data:`CONNECTED_SECONDS` ago. A link of an earlier game, or one renewed since, counts for nothing:
    nobody has opened the new one yet."""
    now = state.clock()
    return frozenset(
        seat
        for seat, token in state.tokens.items()
        if now - state.seen.get(token, -math.inf) < CONNECTED_SECONDS
    )


def setup_options(state: TableState) -> dict[str, Any]:
    """What the set-up page offers: presets with every switch, board models, colours, cameras, seats."""
    presets = []
    for name, rules in PRESETS.items():
        words = {lang: switch_words(rules, lang) for lang in ("fr", "en")}
        presets.append(
            {
                "name": name,
                "source": rules.source,
                "fr": name.upper(),
                "en": name.upper(),
                "seat_counts": [n for n in rules.seat_counts if n <= 6],
                "switches": [
                    {
                        "name": switch,
                        "value": value,
                        "choices": switch_choices(getattr(rules, switch)),
                        "fr": words["fr"][switch],
                        "en": words["en"][switch],
                    }
                    for switch, value in switches_of(rules).items()
                ],
            }
        )
    current = state.setup.to_dict()
    return {
        "presets": presets,
        "models": [{"model": m, "sections": n} for m, n in BOARD_MODELS.items()],
        "colours": dict(SEAT_COLOURS),
        "camera_modes": ["none", "sim", "picamera2", "opencv:0"],
        "camera": state.camera_mode,
        "seat_counts": {"tock4": [2, 3, 4], "tock6": [5, 6]},
        "current": current,
    }


def switch_words(rules: RuleSet, lang: str) -> dict[str, str]:
    """Switch name -> "what it decides: its value", in ``lang``, from the engine's ``describe``."""
    names = [f.name for f in dataclasses.fields(rules) if f.name != "name"]
    return {
        name: f"{label} : {value}" if lang == "fr" else f"{label}: {value}"
        for name, (label, value) in zip(names, describe_rules(rules, lang), strict=True)
    }
