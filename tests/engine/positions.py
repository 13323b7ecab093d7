"""Random positions and candidate moves for the engine's property tests and benchmarks.

Positions are drawn from a seeded ``random.Random``: marbles anywhere they may stand (track, own home,
centre), fresh start-cell marbles, any seat to play, hands or none. Candidate moves are a superset of
the legal moves: every route a card could take (legal or not), wrong destinations, every swap pair,
entries, discards, so that ``explain`` is asked about both legal and illegal moves. For the camera's
side (``match_seen``): the legal moves of random positions with the boards they lead to, and the boards
a hand makes of them by mistake.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from enum import Enum

from firmware_py.engine import (
    PRESETS,
    Card,
    Move,
    MoveKind,
    Position,
    RuleSet,
    find_preset,
    legal_moves,
    play,
    seat_letters,
)
from firmware_py.engine.context import STEPS
from firmware_py.engine.deck import new_deck
from firmware_py.engine.routes import Board, backward, forward


def random_rules(rng: random.Random) -> RuleSet:
    """A preset with every switch drawn at random (house rules nobody wrote down, but legal ones)."""
    base = PRESETS[rng.choice(sorted(PRESETS))]
    changes: dict[str, object] = {}
    for f in dataclasses.fields(RuleSet):
        value = getattr(base, f.name)
        if f.name in ("name", "source", "seat_counts", "centre_cards") or rng.random() < 0.5:
            continue
        if isinstance(value, Enum):
            changes[f.name] = rng.choice(list(type(value)))
        elif isinstance(value, bool):
            changes[f.name] = not value
        elif f.name == "jokers":
            changes[f.name] = rng.choice((0, 2))
        elif f.name == "shortcut_cell":
            changes[f.name] = rng.choice((7, 8))
        elif f.name == "home_entry_after":
            changes[f.name] = rng.choice((16, 17))
    return base.with_switches(**changes)


RANK_LIST = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JOKER")


def random_position(
    rng: random.Random,
    rules: RuleSet | None = None,
    seats: int | None = None,
    *,
    hands: bool | None = None,
    density: float = 0.6,
) -> Position:
    """A random valid position (marbles placed at random, not reached by play)."""
    if rules is None:
        rules = PRESETS[rng.choice(sorted(PRESETS))]
    if seats is None:
        seats = rng.choice(rules.seat_counts)
    letters = seat_letters(seats)
    tables = Position.initial(rules, letters).tables
    free = list(range(tables.track))
    rng.shuffle(free)
    layout: dict[str, str] = {}
    fresh: list[str] = []
    centre_used = False
    for seat in letters:
        section = "ABCDEFGH".index(seat)
        home = [tables.home[section] + n for n in range(4)]
        rng.shuffle(home)
        for _ in range(4):
            roll = rng.random()
            if roll > density:
                continue
            if roll < 0.12 and home:
                loc = home.pop()
            elif roll < 0.16 and tables.topology.centre and not centre_used:
                loc = tables.centre
                centre_used = not rules.centre_holds_several
            elif roll < 0.24 and tables.place_ids[tables.start[section]] not in layout:
                loc = tables.start[section]
                if loc in free:
                    free.remove(loc)
                if rng.random() < 0.6:
                    fresh.append(tables.place_ids[loc])
            else:
                loc = free.pop()
            if tables.place_ids[loc] in layout and loc != tables.centre:
                continue
            layout[tables.place_ids[loc]] = seat
    fresh = [p for p in fresh if layout.get(p) == p[0]]  # still the owner's marble on its start cell
    want_hands = rng.random() < 0.5 if hands is None else hands
    hand_map = None
    if want_hands:
        deck = list(new_deck(rules))
        rng.shuffle(deck)
        hand_map = {s: [deck.pop() for _ in range(rng.randint(1, 5))] for s in letters}
    return Position.from_layout(rules, letters, layout, turn=rng.choice(letters), fresh=fresh, hands=hand_map)


def candidate_moves(position: Position, rng: random.Random) -> list[Move]:
    """A superset of the legal moves: legal and illegal attempts of every kind."""
    tables = position.tables
    ids = tables.place_ids
    occ = position.occupancy()
    b = Board(position, full=True)
    if position.hands is not None:
        hand = position.hands[position.turn_index]
        cards = list(dict.fromkeys(hand)) + [Card(rng.choice(RANK_LIST[:-1]), rng.choice("SHDC"))]
    else:
        cards = [Card(r) for r in RANK_LIST if r != "JOKER" or position.rules.jokers]
    on_board = [loc for loc in range(tables.size) if occ[loc] >= 0]
    out: list[Move] = []
    for card in cards:
        n = STEPS[card.rank]
        for loc in on_board:
            owner = occ[loc]
            dests: set[int] = set()
            for d in {n, 4, 5, 7} | ({rng.randint(1, 7)} if card.rank == "7" else set()):
                for route in forward(b, owner, loc, d, five=card.rank == "5"):
                    dests.add(route[0])
            for route in backward(b, owner, loc, 4):
                dests.add(route[0])
            dests |= set(tables.shortcuts) | {rng.randrange(tables.size)}
            if tables.topology.centre:
                dests.add(tables.centre)
            for dest in dests:
                if 0 <= dest < tables.size and dest != loc:
                    out.append(Move(card, MoveKind.STEP, ((ids[loc], ids[dest]),)))
        for seat, section in zip(position.seats, position.sections, strict=True):
            out.append(Move(card, MoveKind.ENTER, ((f"{seat}R", ids[tables.start[section]]),)))
        out.append(Move(card, MoveKind.ENTER, ((f"{position.turn}R", ids[rng.randrange(tables.track)]),)))
        track_marbles = [loc for loc in on_board if loc < tables.track] + [
            loc for loc in on_board if loc >= tables.track
        ][:2]
        for i, a in enumerate(track_marbles):
            for c in track_marbles[i + 1 :]:
                out.append(Move(card, MoveKind.SWAP, ((ids[a], ids[c]),)))
        out.append(Move(card, MoveKind.DISCARD))
        if card.rank == "7":
            out += _seven_candidates(position, b, card, on_board, rng)
    out.append(Move(None, MoveKind.LAY_DOWN))
    return out


def _seven_candidates(
    position: Position, b: Board, card: Card, on_board: list[int], rng: random.Random
) -> list[Move]:
    ids = position.tables.place_ids
    occ = position.occupancy()
    out = []
    for _ in range(40):
        k = rng.randint(2, min(4, max(2, len(on_board))))
        if len(on_board) < 2:
            break
        movers = rng.sample(on_board, min(k, len(on_board)))
        cuts = sorted(rng.sample(range(1, 7), len(movers) - 1))
        parts = [b2 - a2 for a2, b2 in zip([0, *cuts], [*cuts, 7], strict=True)]
        steps = []
        for loc, d in zip(movers, parts, strict=True):
            routes = [r for r in forward(b, occ[loc], loc, d) if r[0] >= 0]
            if not routes:
                break
            steps.append((ids[loc], ids[rng.choice(routes)[0]]))
        else:
            if len({s[0] for s in steps}) == len(steps):
                out.append(Move(card, MoveKind.STEP, tuple(steps)))
    for move in legal_moves(position, card) if position.hands is None else ():
        if len(move.steps) > 1:
            frm, to = move.steps[0]
            out.append(
                Move(
                    card,
                    MoveKind.STEP,
                    ((frm, ids[(position.tables.loc_of(to) + 1) % position.tables.track]), *move.steps[1:]),
                )
            )
    return out


def moves_played(
    rng: random.Random, positions: int, *, hands: bool | None = None
) -> Iterator[tuple[Position, Move, dict[str, str]]]:
    """Every legal move that changes the board, from ``positions`` random positions (rules r1, 4 seats;
    ``hands`` as :func:`random_position`), with the board it leads to."""
    for _ in range(positions):
        p = random_position(rng, find_preset("r1"), 4, hands=hands)
        for move in legal_moves(p):
            after = play(p, move).layout
            if not move.is_discard and after != p.layout:
                yield p, move, after


def misplayed(before: dict[str, str], after: dict[str, str]) -> list[dict[str, str]]:
    """Boards a hand makes of a move by mistake: each marble that arrives on the track put one hole too
    far or short, and each marble sent back to a reserve still in a hand."""
    boards = []
    for place in (q for q in after if before.get(q) != after[q]):
        if "R" in place[1:]:
            boards.append({q: s for q, s in after.items() if q != place})
        elif place[1:].isdigit():
            for step in (-1, 1):
                wrong = f"{place[0]}{int(place[1:]) + step}"
                if 1 <= int(place[1:]) + step <= 18 and wrong not in after:
                    board = {q: s for q, s in after.items() if q != place}
                    boards.append({**board, wrong: after[place]})
    return boards


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    """The holes whose content differs between two boards."""
    return {q for q in set(before) | set(after) if before.get(q) != after.get(q)}
