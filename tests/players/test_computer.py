"""The computer seats' heuristic: captures, safety, progress home, helping the partner."""

from __future__ import annotations

import random

import pytest

from firmware_py.engine import PRESETS
from firmware_py.engine.board import BoardTopology
from firmware_py.engine.game import Game
from firmware_py.engine.selfplay import random_action
from firmware_py.players.lookahead import board_value, choose, position_value

TOPOLOGY = BoardTopology()
TEAMS = {"A": 0, "B": 1, "C": 0, "D": 1}


def pick(seat: str, *options: tuple[str, dict[str, str]]) -> int:
    return choose(
        [r for r, _ in options], [board for _, board in options], seat=seat, teams=TEAMS, topology=TOPOLOGY
    )


def test_it_takes_an_opponent_rather_than_just_moving() -> None:
    # Before: A has marbles on A2 and B4, B has one on B9. A 5 moves A2 to A7, or B4 onto B9 (capture).
    quiet = ("5", {"A7": "A", "B4": "A", "B9": "B", "BR1": "B"})
    capture = ("5", {"A2": "A", "B9": "A", "BR1": "B", "BR2": "B"})
    assert pick("A", quiet, capture) == 1


def test_it_does_not_take_its_partner() -> None:
    take_partner = ("3", {"C5": "A", "CR1": "C"})
    walk_past = ("2", {"C4": "A", "C5": "C"})
    assert pick("A", take_partner, walk_past) == 1


def test_it_brings_a_marble_home_rather_than_walking_on() -> None:
    home = ("4", {"AH2": "A", "B3": "A"})
    track = ("4", {"A12": "A", "B7": "A"})
    assert pick("A", track, home) == 1


def test_it_moves_out_of_reach_of_an_opponent() -> None:
    # B's marble at A1 is 4 cells behind A5 (in reach); at A16 ours is 15 cells ahead (out of reach).
    stay_in_reach = ("2", {"A5": "A", "A1": "B", "C10": "A"})
    escape = ("2", {"A16": "A", "A1": "B", "C8": "A"})
    assert pick("A", stay_in_reach, escape) == 1


def test_leaving_the_reserve_is_worth_a_card() -> None:
    stay = ("2", {"AR1": "A", "AR2": "A", "B3": "A"})
    enter = ("A", {"A18": "A", "AR2": "A", "B1": "A"})
    assert pick("A", stay, enter) == 1


def test_partners_count_for_the_team() -> None:
    # Playing for its partner C (A's marbles are all home): C's progress is A's gain.
    before = {"AH1": "A", "AH2": "A", "AH3": "A", "AH4": "A", "C3": "C"}
    after = {"AH1": "A", "AH2": "A", "AH3": "A", "AH4": "A", "C13": "C"}
    assert board_value(after, seat="A", teams=TEAMS, topology=TOPOLOGY) > board_value(
        before, seat="A", teams=TEAMS, topology=TOPOLOGY
    )


def test_between_equal_boards_the_cheaper_card_is_spent() -> None:
    board = {"A5": "A"}
    assert pick("A", ("K", board), ("3", board)) == 1
    assert pick("A", ("3", board), ("K", board)) == 0


def test_choose_needs_one_board_per_move() -> None:
    with pytest.raises(ValueError, match="one resulting board per move"):
        choose(["K"], [], seat="A", teams=TEAMS, topology=TOPOLOGY)


def test_the_heuristic_team_beats_random_play() -> None:
    """Whole r1 games (seeded): the heuristic team against a team picking legal moves at random."""
    import random

    from firmware_py.engine import Game, find_preset, play, teams_of

    rules = find_preset("r1")
    seats = ("A", "B", "C", "D")
    teams = {s: i for i, team in enumerate(teams_of(rules, seats)) for s in team}
    won = 0
    for seed in range(6):
        rng, smart = random.Random(seed), seed % 2
        game = Game.new(rules, seats=seats, seed=seed)
        while not game.winner:
            seat = game.to_play
            moves = game.legal_moves()
            if not moves:
                game = game.end_turn(seat)
                continue
            if teams[seat] == smart:
                results = [play(game.position, m).layout for m in moves]
                ranks = [m.card.rank if m.card else "" for m in moves]
                move = moves[choose(ranks, results, seat=seat, teams=teams, topology=rules.topology(4))]
            else:
                move = rng.choice(moves)
            game = game.play(move)
        won += teams[game.winner[0]] == smart
    assert won >= 5, f"the heuristic team won only {won} of 6 games against random play"


def test_the_value_read_from_integer_locations_is_the_layouts_value_to_the_last_bit() -> None:
    """``position_value`` (what the search player uses) against ``board_value`` of the layout, on random
    games of every preset at every seat count (homes, centre, reserves, 2 to 8 seats)."""
    compared = 0
    for number, (name, rules) in enumerate(sorted(PRESETS.items())):
        for seats in rules.seat_counts:
            game = Game.new(rules, seats=seats, seed=number)
            rng = random.Random(f"value:{name}:{seats}")
            teams = {s: k for k, team in enumerate(game.teams) for s in team}
            for _ in range(120):
                position = game.position
                for seat in game.seats:
                    expected = board_value(
                        position.layout, seat=seat, teams=teams, topology=position.topology
                    )
                    assert position_value(position, seat=seat, teams=teams) == expected, (
                        position.to_notation()
                    )
                    compared += 1
                action = random_action(game, rng)
                if game.winner is not None or action is None:
                    break
                game = game.apply(action)
    assert compared > 5000
