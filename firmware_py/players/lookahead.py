"""The companion's own player for computer seats: a one-move look-ahead over board layouts.

Each legal move is judged by the board it leaves (``play(position, move).layout``), seen from the team of
the seat to play, so the player needs nothing of the engine but the layouts and the board topology and
works unchanged for every preset. A board is worth, for the team:

* progress: how far each team marble has gone round from its start cell (home cells count most);
* marbles out of their reserve, and marbles safe in their home or on their own start cell;
* minus danger: team marbles on the track that an opponent marble just behind could land on;
* minus what the opponents have, so sending an opponent marble back to its reserve (a capture) pays.

Partners count almost as much as oneself (helping the partner), so a seat whose marbles are all home
plays for its partner sensibly. Between equal moves the cheaper card is spent (an Ace, a King, a 7 or a
4 is worth keeping), and the first in the engine's deterministic order wins, so the choice replays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware_py.engine.board import CENTRE, BoardTopology, PlaceKind, parse_place
from firmware_py.engine.position import Position
from firmware_py.engine.tables import RESERVE

OUT_OF_RESERVE = 8.0
"""Worth of a marble being on the board rather than waiting in its reserve."""
HOME_BONUS = 25.0
"""Worth of a marble inside its home (safe for good), on top of its progress."""
START_SAFE = 3.0
"""Worth of a marble resting on its own start cell, where most sheets make it untouchable."""
THREAT = 2.5
"""Cost per opponent marble standing 1..13 cells behind a team marble (one card could take it)."""
PARTNER_WEIGHT = 0.9
"""How much a partner's marbles count against one's own."""
OPPONENT_WEIGHT = 0.6
"""How much the opponents' standing counts against the team."""
CARD_KEEP = {"JOKER": 1.0, "A": 0.9, "K": 0.9, "7": 0.8, "4": 0.6, "J": 0.5, "5": 0.4, "10": 0.3}
"""Worth of keeping a card in hand, used only to break ties (the cheapest useful card is spent)."""


def _progress(place: str, owner: int, topology: BoardTopology) -> float | None:
    """Cells travelled by ``owner``'s marble on ``place`` from its start cell; None in the reserve."""
    parsed = parse_place(place)
    length = topology.track_length
    if parsed.kind is PlaceKind.RESERVE:
        return None
    if parsed.kind is PlaceKind.HOME:
        return float(length + parsed.number)
    if place == CENTRE or parsed.kind is PlaceKind.CENTRE:
        return length * 0.6
    index = topology.track_index(parsed.section, parsed.number)
    return float((index - topology.start_index(owner)) % length)


def threats(index: int, enemies: Sequence[int], length: int) -> int:
    """Opponent marbles that one forward move of 1..13 cells (or a 4 backwards) would bring onto ``index``."""
    count = 0
    for enemy in enemies:
        ahead = (index - enemy) % length
        if 1 <= ahead <= 13 or (length - ahead) == 4:
            count += 1
    return count


def board_value(
    layout: Mapping[str, str], *, seat: str, teams: Mapping[str, int], topology: BoardTopology
) -> float:
    """How good ``layout`` is for ``seat``'s team (higher is better)."""
    team = teams[seat]
    length = topology.track_length
    track: dict[str, list[int]] = {}
    for place, owner in layout.items():
        parsed = parse_place(place)
        if parsed.kind is PlaceKind.TRACK:
            track.setdefault(owner, []).append(topology.track_index(parsed.section, parsed.number))
    value = 0.0
    for place, owner in layout.items():
        owner_index = "ABCDEFGH".index(owner)
        progress = _progress(place, owner_index, topology)
        worth = 0.0
        if progress is not None:
            worth = OUT_OF_RESERVE + progress
            parsed = parse_place(place)
            if parsed.kind is PlaceKind.HOME:
                worth += HOME_BONUS
            elif parsed.kind is PlaceKind.TRACK:
                index = topology.track_index(parsed.section, parsed.number)
                if index == topology.start_index(owner_index):
                    worth += START_SAFE
                else:
                    enemies = [
                        i for s, cells in track.items() if teams.get(s, -1) != teams.get(owner) for i in cells
                    ]
                    worth -= THREAT * threats(index, enemies, length) * (1 + progress / length)
        if owner == seat:
            value += worth
        elif teams.get(owner) == team:
            value += PARTNER_WEIGHT * worth
        else:
            value -= OPPONENT_WEIGHT * worth
    return value


def position_value(position: Position, *, seat: str, teams: Mapping[str, int]) -> float:
    """:func:`board_value` of ``position.layout``, read from the engine's integer locations.

    The same value to the last bit (the same terms added in the same order: seat by seat, marble by
    marble), without building the layout and parsing its place ids: the search player values thousands
    of boards per move.
    """
    tables = position.tables
    length = tables.track
    centre = tables.centre
    seats = position.seats
    marbles = position.marbles
    team = teams[seat]
    enemies_of: dict[int | None, list[int]] = {}
    for owner_team in {teams.get(s) for s in seats}:
        enemies_of[owner_team] = [
            loc
            for i, s in enumerate(seats)
            if teams.get(s, -1) != owner_team
            for loc in marbles[4 * i : 4 * i + 4]
            if 0 <= loc < length
        ]
    value = 0.0
    for i, owner in enumerate(seats):
        section = position.sections[i]
        start = tables.start[section]
        owner_team = teams.get(owner)
        for loc in marbles[4 * i : 4 * i + 4]:
            if loc == RESERVE:
                continue
            if loc >= length:
                progress = length * 0.6 if loc == centre else float(length + (loc - length) % 4 + 1)
                worth = OUT_OF_RESERVE + progress
                if loc != centre:
                    worth += HOME_BONUS
            else:
                progress = float((loc - start) % length)
                worth = OUT_OF_RESERVE + progress
                if loc == start:
                    worth += START_SAFE
                else:
                    worth -= THREAT * threats(loc, enemies_of[owner_team], length) * (1 + progress / length)
            if owner == seat:
                value += worth
            elif owner_team == team:
                value += PARTNER_WEIGHT * worth
            else:
                value -= OPPONENT_WEIGHT * worth
    return value


def choose(
    ranks: Sequence[str],
    results: Sequence[Mapping[str, str]],
    *,
    seat: str,
    teams: Mapping[str, int],
    topology: BoardTopology,
) -> int:
    """Index of the best legal move, given the rank of the card it plays and the layout it leaves.

    Args:
        ranks: the card rank of each legal move (``"7"``, ``"K"``, ``"JOKER"``...), in the engine's
            deterministic order of the moves.
        results: the board after each move, in the same order.
        seat: the seat to play (its team is the one that profits).
        teams: seat letter -> team number for every seat.
        topology: the board.

    Raises:
        ValueError: no moves, or ``ranks`` and ``results`` of different lengths.
    """
    if not ranks or len(ranks) != len(results):
        raise ValueError("choose needs one resulting board per move, and at least one move")
    best, best_score = 0, float("-inf")
    for i, (rank, layout) in enumerate(zip(ranks, results, strict=True)):
        score = board_value(layout, seat=seat, teams=teams, topology=topology)
        score -= 0.01 * CARD_KEEP.get(rank, 0.1)
        if score > best_score + 1e-9:
            best, best_score = i, score
    return best
