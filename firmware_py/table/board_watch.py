"""The table watching the board: the camera's stable readings, the page's board, and what they mean.

A part of :class:`firmware_py.table.core.Table` over its shared state: a board seen (by the camera, or
moved on the page without camera) is judged by the engine's ``match`` against the legal moves of the
seat to play, and the table acts on the verdict: a move is played and saved, a move in progress is
guided by the LEDs, an ambiguous or uncertain board is asked about on the page, an illegal board is
shown with the engine's reasons and the holes to put right. After an undo, a move chosen on a phone, or
a restart, a real board must first come back to the game's board.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware_py import refusals
from firmware_py.engine import Move, MoveKind, Rule, match
from firmware_py.engine.matching import Match, match_seen, seen_unchanged
from firmware_py.engine.violations import violation
from firmware_py.table.board_diff import board_diff, same_board
from firmware_py.table.ports import BoardCamera, CameraParts
from firmware_py.table.state import TableActions, TableState
from firmware_py.table.wording import change

if TYPE_CHECKING:
    from firmware_py.table.ports import Frame, Reading

CALIBRATION_STEPS = ("markers", "colours", "test")
"""The calibration wizard's steps: the empty board found, the colours learnt, a test reading."""
PROBLEM_FR = {
    "frame": "l'image n'est pas lisible",
    "dark": "l'image est trop sombre, allumez une lampe",
    "bright": "l'image est surexposée",
    "markers": "des marqueurs ne sont pas vus, découvrez-les",
    "moved": "le plateau a bougé entre les deux photos",
    "outside": "une partie du plateau sort de l'image",
    "glare": "un reflet de lampe couvre des trous, déplacez la lampe",
    "covered": "quelque chose couvre des trous (une main, une manche ?)",
    "marbles": "les billes ne sont pas où le jeu les place",
}
"""What each kind of calibration problem means, in French (the English comes from vision)."""


def _empty_picture(camera: Any) -> Any:
    """A picture of the simulated board without its marbles (the wizard's first step)."""
    board = dict(camera.layout)
    camera.set_layout({})
    try:
        return camera.capture()
    finally:
        camera.set_layout(board)


