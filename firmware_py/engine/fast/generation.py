"""Where the marbles of a :class:`~firmware_py.engine.fast.marbles.Marbles` may go: the route of one
marble forward, back, into the home, through the centre or a shortcut, the 5 and the swaps, as integer
moves appended to a list.

These are the rules of movement, stated once for the whole engine: the public ``legal_moves`` lists its
moves here too (:mod:`firmware_py.engine.movegen`). :mod:`firmware_py.engine.routes` walks the same
routes again only to say why a move is *not* legal, and ``tests/engine/test_conformance.py`` holds the
two to each other on thousands of random positions.
"""

from __future__ import annotations

from firmware_py.engine.context import BIT_LENGTHS, GUARD_ANY, GUARD_FRESH, GUARD_NONE, Context
from firmware_py.engine.fast.codes import ENTER, STEP, SWAP, kind_step, step_code
from firmware_py.engine.fast.marbles import Marbles
from firmware_py.engine.tables import RESERVE


class Generator(Marbles):
    """:class:`Marbles` that list the routes of their marbles, with what every card's moves start from
    worked out once per board and seat to play (:meth:`_prepare`)."""

    def __init__(self, ctx: Context, marbles: list[int], fresh: int, turn: int) -> None:
        super().__init__(ctx, marbles, fresh, turn)
        self.blk = 0
        """During generation: bit ``s`` set when section ``s``'s marble on its start cell blocks passage."""
        self.imm = 0
        """During generation: bit ``s`` set when that marble cannot be taken."""
        self.prepared = -1
        self.won = False
        self.played_mask = 0
        self.entries: list[int] = []
        self.mine_loc: list[int] = [0] * 4 * ctx.count
        """The first ``mine`` entries: the locations of the marbles the seat to play moves (of its
        sections, in turn order), and their sections (``mine_sec``); written in place, never emptied."""
        self.mine_sec: list[int] = [0] * 4 * ctx.count
        self.mine = 0

    def _prepare(self) -> None:
        """What every card's moves start from, worked out once per board and seat to play: whether the
        game is won, the start-cell guards, the sections played, the entries and the marbles to move."""
        self.prepared = self.stamp << 4 | self.turn
        self.won = self.winner() >= 0
        self._guards()
        ctx = self.ctx
        marbles = self.marbles
        played = self.played_sections()
        entries = self.entries
        mine_loc = self.mine_loc
        mine_sec = self.mine_sec
        if entries:
            entries.clear()
        mine = 0
        played_mask = 0
        for section in played:
            played_mask |= 1 << section
            base = 4 * ctx.seat_of[section]
            if marbles[base] == RESERVE:
                start = ctx.start[section]
                if not (self.occ[start] >= 0 and self._immune(start)):
                    entries.append(step_code(ENTER, RESERVE, start, section, 0))
            for j in range(base, base + 4):
                loc = marbles[j]
                if loc != RESERVE:
                    mine_loc[mine] = loc
                    mine_sec[mine] = section
                    mine += 1
        self.mine = mine
        self.played_mask = played_mask

    def _guards(self) -> None:
        """Which marbles on their own start cell block passage, and which cannot be taken, now."""
        ctx = self.ctx
        occ = self.occ
        blk = 0
        imm = 0
        if ctx.blocking == GUARD_ANY or ctx.immunity == GUARD_ANY:
            for section in ctx.sections:
                if occ[ctx.start[section]] != section:
                    continue
                fresh = self.fresh >> section & 1
                if ctx.blocking == GUARD_ANY or (ctx.blocking == GUARD_FRESH and fresh):
                    blk |= 1 << section
                if ctx.immunity == GUARD_ANY or (ctx.immunity == GUARD_FRESH and fresh):
                    imm |= 1 << section
        else:  # only marbles just out are guarded: the sections of the flags set
            left = self.fresh
            while left:
                bit = left & -left
                left ^= bit
                section = BIT_LENGTHS[bit] - 1
                if occ[ctx.start[section]] == section:
                    if ctx.blocking == GUARD_FRESH:
                        blk |= bit
                    if ctx.immunity == GUARD_FRESH:
                        imm |= bit
        self.blk = blk
        self.imm = imm

    def _blocking(self, loc: int) -> bool:
        owner = self.ctx.start_owner[loc]
        return owner >= 0 and bool(self.blk >> owner & 1)

    def _immune(self, loc: int) -> bool:
        owner = self.ctx.start_owner[loc]
        return owner >= 0 and bool(self.imm >> owner & 1)

    def _spared(self, loc: int, which: int) -> bool:
        """Whether the marble on ``loc`` stands on its own start cell and ``which`` protects it."""
        if which == GUARD_NONE:
            return False
        owner = self.ctx.start_owner[loc]
        return owner >= 0 and self.occ[loc] == owner and (which == GUARD_ANY or bool(self.fresh >> owner & 1))

    def _forward(
        self, owner: int, frm: int, n: int, five: bool, sweep: bool, part: bool, out: list[int]
    ) -> None:
        """Routes of the marble of section ``owner`` on ``frm`` moving ``n`` forward (``routes.forward``)."""
        ctx = self.ctx
        track = ctx.track
        if frm >= track:
            if frm != ctx.centre:
                self._home_forward(owner, frm, n, out)
            return
        entry = ctx.entry[owner]
        start = ctx.start[owner]
        may_pass_start = ctx.round_again or (five and ctx.five_pass)
        blk = self.blk
        if not sweep and not blk:  # nothing on the way can stop or be taken: arithmetic, not a walk
            home_at = (entry - frm) % track + 1
            start_at = (start - frm) % track
            stopped = not may_pass_start and 0 < start_at <= n
            if stopped and start_at < home_at:
                return
            home_ok = home_at <= n and self._home_branch(owner, frm, n - home_at + 1, 0, out)
            if not stopped and not (home_ok and not five):
                to = (frm + n) % track
                if ctx.jump and ctx.is_shortcut[to]:
                    self._land(owner, frm, to, 0, part, 1, out)
                elif self.occ[to] < 0 or not (self._immune(to) or (part and ctx.seven_never)):
                    out.append(kind_step(frm, to, owner))
            return
        occ = self.occ
        start_owner = ctx.start_owner
        imm = self.imm
        swept = 0
        home_ok = False
        p = frm
        for i in range(1, n + 1):
            if p == entry:
                home_ok = self._home_branch(owner, frm, n - i + 1, swept, out) and not five
            q = p + 1
            if q == track:
                q = 0
            if q == start and not may_pass_start:
                return
            o = occ[q]
            if o >= 0 and i < n:
                guard = start_owner[q]
                if guard >= 0 and blk >> guard & 1:
                    return
                if sweep and (ctx.sweep_all or o != owner) and not (guard >= 0 and imm >> guard & 1):
                    swept |= 1 << (i - 1)
            p = q
        if home_ok:
            return
        self._land(owner, frm, p, swept, part, 1, out)

    def _home_forward(self, owner: int, frm: int, n: int, out: list[int]) -> None:
        to = frm + n
        if to >= self.ctx.home[owner] + 4:
            return
        occ = self.occ
        for q in range(frm + 1, to + 1):
            if occ[q] >= 0:
                return
        out.append(step_code(STEP, frm, to, owner, 0))

    def _home_branch(self, owner: int, frm: int, r: int, swept: int, out: list[int]) -> bool:
        """The route into the home lane with ``r`` steps to go; whether it is legal."""
        if r > 4:
            return False
        base = self.ctx.home[owner]
        occ = self.occ
        for q in range(base, base + r):
            if occ[q] >= 0:
                return False
        out.append(step_code(STEP, frm, base + r - 1, owner, swept))
        return True

    def _land(
        self, owner: int, frm: int, p: int, swept: int, part: bool, direction: int, out: list[int]
    ) -> None:
        """Finish a track route on ``p``: land there (taking the marble), and offer the shortcut jump."""
        ctx = self.ctx
        land_ok = True
        if self.occ[p] >= 0 and (self._immune(p) or (part and ctx.seven_never)):
            land_ok = False
        if ctx.jump and ctx.is_shortcut[p]:
            target = self._jump(owner, p, direction, part)
            if ctx.jump_forced and target >= 0:
                land_ok = False
            if land_ok:
                out.append(step_code(STEP, frm, p, owner, swept))
            if target >= 0:
                out.append(step_code(STEP, frm, target, owner, swept))
            return
        if land_ok:
            out.append(step_code(STEP, frm, p, owner, swept))

    def _jump(self, owner: int, p: int, direction: int, part: bool) -> int:
        """Where the jump from shortcut cell ``p`` to the next one lands, or -1 when it may not: it
        passes the 17 cells between them (``routes.jump``), which is checked by distances here."""
        ctx = self.ctx
        track = ctx.track
        if direction > 0:
            if not ctx.jump_forced and 0 < (ctx.entry[owner] - p) % track <= 17:
                return -1
        elif not ctx.back_pass and 0 < (p - ctx.start[owner]) % track <= 17:
            return -1
        occ = self.occ
        blk = self.blk
        if blk:
            for section in ctx.sections:
                if blk >> section & 1:
                    guard = ctx.start[section]
                    if occ[guard] >= 0 and 0 < ((guard - p) * direction) % track <= 17:
                        return -1
        q = (p + 18 * direction) % track
        if occ[q] >= 0 and (self._immune(q) or (part and ctx.seven_never)):
            return -1
        return q

    def _backward(self, owner: int, frm: int, out: list[int]) -> None:
        """The routes of the marble of section ``owner`` on ``frm`` moving 4 back (``routes.backward``)."""
        ctx = self.ctx
        track = ctx.track
        occ = self.occ
        n = 4
        p = frm
        if frm >= track:
            if frm == ctx.centre or not ctx.home_back_out:
                return
            base = ctx.home[owner]
            while n and p > base:
                p -= 1
                n -= 1
                if occ[p] >= 0:
                    return
            if not n:
                out.append(step_code(STEP, frm, p, owner, 0))
                return
            p = ctx.entry[owner]
            n -= 1
            if n == 0:
                self._land(owner, frm, p, 0, False, -1, out)
                return
        start = ctx.start[owner]
        if p == start and not ctx.back_from_start:
            return
        for i in range(1, n + 1):
            q = p - 1 if p else track - 1
            if q == start and not ctx.back_pass:
                return
            if i < n and occ[q] >= 0 and self._blocking(q):
                return
            p = q
        self._land(owner, frm, p, 0, False, -1, out)

    def _centre(self, owner: int, frm: int, out: list[int]) -> None:
        """Into the centre from a shortcut cell, or out of it onto any shortcut cell."""
        ctx = self.ctx
        if frm == ctx.centre:
            for s in ctx.shortcuts:
                if self.occ[s] >= 0 and self._immune(s):
                    continue
                out.append(step_code(STEP, frm, s, owner, 0))
        elif frm < ctx.track and ctx.is_shortcut[frm]:
            out.append(step_code(STEP, frm, ctx.centre, owner, 0))

    def _five(self, out: list[int]) -> None:
        """Another player's marble forward 5 (R1: an opponent's; CANOP: anyone else's)."""
        ctx = self.ctx
        mover = ctx.sections[self.turn]
        team = ctx.team_mask[self.turn]
        marbles = self.marbles
        for i, section in enumerate(ctx.sections):
            if section == mover or (not ctx.five_others and team >> section & 1):
                continue
            for j in range(4 * i, 4 * i + 4):
                loc = marbles[j]
                if 0 <= loc < ctx.track and not self._spared(loc, ctx.five_spares):
                    self._forward(section, loc, 5, True, False, False, out)

    def _swaps(self, opponents_only: bool, out: list[int]) -> None:
        """Jack (or QC's advanced 10): a marble the mover plays on the track changes place with another."""
        ctx = self.ctx
        occ = self.occ
        track = ctx.track
        played_mask = self.played_mask
        mine = self.mine_loc
        team = ctx.team_mask[self.turn]
        taken = sorted([loc for loc in self.marbles if 0 <= loc < track])  # the track cells with a marble
        for a in sorted([mine[k] for k in range(self.mine) if mine[k] < track]):
            sa = occ[a]
            for b in taken:
                sb = occ[b]
                if b == a:
                    continue
                if played_mask >> sb & 1:
                    if opponents_only or not ctx.jack_swaps_own or b < a:
                        continue
                elif self._spared(b, ctx.jack_spares) or (opponents_only and team >> sb & 1):
                    continue
                out.append(step_code(SWAP, a, b, sa, 0))

    def _part_routes(self, section: int, loc: int, d: int) -> list[int]:
        """Where a part of ``d`` steps of the marble on ``loc`` may land (it takes what is there)."""
        routes: list[int] = []
        self._forward(section, loc, d, False, False, True, routes)
        for i in range(len(routes)):
            routes[i] = routes[i] >> 11 & 255
        return routes

    def _push_part(self, loc: int, to: int, section: int, taken: int) -> int:
        """Play one part on the board while the split is searched (``taken``: the section of the marble
        on ``to``, or -1); returns the guards that :meth:`_pop_part` restores."""
        occ = self.occ
        start_owner = self.ctx.start_owner
        saved = self.blk << 8 | self.imm
        guard = start_owner[loc]
        if guard >= 0:
            self.blk &= ~(1 << guard)
            self.imm &= ~(1 << guard)
        guard = start_owner[to]
        if taken >= 0 and guard >= 0:
            self.blk &= ~(1 << guard)
            self.imm &= ~(1 << guard)
        occ[loc] = -1
        occ[to] = section
        return saved

    def _pop_part(self, loc: int, to: int, section: int, taken: int, saved: int) -> None:
        self.blk = saved >> 8
        self.imm = saved & 255
        self.occ[to] = taken
        self.occ[loc] = section

    def _footprint(self, loc: int, section: int) -> tuple[int, int]:
        """What a part of a 7 of the marble on ``loc`` may read, and may change, as bit masks of
        locations (``movegen._footprint``)."""
        ctx = self.ctx
        track = ctx.track
        home = ctx.home[section]
        if loc >= track:
            lane = 0
            for q in range(loc + 1, home + 4):
                lane |= 1 << q
            return lane, lane | 1 << loc
        changes = 0
        entry_reached = ctx.entry[section] == loc
        for i in range(1, 8):
            c = (loc + i) % track
            changes |= 1 << c
            entry_reached = entry_reached or c == ctx.entry[section]
        if entry_reached:
            for q in range(home, home + 4):
                changes |= 1 << q
        reads = changes
        if ctx.jump:
            for i in range(1, 8):
                c = (loc + i) % track
                if ctx.is_shortcut[c]:
                    target = (c + 18) % track
                    changes |= 1 << target
                    reads |= 1 << target
                    for x in ctx.start:
                        if 0 < (x - c) % track < 18:
                            reads |= 1 << x
        return reads, changes | 1 << loc
