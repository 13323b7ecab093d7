"""Read every marble off the board in a camera frame.

:class:`BoardReader` turns a frame into a :class:`BoardReading`. It never raises for a bad frame: a
black or overexposed frame, a frame of the wrong size, a frame without the board, a hand over the
board and a moved board each come back as a status with a message, so the camera loop keeps running.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

import cv2
import numpy as np

from firmware_py.engine.board import RESERVE_SIZE
from vision.calibration import Calibration, CalibrationError, calibrate, marble_centre_height
from vision.caustic import SpotPlan
from vision.classify import (
    EMPTY,
    GAIN_CHROMA,
    PALE_HUE,
    PALE_POINTS,
    LightThen,
    classify,
    colour_settles,
    features,
    light_then,
    over_wood,
)
from vision.colour_evidence import colour_evidence
from vision.geometry import BoardGeometry
from vision.glow import GlowPlan
from vision.look_change import BoardLooks, LookPlan, since_then
from vision.markers import AnchorWatch, BoardNotFound, WatchResult, locate_board, project
from vision.occupancy import look
from vision.sampling import SamplePlan

Status = Literal["ok", "no_board", "board_moved", "bad_frame", "occluded", "light_changed"]

DARK_LEVEL = 12.0
"""Mean level (0..255) under which a frame is too dark to read."""
BLOWN_SHARE = 0.5
"""Share of clipped white pixels above which a frame is overexposed."""
OCCLUDED_PLACES = 3
"""Places whose wood changed hue or light on its own from which the board counts as occluded; a
single place that matches no class at all (a finger, a sleeve) is enough."""
STRONG = 1.5
"""A hole changed by at least this many times the least change of a marble (the empty look's
``marble_above``) surely holds something as solid as a marble. In evening light no lower bound tells a
lone marble from a finger over an empty hole: on the looked-at photoreal seeds and the tuning set-ups,
a clear glass marble in a reserve under its own coloured shadow changed its hole 1.36-1.50 times
``marble_above`` while fingers alone over empty holes changed theirs 1.32-1.48 times on four set-ups;
against the median change of calibration's marbles, 0.86-0.93 and up to 1.02 for a finger; the light
on the wood is no better (brightest channel 0.91-1.00 of the board's, 0.95-0.99 beside two fingers)."""
AS_CALIBRATED = 0.15
"""A place's light within this share of calibration's (either way) is the light it was calibrated in."""
RELIT_SHARE = 0.15
"""Share of the places lit as at calibration (:data:`AS_CALIBRATED`) below which the light on the whole
board is another: a lamp switched on or off, daylight gone, or a shadow over the whole board. With a
lamp of another kind than calibration's (a desk lamp switched on under a ceiling light, the window's
light gone for an evening lamp, and back: 20 photoreal set-ups of tuning seed 3), 0 to 13 % of the
places were so lit, and nearly every hole read was in doubt, or the board taken for covered; on the still
boards of the photoreal seeds 2006-2023, 89 % or more; under hands, 26 % or more but for a hand lifting a
marble between a low desk lamp and the board (catseye-desk-2014), whose shadow covered the whole board."""
RELIT_DOUBT = 0.25
"""Share of places in doubt from which a board under another light is reported as such rather than read
(a light that only dims or brightens the board evenly is read through: the colours are normalised)."""
MOSTLY_IN_DOUBT = 0.4
"""Share of places in doubt from which a board is not read at all, whatever its light: every hole's
shading moved, as when a lamp as bright as calibration's is switched on from another side. A desk lamp
switched on after calibration in the evening (clear-evening-to-desk-2000, the board as bright as before,
62 % of the places lit as then) left 95 to 101 of 105 holes in doubt, and read one or two empty holes
as yellow marbles. Frames read in calibration's light left at most 21 places in doubt on still boards
and 26 under hands (photoreal seeds 2006-2023)."""
MOVED_PX = 2.0
"""Largest change of the board's corners, in pixels, still taken as the same board position."""


@dataclass(frozen=True)
class BoardReading:
    """What one frame says about the board.

    Only a reading with status ``"ok"`` describes the board; its ``layout`` holds the places read with
    confidence, and ``uncertain`` the places that could not be (never guessed).
    """

    status: Status
    layout: dict[str, str] = field(default_factory=dict)
    """Place id -> seat letter of each marble read with confidence."""
    uncertain: tuple[str, ...] = ()
    unsure_colour: tuple[str, ...] = ()
    """The places of ``uncertain`` that surely hold a marble whose colour is not clear (clear glass, a
    glare, two seats of near colours): the game can often tell whose it is (see
    :func:`firmware_py.engine.matching.match_seen`)."""
    confidence: dict[str, float] = field(default_factory=dict)
    """Place id -> confidence 0..1 of what was read there (empty or a colour)."""
    message: str = ""
    light: float = 1.0
    """The board's light against calibration (1.0 = as bright as then)."""
    local_light: np.ndarray | None = field(default=None, compare=False, repr=False)
    """Per place, the light against calibration (what the stabiliser watches for passing shadows)."""
    colour_evidence: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    """Place id of ``unsure_colour`` -> seat letter -> log-likelihood of that seat's learnt colour there
    (natural log, up to a constant of the place): graded evidence where no colour is clear, with the
    coloured glow a tinted glass throws beside it (:mod:`vision.glow`). Two pale tinted marbles that
    swapped still differ, which the game weighs (see :func:`firmware_py.engine.matching.match_seen`)."""
    touched: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    """Place id of ``unsure_colour`` -> the seat there on the board before -> how much the hole's change
    of look since weighs against it (see :meth:`since`), which the game weighs between moves only."""
    looks: BoardLooks | None = field(default=None, compare=False, repr=False)
    """Every hole's look in the frame, for a still board (see :meth:`BoardReader.with_looks`)."""
    faint: tuple[str, ...] = ()
    """The places of ``unsure_colour`` whose hole changed less than a marble strongly changes it (see
    :data:`STRONG`): as much as the long shadow of the next glass marble under a desk lamp changes an
    empty hole."""

    def look_changes(self, then: BoardReading) -> dict[str, float] | None:
        """Place -> how far its hole's look changed since ``then`` (see
        :meth:`vision.look_change.LookPlan.changes`), under this board's light: ``then``'s looks are
        brought to the light since measured around each hole. None when either board has no looks, or
        looks taken before the board was found again."""
        if self.looks is None or then.looks is None:
            return None
        light = None
        if self.local_light is not None and then.local_light is not None:
            light = self.local_light / np.maximum(then.local_light, 1e-3)
        changes = self.looks.plan.changes(then.looks, self.looks, light)
        return None if changes is None else dict(zip(self.looks.plan.places, changes.tolist(), strict=True))

    def since(self, then: BoardReading | None, board_then: Mapping[str, str]) -> BoardReading:
        """This still board held against ``then``, the still board the game accepted as ``board_then``
        (place -> seat), by how every hole's look changed since (see :mod:`vision.look_change`): holes
        not read whose look did not change hold what they held (a marble's colour still left to the
        game), as do holes empty then and now seen to hold a faint marble of unsure colour (:attr:`faint`);
        marbles of unsure colour whose look changed much were touched (:attr:`touched`).
        Itself when either board has no looks, or looks taken before the board was found again."""
        if then is None or self.status != "ok":
            return self
        changes = self.look_changes(then)
        if changes is None:
            return self
        seen = since_then(
            changes,
            self.uncertain,
            self.unsure_colour,
            board_then,
            faint=self.faint,
        )
        empty = set(seen.read_as_before) - set(seen.unsure_now)
        return replace(
            self,
            uncertain=tuple(p for p in self.uncertain if p not in empty),
            unsure_colour=(*(p for p in self.unsure_colour if p not in empty), *seen.unsure_now),
            faint=tuple(p for p in self.faint if p not in empty),
            touched=seen.touched,
        )


class BoardReader:
    """Reads frames of one board from one camera.

    Args:
        geometry: the board model.
        calibration: a saved calibration, or ``None`` until :meth:`calibrate` is called.
    """

    def __init__(self, geometry: BoardGeometry, calibration: Calibration | None = None) -> None:
        self.geometry = geometry
        self.calibration: Calibration | None = None
        self._plan: SamplePlan | None = None
        self._glow_plan: GlowPlan | None = None
        self._spot_plan: SpotPlan | None = None
        self._look_plan: LookPlan | None = None
        self._then: tuple[np.ndarray, SamplePlan, LightThen] | None = None
        if calibration is not None:
            self.use(calibration)

    def use(self, calibration: Calibration) -> None:
        """Read with a (saved) calibration.

        Raises:
            CalibrationError: the calibration was made for another board model.
        """
        if calibration.model != self.geometry.model or len(calibration.wood_ref) != len(
            self.geometry.place_ids
        ):
            raise CalibrationError(
                f"the calibration is for board {calibration.model}, not {self.geometry.model}"
            )
        self.calibration = calibration
        self._plan = self._make_plan(calibration)
        self._glow_plan = self._make_glow_plan(calibration)
        self._spot_plan = self._make_spot_plan(calibration)
        self._look_plan = self._make_look_plan(calibration, self._plan)

    def with_looks(self, reading: BoardReading, frame: np.ndarray) -> BoardReading:
        """``reading`` (of ``frame``, a still board) with every hole's look in it, to hold the next still
        board against (see :meth:`BoardReading.since`): taken only for still boards, as it blurs the
        board's part of the frame (2.6 ms of CPU here, the median on seed 2011)."""
        if reading.status != "ok" or self._look_plan is None:
            return reading
        return replace(reading, looks=self._look_plan.looks(frame))

    def _make_look_plan(self, calibration: Calibration, plan: SamplePlan) -> LookPlan:
        return LookPlan(self.geometry.place_ids, plan.top_px, plan.marble_radius_px, calibration.size)

    def _light_then(self, wood_ref: np.ndarray, plan: SamplePlan) -> LightThen:
        """The light at calibration around every place (see :func:`vision.classify.light_then`), computed
        once for the calibration's wood points and plan (taken again when the board is found again)."""
        if self._then is None or self._then[0] is not wood_ref or self._then[1] is not plan:
            self._then = (wood_ref, plan, light_then(wood_ref, plan.neighbours))
        return self._then[2]

    def calibrate(
        self, frame: np.ndarray, layout: Mapping[str, str], *, empty: np.ndarray | None = None
    ) -> Calibration:
        """Locate the board by its markers and learn the colours from marbles in known places.

        Args:
            empty: a frame of the empty board from the same camera, for painted boards (see
                :func:`vision.calibration.calibrate`).

        Raises:
            CalibrationError: see :func:`vision.calibration.calibrate`.
        """
        calibration = calibrate(frame, self.geometry, layout, empty=empty)
        self.use(calibration)
        return calibration

    def calibrate_corners(
        self, frame: np.ndarray, corners: np.ndarray, layout: Mapping[str, str]
    ) -> Calibration:
        """Calibrate from the board's 4 corners clicked in the frame, for a board without markers.

        Args:
            corners: ``(4, 2)`` pixels of the board's top-left, top-right, bottom-right and
                bottom-left corners (as drawn in the geometry).

        Raises:
            CalibrationError: see :func:`vision.calibration.calibrate`.
        """
        calibration = calibrate(frame, self.geometry, layout, corners=corners)
        self.use(calibration)
        return calibration

    def _make_glow_plan(self, calibration: Calibration) -> GlowPlan | None:
        """The points watched for the marbles' glows, when calibration learnt them: made with the sample
        plan (16 ms of CPU here), never in the middle of reading a frame."""
        if calibration.glow is None:
            return None
        return GlowPlan(*self._pose(calibration))

    def _make_spot_plan(self, calibration: Calibration) -> SpotPlan | None:
        """The windows watched for the marbles' spots, when calibration learnt them, of the size it
        kept the empty board's."""
        if calibration.spot is None:
            return None
        return SpotPlan(
            *self._pose(calibration), calibration.spot.shadows, half=calibration.spot.empty.shape[1] // 2
        )

    def _make_plan(self, calibration: Calibration) -> SamplePlan:
        return SamplePlan(*self._pose(calibration))

    def _pose(
        self, calibration: Calibration
    ) -> tuple[BoardGeometry, np.ndarray, np.ndarray, tuple[int, int]]:
        """What every plan of the holes is made from: the board, where its surface and a resting marble's
        centre are seen (homographies from the board's millimetres), and the frames' size."""
        return (
            self.geometry,
            calibration.board_h,
            calibration.homography_at(marble_centre_height(self.geometry)),
            calibration.size,
        )

    def read(self, frame: object) -> BoardReading:
        """Read a frame. Never raises for a bad frame; the status and message say what is wrong."""
        try:
            return self._read(frame)
        except cv2.error as error:  # a frame OpenCV cannot digest must not stop the camera loop
            return BoardReading("bad_frame", message=f"OpenCV could not process the frame: {error.msg}")

    def _read(self, frame: object) -> BoardReading:
        calibration, plan = self.calibration, self._plan
        if calibration is None or plan is None:
            return BoardReading(
                "no_board", message="not calibrated: calibrate with the board in its starting layout"
            )
        problem = _frame_problem(frame, calibration.size)
        if problem:
            return BoardReading("bad_frame", message=problem)
        assert isinstance(frame, np.ndarray)
        watch = calibration.anchors.check(frame)
        markers_hidden = False
        if not watch.still:
            moved = self._relocate(frame, calibration, watch)
            if moved is not None:
                return moved
            markers_hidden = watch.seen < 2
        samples = plan.gather(frame)
        feats = features(
            samples, calibration.wood_ref, plan.neighbours, then=self._light_then(calibration.wood_ref, plan)
        )
        verdicts = classify(feats, calibration.classes, plan.adjacent)
        ids = self.geometry.place_ids
        unsure_colour = np.zeros(len(ids), bool)
        weak = np.zeros(len(ids), bool)
        labels = verdicts.labels
        present: np.ndarray | None = None
        if calibration.empty_look is not None:
            # Occupancy first, from each hole's empty look; a colour only where it is clear.
            empty_look = calibration.empty_look
            pixels = look(samples)
            occupied, sure, changed = empty_look.judge(pixels, feats.around)
            # Judged by the place's own light too: where both judgements are sure and disagree, the light
            # around the place is not its own (a painted reserve lit far more brightly than at calibration,
            # held-out 2D seed 1010), and the hole is in doubt.
            own_occupied, own_sure, _ = empty_look.judge(pixels, feats.gain)
            sure = sure & ~(own_sure & (own_occupied != occupied))
            # In the band of doubt (a marble's shadow or caustic on its neighbour), a clear colour decides,
            # also where the hole was found empty for only part of it having changed, unless the light
            # on the place's wood is tinted (a hand). A hole whose change leans to a marble's (past the
            # band's middle) is settled empty by its colour only where something beside it could have
            # changed it so: a marble or a hole in doubt next to it, or its wood covered or touched (a
            # hand's shade). Alone, the change is the hole's own: a dark peg in the evening, seen from afar,
            # shows its head beside the hole and leaves the hole's dark middle in sight (peg-evening-2042).
            empty_nearest = np.array([label == EMPTY for label in labels])
            partly = sure & ~occupied & (changed > empty_look.empty_below)
            cause = plan.adjacent[:, occupied | ~sure].any(axis=1) | feats.covered | feats.touched
            own_change = occupied & ~cause & empty_nearest
            by_colour = (~sure | partly) & colour_settles(verdicts, feats) & ~own_change
            occupied = np.where(by_colour, ~empty_nearest, occupied)
            sure = sure | by_colour
            touching = verdicts.flat | feats.covered | feats.touched
            alone = ~plan.adjacent[:, touching].any(axis=1)
            strong = occupied & (changed >= STRONG * empty_look.marble_above)
            # A clear seat colour on a hole that still matches its own empty look best (a painted
            # reserve under a finger's shadow) is two readings that disagree: neither is trusted. Unless
            # the hole changed as strongly as a marble's with nothing over it or its neighbours (a
            # cat's-eye's dark body under a desk lamp): then it holds a marble whose colour is not clear.
            disagree = occupied & verdicts.seat_sure & empty_nearest & ~verdicts.uncertain
            disagree = disagree & ~(strong & alone & ~touching)
            # A hole beside a marble, changed past the band of doubt yet less than a marble strongly
            # changes it, whose colour is clearly an empty hole's, is two readings that disagree too: the
            # shadow and the coloured light a marble under a lamp throws into the empty hole next to it
            # (calibration saw every reserve full, none beside an empty hole), where the least marble
            # calibration saw was one in the lamp's glare. Neither is trusted; nor does the doubt reach
            # the holes around. (A marble alone in the evening's dim light changes its hole as faintly,
            # and its colour may look empty: it has no marble beside it to have thrown a shadow.)
            beside_marble = plan.adjacent[:, strong].any(axis=1)
            faint = occupied & sure & ~strong & beside_marble & empty_nearest
            faint &= colour_settles(verdicts, feats)
            sure = sure & ~disagree & ~faint
            # A hand spreads over several holes and the wood between them, whose bare points then change
            # hue (touched). A place whose wood's light changed (a neighbour's shadow, a caustic) but
            # whose hole changed as strongly as a marble's holds a marble, with nothing over it or its
            # neighbours; so does a place alone that looks like wood over its hole (a yellow marble, a
            # wooden peg) and surely changed. Their colours are not clear, as is no colour still nearer
            # the empty hole's than any seat's (skin over a hole, a marble half hidden). (A tinted glass's
            # own coloured shadow changes the hue of its wood: alone, that is no hand.) Nor is the deep
            # shadow a low lamp throws from a marble onto the wood of the next: wood covered by its
            # darkness only (its hue moved less than a cover's), around a hole that changed as a marble's
            # does, next to a marble. A row of marbles under a desk lamp lies in each other's shadows,
            # none of them alone; a row of glass marbles in a home or a reserve throws coloured caustics
            # onto each other's wood. So a place whose wood changed but none of its bare points between
            # holes, whose hole surely changed as a marble's and that matches a class (not flat), holds
            # a marble too.
            in_shadow = (feats.tint <= GAIN_CHROMA) & plan.adjacent[:, occupied].any(axis=1)
            lit = occupied & sure & ~feats.touched & ~verdicts.flat
            lone_marble = feats.covered & ((strong & (alone | in_shadow)) | lit)
            explained = lone_marble
            alone = alone & ~feats.touched
            # Under a cover, a hole read surely empty in a seat's clear colour is two readings that
            # disagree (a marble under the fingers): neither is trusted.
            hidden = feats.covered & (verdicts.uncertain | (~occupied & ~empty_nearest)) & ~lone_marble
            # A seat's marbles in the seat's own area painted its colour (a yellow marble in a reserve
            # painted yellow) look like their wood, each next to the other: no hand, when no wood around
            # any of them changed, every hole changed as strongly as a marble's and the colour nearest
            # is the owner's. (An arm the wood's colour over the track is flat in a row of holes too.)
            # Wood whose change a marble in its own hole explains (its coloured light) is no hand's: an
            # orange glass marble under a desk lamp tinted its wood just past a cover's hue on one of
            # four captures, and the orange marble beside it, as warm as the wood, was then taken for a
            # cover (catseye-desk-tock6-2067).
            changed_wood = (feats.covered & ~explained) | feats.touched
            unreached = ~changed_wood & ~plan.adjacent[:, changed_wood].any(axis=1)
            owners = self.geometry.owners
            own_paint = np.array([verdicts.seat[i] == owners[i] for i in range(len(ids))])
            # A finger as pale as the wood lying along a row of holes looks like wood over each, and may
            # seem alone; but it lies over the bare wood beside the hole too, which a lone peg never does.
            # Marbles as pale as the wood side by side (two yellow milky marbles in a warm evening light)
            # are none of them alone, but each hole changed as strongly as a marble's with no wood around
            # changed, and nothing lies over the bare wood beside it or beside the holes next to it.
            side_by_side = verdicts.flat & occupied & sure & strong & unreached
            lone = np.flatnonzero(verdicts.flat & occupied & sure & (alone | side_by_side))
            lying = np.zeros(len(ids), bool)
            lying[lone] = over_wood(
                samples, calibration.wood_ref, feats.bare, lone, hue_past=PALE_HUE, points=PALE_POINTS
            )
            lying_near = lying | plan.adjacent[:, lying].any(axis=1)
            marble_like = (alone & ~lying) | (strong & unreached & (own_paint | ~lying_near))
            flat = verdicts.flat & ~(occupied & sure & marble_like)
            clear = verdicts.seat_sure & ~empty_nearest & ~lone_marble & ~verdicts.flat
            # A colour seen over a hole and over the bare wood beside it is no marble's: a finger. Nor
            # does a colour hardly nearer a seat's than the wood's or the empty hole's say whose marble it
            # is (skin in a warm light, between the wood and a red; a fingertip in a hand's shade). Beside
            # a hole that looks like wood over it (a finger as pale as the wood), the colour must be as
            # clearly nearer the seat's than the wood's as it must be than the empty hole's: pale fingers
            # lying on both sides of a green marble, over part of its top, turned its colour to a yellow
            # (milky-window-2059).
            reads = np.flatnonzero(occupied & sure & clear)
            finger = np.zeros(len(ids), bool)
            finger[reads] = over_wood(samples, calibration.wood_ref, feats.bare, reads)
            pale_beside = verdicts.near_wood & plan.adjacent[:, verdicts.flat].any(axis=1)
            hidden, clear = hidden | finger, clear & ~finger & ~verdicts.near_plain & ~pale_beside
            # Nor is a colour not clear: dark fingers lit over an empty hole and its wood in the evening, seen
            # as a marble, let the half hidden marble beside it be read empty (milky-evening-2079).
            unsure_colour = occupied & sure & ~clear & ~hidden & ~flat
            unclear = np.flatnonzero(unsure_colour)
            hidden[unclear] = over_wood(
                samples, calibration.wood_ref, feats.bare, unclear, hue_past=PALE_HUE, lit=True
            )
            unsure_colour &= ~hidden
            labels = [verdicts.seat[i] if occupied[i] else EMPTY for i in range(len(ids))]
            present, weak = occupied, ~strong
            # A hole left in the band of doubt with nothing over its wood (a low lamp's shadow across
            # an empty hole, a caustic on its rim) is not read, but it hides nothing of its neighbours;
            # one whose wood is covered or touched, or whose colour and change disagree (a finger), does.
            in_doubt = ~sure & (feats.covered | feats.touched | disagree)
            reaching = hidden | flat | in_doubt | (feats.touched & ~lone_marble)
            verdicts = replace(verdicts, uncertain=~sure | hidden | flat | unsure_colour, anomalous=flat)
        else:
            reaching = verdicts.uncertain
            explained = np.zeros(len(ids), bool)
        # The edge strip leaves out what the marbles read in the holes near it change, with their shade.
        hand_over = calibration.edge is not None and calibration.edge.covered(frame, present)
        # Whatever hides part of a hole (a finger, a sleeve's edge) reaches over the holes next to it.
        doubtful = verdicts.uncertain | (plan.adjacent[:, reaching].any(axis=1))
        unsure_colour = unsure_colour & ~np.asarray(plan.adjacent[:, reaching].any(axis=1))
        verdicts = replace(verdicts, uncertain=doubtful)
        layout = {
            ids[i]: labels[i] for i in range(len(ids)) if not verdicts.uncertain[i] and labels[i] != EMPTY
        }
        uncertain = tuple(ids[i] for i in np.flatnonzero(verdicts.uncertain))
        unsure = tuple(ids[i] for i in np.flatnonzero(unsure_colour))
        faint = tuple(ids[i] for i in np.flatnonzero(unsure_colour & weak))
        confidence = {ids[i]: round(float(verdicts.confidence[i]), 4) for i in range(len(ids))}
        evidence = colour_evidence(feats.values, calibration.classes, ids, np.flatnonzero(unsure_colour))
        if unsure_colour.any() and (self._glow_plan is not None or self._spot_plan is not None):
            bodies = np.array([label != EMPTY for label in labels]) | verdicts.uncertain
            self._add_cues(frame, [int(i) for i in np.flatnonzero(unsure_colour)], bodies, evidence)
        # Under a glare, clipped wood flickers with the exposure: it says nothing of passing shadows.
        light_map = np.where(feats.glared, feats.light, np.exp(np.log(feats.gain).mean(axis=1)))
        # a marble explains the dark wood around its hole: that is no cover
        covered = int(np.count_nonzero(feats.covered & ~explained))
        anomalous = int(np.count_nonzero(verdicts.anomalous))
        crowded = [s for s, n in Counter(layout.values()).items() if n > RESERVE_SIZE]
        status: Status = "occluded"
        if markers_hidden:
            message = "the board's markers are covered"
        elif hand_over:
            message = "a hand, an arm or something else lies across the board's edge"
        elif anomalous or covered >= OCCLUDED_PLACES:
            hidden = int(np.count_nonzero(feats.covered | verdicts.anomalous))
            message = f"something covers the board ({hidden} places hidden)"
        elif crowded:
            message = (
                f"more than {RESERVE_SIZE} marbles of seat {', '.join(crowded)}: something covers the board"
            )
        else:
            status, message = "ok", f"{len(uncertain)} places uncertain" if uncertain else ""
        if not markers_hidden and (status != "ok" or len(uncertain) >= RELIT_DOUBT * len(ids)):
            lit_as_then = np.abs(np.log(np.maximum(light_map, 1e-3))) < np.log1p(AS_CALIBRATED)
            if np.mean(lit_as_then) < RELIT_SHARE or (
                status == "ok" and len(uncertain) >= MOSTLY_IN_DOUBT * len(ids)
            ):
                status, message = "light_changed", _relit_message(feats.light)
        return BoardReading(
            status,
            layout,
            uncertain,
            unsure,
            confidence,
            message,
            feats.light,
            light_map,
            evidence,
            faint=faint,
        )

    def _add_cues(
        self, frame: np.ndarray, places: list[int], bodies: np.ndarray, evidence: dict[str, dict[str, float]]
    ) -> None:
        """Add to the colour ``evidence`` of ``places`` their glows' and their spots' (see :mod:`vision.glow`
        and :mod:`vision.caustic`)."""
        calibration = self.calibration
        assert calibration is not None
        cues = []
        if calibration.glow is not None and self._glow_plan is not None:
            cues.append(calibration.glow.evidence(self._glow_plan, frame, places, bodies))
        if calibration.spot is not None and self._spot_plan is not None:
            cues.append(calibration.spot.evidence(self._spot_plan, frame, places, bodies))
        for weighed in cues:
            for i, cue in zip(places, weighed, strict=True):
                if cue is not None:
                    seen = evidence[self.geometry.place_ids[i]]
                    for seat in seen:
                        seen[seat] = round(seen[seat] + cue.get(seat, 0.0), 3)

    def _relocate(
        self, frame: np.ndarray, calibration: Calibration, watch: WatchResult
    ) -> BoardReading | None:
        """The anchors were not all found in place: look for the markers (slow path).

        Returns:
            A reading to report instead of reading the holes (no board, board moved), or ``None`` when
            the board is where it was, or may be (anchors covered rather than moved).
        """
        anchors_moved = watch.seen >= 2
        if calibration.method != "markers":
            if anchors_moved:
                return BoardReading(
                    "board_moved", message="the board moved: calibrate again (clicked corners)"
                )
            return None
        try:
            board_h, ids = locate_board(frame, self.geometry)
        except BoardNotFound as error:
            if not error.seen:
                return BoardReading("no_board", message=f"no board in view: {error}")
            if anchors_moved:
                return BoardReading(
                    "board_moved", message=f"the board moved and cannot be found again: {error}"
                )
            return None
        corners = self.geometry.board_corners()
        change = float(
            np.max(np.linalg.norm(project(board_h, corners) - project(calibration.board_h, corners), axis=1))
        )
        if change <= MOVED_PX:
            return None
        if calibration.edge is not None:
            # The strip follows the board with the look calibration saw: the frame of the bump may show
            # the hand that bumped it, which would be taken for the board's edge ever after.
            calibration.edge = calibration.edge.carried_over(calibration.board_h, board_h)
        calibration.board_h = board_h
        calibration.anchors = AnchorWatch.from_frame(
            frame, project(board_h, np.array([self.geometry.marker(i).centre for i in ids]))
        )
        before, self._plan = self._plan, self._make_plan(calibration)
        self._glow_plan = self._make_glow_plan(calibration)  # its points are in the board's millimetres
        self._spot_plan = self._make_spot_plan(calibration)  # its windows follow the holes
        self._look_plan = self._make_look_plan(calibration, self._plan)  # looks taken before never compare
        # The wood points now fall on other grain, or across a painted area's edge: take them again from
        # this frame, brought back to the calibration's light so the learnt colours still hold.
        wood = self._plan.gather(frame).wood
        ratio = np.median((calibration.wood_ref / np.maximum(wood, 1.0)).reshape(-1, 3), axis=0)
        calibration.wood_ref = (wood * ratio).astype(np.float32)
        if calibration.empty_look is not None and before is not None:
            # Every hole's empty look follows the board to its new place, so marbles are still told from
            # empty holes by their look, not by their colour alone (which clear glass does not show).
            calibration.empty_look = calibration.empty_look.carried_over(before, self._plan)
        return BoardReading(
            "board_moved", message=f"the board moved by {change:.0f} px: found again, reading resumes"
        )


def _frame_problem(frame: object, size: tuple[int, int]) -> str:
    """Why a frame cannot be read, or ``""``."""
    if not isinstance(frame, np.ndarray):
        return f"not an image: {type(frame).__name__}"
    if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3:
        return f"expected a BGR uint8 image, got {frame.dtype} of shape {frame.shape}"
    width, height = size
    if frame.shape[:2] != (height, width):
        return f"frame is {frame.shape[1]}x{frame.shape[0]}, the calibration was made at {width}x{height}"
    coarse = frame[::16, ::16]
    if float(coarse.mean()) < DARK_LEVEL:
        return "frame too dark (lens covered, or the light is off)"
    if float(np.mean(coarse.min(axis=2) >= 250)) > BLOWN_SHARE:
        return "frame overexposed"
    return ""


def _relit_message(light: float) -> str:
    """What to do when the light on the whole board is not the light of calibration (``light`` times as
    bright)."""
    how = (
        f"{light:.1f} times as bright"
        if abs(np.log(max(light, 1e-3))) >= np.log1p(AS_CALIBRATED)
        else "as bright, but the holes' shading moved"
    )
    return (
        f"the light on the board is not the light it was calibrated in ({how}): a lamp switched on or"
        " off, or a shadow over the whole board? If it lasts, bring that light back, or calibrate the"
        " camera again"
    )