class BoardWatch:
    """The board side of the table: a part of :class:`firmware_py.table.core.Table` over its ``state``,
    asking the ``table`` to play, show and make the computer's move."""

    def __init__(self, state: TableState, table: TableActions) -> None:
        self._s = state
        self._table = table

    # -- the board ---------------------------------------------------------------------------------

    def move_marble(self, from_place: str, to_place: str) -> dict[str, Any]:
        """Move one marble on the simulated board (sim camera) or, without camera, on the expected board.

        With the simulated camera the board is rendered, read by vision and checked like a real move;
        without camera the resulting board is matched against the legal moves at once. A marble landing
        on another sends that one to a free place of its reserve (what a player does by hand).

        Raises:
            BadInput: unknown place / no marble there, WrongMoment: with a real camera (move the real marble)
            or when the game is over, IllegalMove: when (without camera) the board can be no legal move.
        """
        with self._s.lock:
            for field, place in (("from", from_place), ("to", to_place)):
                if not isinstance(place, str) or not self._s.topology.has_place(place):
                    raise refusals.unknown_hole(field, place)
            # a game set up without camera is played on the page even when the companion simulates one
            sim_board = self._s.sim_board if self._s.uses_camera else None
            if self._s.uses_camera and sim_board is None:
                raise refusals.real_board()
            if self._s.winner() is not None:
                raise refusals.game_over()
            board = dict(
                sim_board
                if sim_board is not None
                else self._s.proposed
                if self._s.proposed is not None
                else self._s.position.layout
            )
            seat = board.get(from_place)
            if seat is None:
                raise refusals.no_marble(from_place)
            if from_place == to_place:
                return {"layout": board, "version": self._s.version}
            del board[from_place]
            taken = board.get(to_place)
            board[to_place] = seat
            if taken is not None:
                free = [p for p in self._s.topology.reserve_of(taken) if p not in board]
                board[free[0]] = taken
            if sim_board is not None:
                self.set_sim_board(board)
                self._table._changed()
                return {"layout": board, "version": self._s.version}
            self._judge_proposed(board)
            return {"layout": dict(self._s.proposed or self._s.position.layout), "version": self._s.version}

    def _judge_proposed(self, board: dict[str, str]) -> None:
        """No camera: the board moved on the page is matched like a camera reading (under the lock)."""
        result = self._match(board)
        if result is None:
            raise refusals.choose_card_first()
        if result.kind == "illegal":
            self._s.proposed = None
            self._s.to_do = {}
            violations = self._reasons(result, board)
            self._table._changed()
            raise refusals.illegal_move(violations)
        self._s.proposed = board
        self._apply_match(result, board)

    def _card(self) -> Any:
        """The card the seat to play has named, if any."""
        chosen = self._s.chosen
        return chosen[1] if chosen is not None and chosen[0] == self._s.to_play() else None

    def _match(self, layout: dict[str, str]) -> Match | None:
        """The engine's verdict on a board (for the chosen card, else for the whole hand); None when,
        with physical cards, the card played is not known yet."""
        card = self._card()
        if not self._s.digital and card is None:
            return None
        return match(self._s.position, layout, card)

    def _apply_match(self, result: Match, layout: dict[str, str]) -> None:
        """Act on the engine's verdict about a board (under the lock)."""
        seat = self._s.to_play() or ""
        self._s.problem = None
        self._s.question = None
        if result.kind == "unchanged":
            self._s.to_do = {}
            self._s.proposed = None
            self._table._changed()
            return
        if result.kind == "move" or (result.kind == "ambiguous" and self._same_result(result.moves)):
            self._s.proposed = None
            self._table._commit(seat, result.moves[0], source="camera")
            return
        if result.kind == "ambiguous":
            plan = self._s.plan
            if plan is not None and any(str(m) == plan["move"] for m in result.moves):
                self._s.proposed = None
                self._table._commit_plan()
                return
            self._s.question = {
                "fr": "Plusieurs coups donnent ce plateau : lequel a été joué ?",
                "en": "Several moves give this board: which one was played?",
                "places": sorted(change(self._s.position.layout, layout).places),
                "moves": [self._s.move_info(m) for m in result.moves],
            }
            self._table._changed()
            return
        if result.kind == "in_progress":
            self._s.to_do = dict(result.to_do)
            self._table._changed()
            return
        self._illegal(result, layout)

    def _same_result(self, moves: tuple[Move, ...]) -> bool:
        """Several candidates that are the same move with equal cards (two 5s of different suits)."""
        ranks = {m.card.rank if m.card else None for m in moves}
        return len(ranks) == 1 and all(self._s.result(m) == self._s.result(moves[0]) for m in moves)

    def _reasons(self, result: Any, layout: dict[str, str]) -> list[dict[str, Any]]:
        """The engine's reasons against a board (shown to everyone), first saying so when only other seats'
        marbles moved.

        The engine's reasons would name a card: one of the hand it tried, or the card the player chose on
        the phone, which stays secret until it is played. They are the reasons of the rules alone (the
        board judged without the hands), or, when the rules alone allow the board, that no card of the
        hand (or the card chosen) makes it, without naming one.
        """
        wrong, put_back = board_diff(dict(self._s.position.layout), layout)
        reasons = [v.to_dict() for v in result.violations]
        if self._s.chosen is not None or self._s.position.hands is not None:
            rules_only = match(self._s.position.without_hands(), layout)
            reasons = [v.to_dict() for v in rules_only.violations]
            if rules_only.kind != "illegal":
                chosen = self._s.chosen is not None
                reasons = [
                    {
                        "code": "no_card_for_it",
                        "fr": "La carte choisie ne permet pas ce coup."
                        if chosen
                        else "Aucune carte de la main ne permet ce coup.",
                        "en": "The card chosen does not make this move."
                        if chosen
                        else "No card in the hand makes this move.",
                        "marble": None,
                        "places": sorted(set(wrong) | set(put_back)),
                    }
                ]
        movers = {layout[p] for p in wrong if p in layout} | set(put_back.values())
        turn = self._s.to_play()
        if movers and turn not in movers:
            other = sorted(movers)[0]
            name = self._s.names.get(other, other)
            out_of_turn = violation(
                Rule.NOT_YOUR_TURN, places=tuple(sorted(set(wrong) | set(put_back))), seat=name
            )
            reasons.insert(0, out_of_turn.to_dict())
        return reasons

    def _illegal(self, result: Match, layout: dict[str, str]) -> None:
        violations = self._reasons(result, layout)
        wrong, put_back = board_diff(dict(self._s.position.layout), layout)
        # each reason is a sentence with its own full stop; the message ends with one stop, not two
        reasons_fr = " ; ".join(v["fr"].rstrip(".") for v in violations)
        reasons_en = "; ".join(v["en"].rstrip(".") for v in violations)
        reasons_fr = reasons_fr or "ce plateau ne vient d'aucun coup permis"
        reasons_en = reasons_en or "no legal move gives this board"
        self._s.problem = {
            "fr": f"Coup interdit : {reasons_fr}. Remettez les billes comme indiqué.",
            "en": f"Illegal move: {reasons_en}. Put the marbles back as shown.",
            "places": sorted(set(wrong) | set(put_back)),
            "violations": violations,
            "wrong": wrong,
            "put_back": put_back,
        }
        refusal = {
            "n": len(self._s.log) + 1,
            "seat": self._s.to_play() or "",
            "move": "",
            "places": self._s.problem["places"],
            "fr": self._s.problem["fr"],
            "en": self._s.problem["en"],
            "reasons": violations,
        }
        last = self._s.log[-1] if self._s.log else None
        if last is not None and "reasons" in last and last["places"] == refusal["places"]:
            # the same board judged again (a card chosen meanwhile): one line, with the latest words
            self._s.log[-1] = {**refusal, "n": last["n"]}
        else:
            self._s.log.append(refusal)
        self._table._changed()

    def _board_differs(self, layout: dict[str, str]) -> None:
        wrong, put_back = board_diff(dict(self._s.position.layout), layout)
        self._s.problem = {
            "fr": "Le plateau ne correspond pas à la partie : placez les billes comme indiqué.",
            "en": "The board does not match the game: place the marbles as shown.",
            "places": sorted(set(wrong) | set(put_back)),
            "violations": [],
            "wrong": wrong,
            "put_back": put_back,
        }

    def check_board_now(self) -> None:
        if self._s.await_board and self._s.last_reading is not None and self._s.last_reading.status == "ok":
            self._judge_awaited(dict(self._s.last_reading.layout))

    def _judge_awaited(self, layout: dict[str, str]) -> None:
        if same_board(self._s.position.layout, layout):
            self._s.await_board = False
            self._s.problem = None
        else:
            self._board_differs(layout)

    # -- the camera --------------------------------------------------------------------------------

    def attach_camera(
        self,
        loop: BoardCamera,
        mode: str,
        *,
        calibration_path: Path | None = None,
        parts_for_model: CameraParts | None = None,
    ) -> None:
        """Use ``loop`` (a :class:`firmware_py.app.camera_loop.CameraLoop`) as the camera.

        Args:
            loop: the camera loop (not started: :meth:`start` starts it).
            mode: the camera source as shown on the page (``sim``, ``picamera2``...).
            calibration_path: where :meth:`calibrate` saves the calibration for the next start.
            parts_for_model: for a new game on another board model: (camera opener, reader, calibration
                path) of that model.
        """
        with self._s.lock:
            self._s.loop = loop
            self._s.calibration_path = calibration_path
            self._s.parts_for_model = parts_for_model
            self._s.camera_mode = mode
            self._s.camera_status = {"mode": mode, "status": "starting", "message": ""}
            if mode == "sim":
                self._s.sim_board = dict(self._s.position.layout)
                self.set_sim_board(self._s.sim_board)
            self._s.await_board = self._s.uses_camera and mode != "sim"
            self._table._changed()

    def set_sim_board(self, board: dict[str, str]) -> None:
        self._s.sim_board = dict(board)
        if self._s.loop is not None:
            self._s.loop.use_camera(lambda camera: camera.set_layout(board))

    @property
    def sim_board(self) -> dict[str, str] | None:
        """The marbles on the simulated board (what the synthetic camera renders), None without it.

        Read without the table's lock (the camera thread asks while holding the camera): the board is
        never changed in place, only replaced, so the reference read is always a whole board.
        """
        board = self._s.sim_board
        return None if board is None else dict(board)

    def on_frame(self, frame: Frame, reading: Reading) -> None:
        """Every frame read (for the calibration page's picture); cheap, no state change."""
        self._s.last_frame = frame
        self._s.last_reading = reading
        status = reading.status
        if status != "ok" and self._s.camera_status.get("status") != status:
            self.on_camera_status(status, reading.message)
        elif status == "ok" and self._s.camera_status.get("status") not in ("ok",):
            self.on_camera_status("ok", "")

    def on_camera_status(self, status: str, message: str) -> None:
        """The camera loop reports: ``ok``, ``lost``, ``bad_frame``, ``occluded``, ``no_board``..."""
        with self._s.lock:
            if (
                self._s.camera_status.get("status") == status
                and self._s.camera_status.get("message") == message
            ):
                return
            self._s.camera_status = {"mode": self._s.camera_mode, "status": status, "message": message}
            if status == "lost":
                self._s.notice = {"fr": "Caméra perdue : on la rouvre.", "en": f"Camera lost: {message}"}
            self._table._changed()

    def on_reading(self, reading: Reading) -> None:
        """A stable reading from vision: compare it with the expected board and act (see the module doc)."""
        with self._s.lock:
            self._s.last_reading = reading
            self._s.last_stable = reading
            self._judge_reading(reading)

    def rejudge(self) -> None:
        """Judge the last stable board again: a card has just been named, the board may now mean a move.

        (The stabiliser reports a still board once; the players should not have to touch it again.)
        """
        reading = self._s.last_stable
        if reading is None or same_board(self._s.position.layout, dict(reading.layout)):
            return
        # A still board that may be the game's own (its colours unsure) is not asked about the moment a
        # card is named: only once hands have been over it again.
        unsure = reading.unsure_colour
        if unsure and seen_unchanged(self._s.position, dict(reading.layout), unsure):
            return
        self._judge_reading(reading)

    def _judge_reading(self, reading: Reading) -> None:
        if not self._s.uses_camera or reading.status != "ok":
            return
        layout = dict(reading.layout)
        unsure = reading.unsure_colour
        if reading.uncertain and set(reading.uncertain) <= set(unsure) and self._judge_unsure(layout, unsure):
            return
        if reading.uncertain:
            self._s.question = {
                "fr": "Lecture incertaine de certains trous : vérifiez ces billes.",
                "en": "Some holes could not be read for sure: check these marbles.",
                "places": sorted(reading.uncertain),
                "moves": [],
            }
            self._table._changed()
            return
        if self._s.await_board:
            self._judge_awaited(layout)
            self._table._changed()
            return
        if self._s.winner() is not None:
            return
        result = self._match(layout)
        if result is None:
            if not same_board(self._s.position.layout, layout):
                self._s.question = {
                    "fr": "Quelle carte a été jouée ?",
                    "en": "Which card was played?",
                    "places": sorted(change(self._s.position.layout, layout).places),
                    "moves": [],
                }
                self._table._changed()
            return
        self._apply_match(result, layout)

    def _judge_unsure(self, layout: dict[str, str], unsure: tuple[str, ...]) -> bool:
        """A board whose marbles were all seen but some colours not for sure: the game tells whose they
        are (the engine's ``match_seen``). Where two explanations remain (a Jack's swap changes no hole's
        occupancy), the seat to play is asked. False when the game cannot tell either (the caller then
        asks to check the marbles)."""
        if self._s.await_board:
            if not seen_unchanged(self._s.position, layout, unsure):
                return False
            self._s.await_board = False
            self._s.problem = None
            self._table._changed()
            return True
        if self._s.winner() is not None:
            return False
        card = self._card()
        if not self._s.digital and card is None:
            if not seen_unchanged(self._s.position, layout, unsure):
                self._s.question = {
                    "fr": "Quelle carte a été jouée ?",
                    "en": "Which card was played?",
                    "places": sorted(unsure),
                    "moves": [],
                }
                self._table._changed()
            return True
        result = match_seen(self._s.position, layout, unsure, card)
        if result.kind == "unsure":
            return False
        if result.kind != "ambiguous" or not result.unchanged_too:
            self._apply_match(result, layout)
            return True
        self._s.problem = None
        swap = result.moves[0] if len(result.moves) == 1 else None
        if swap is not None and swap.kind is MoveKind.SWAP:
            a, b = swap.steps[0]
            self._s.question = {
                "fr": f"Avez-vous échangé les billes de {a} et {b} ?",
                "en": f"Did you swap the marbles on {a} and {b}?",
                "places": sorted((a, b)),
                "moves": [self._s.move_info(swap)],
            }
        else:
            self._s.question = {
                "fr": "Les couleurs ne se lisent pas sûrement : quel coup a été joué, s'il y en a un ?",
                "en": "The colours cannot be read for sure: which move was played, if any?",
                "places": sorted(unsure),
                "moves": [self._s.move_info(m) for m in result.moves],
            }
        self._table._changed()
        return True

    def camera_jpeg(self, *, overlay: bool) -> bytes | None:
        """The latest camera frame as JPEG (with the reading drawn over it), None without a camera."""
        frame, reading = self._s.last_frame, self._s.last_reading
        if frame is None:
            return None
        import cv2

        if overlay and self._s.loop is not None:
            from vision.overlay import draw, draw_found

            reader = self._s.loop.reader
            if reading is not None and reader.calibration is not None and self._s.empty_frame is None:
                frame = draw(frame, reading, reader.calibration)
            else:  # not calibrated yet, or between the wizard's steps: the holes where the markers say
                frame = draw_found(frame, reader.geometry)
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 80])
        return bytes(data) if ok else None

    def calibrate(self, what: str) -> dict[str, Any]:
        """One step of the camera's calibration, on the latest frame.

        * ``"markers"``: the board without marbles: find it by its markers and keep the picture (what
          every empty hole looks like, painted or not). On the simulated camera the board is shown empty
          for that picture.
        * ``"colours"``: the marbles where the game has them (their reserves at the start): learn each
          seat's colour, and save the calibration.
        * ``"test"``: read the board as the camera sees it now, to compare with the real one.

        Raises:
            BadInput: unknown ``what``, WrongMoment: no camera, or the step failed: its ``details`` say what
                is wrong (``problem``: markers, dark, glare, covered, marbles...; ``places``: the holes).
        """
        from vision.calibration import CalibrationError, find_board  # numpy and OpenCV: only with a camera

        if what not in CALIBRATION_STEPS:
            raise refusals.calibration_step()
        with self._s.lock:
            if self._s.loop is None or self._s.last_frame is None:
                raise refusals.no_camera_picture()
            frame, layout, sim = (
                self._s.last_frame,
                dict(self._s.position.layout),
                self._s.camera_mode == "sim",
            )
        reader = self._s.loop.reader
        if what == "test":
            return self._test_reading(reader.read(frame), layout)
        try:
            if what == "markers":
                if sim:  # the simulated board is shown without its marbles for this picture
                    picture = self._s.loop.use_camera(_empty_picture)
                    frame = frame if picture is None else picture
                _, seen = find_board(frame, reader.geometry)
                with self._s.lock:
                    self._s.empty_frame = frame
                missing = [m for m in reader.geometry.marker_ids if m not in seen]
                return {
                    "ok": True,
                    "what": what,
                    "markers_seen": list(seen),
                    "markers_missing": missing,
                    "fr": f"Plateau trouvé ({len(seen)} marqueurs sur {len(reader.geometry.marker_ids)}).",
                    "en": f"Board found ({len(seen)} markers of {len(reader.geometry.marker_ids)}).",
                }
            with self._s.lock:
                empty = self._s.empty_frame
            calibration = reader.calibrate(frame, layout, empty=empty)
        except CalibrationError as error:
            raise refusals.calibration_failed(
                PROBLEM_FR[error.problem]
                + (f" (trous {', '.join(error.places[:8])})" if error.places else ""),
                error,
                {"problem": error.problem, "places": list(error.places), "step": what},
            ) from None
        text = calibration.to_json()
        if self._s.calibration_path is not None:
            self._s.calibration_path.parent.mkdir(parents=True, exist_ok=True)
            self._s.calibration_path.write_text(text, encoding="utf-8")
        with self._s.lock:
            self._s.empty_frame = None
            self._s.notice = {"fr": "Caméra calibrée.", "en": "Camera calibrated."}
            self._table._changed()
        warnings = calibration.warnings()
        return {
            "ok": True,
            "what": what,
            "painted": empty is not None,
            "warnings": warnings,
            "fr": " ".join(["Couleurs apprises : la caméra est calibrée.", *(w["fr"] for w in warnings)]),
            "en": " ".join(["Colours learnt: the camera is calibrated.", *(w["en"] for w in warnings)]),
        }

    @staticmethod
    def _test_reading(reading: Reading, layout: dict[str, str]) -> dict[str, Any]:
        """What the reader makes of the board now, against where the game has the marbles."""
        status = reading.status
        read = dict(reading.layout)
        uncertain = sorted(reading.uncertain)
        differ = sorted(
            p for p in set(read) | set(layout) if p not in uncertain and read.get(p) != layout.get(p)
        )
        if status != "ok":
            fr, en = f"Lecture impossible : {reading.message}", f"Cannot read the board: {reading.message}"
        elif differ or uncertain:
            differs, unsure = ", ".join(differ) or "—", ", ".join(uncertain) or "—"
            fr = f"Lu, mais différent du jeu en {differs} ; incertain : {unsure}."
            en = f"Read, but differs from the game at {differs}; uncertain: {unsure}."
        else:
            fr, en = (
                "Le plateau est lu exactement comme dans le jeu.",
                "The board reads exactly as in the game.",
            )
        return {
            "ok": True,
            "what": "test",
            "status": status,
            "layout": read,
            "uncertain": uncertain,
            "differ": differ,
            "fr": fr,
            "en": en,
        }
