"""tock.toml: defaults, every section read, and one clear line naming the key for every bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_py.config import Config, default_seats, load_config, parse_config, parse_game_settings
from firmware_py.errors import ConfigError

FULL = """
[table]
preset = "r2"
model = "tock4"
cards = "physical"
camera = false
seed = 7
switches = { jokers = 2, seven = "split_any" }
seats = [
  { seat = "A", name = "Ana", computer = false },
  { name = "Bruno", colour = "#00FF00" },
]

[camera]
source = "opencv:1"
still_frames = 4
fps = 15
reopen_seconds = 1.5

[leds]
backend = "ws281x"
count = 120

[web]
host = "0.0.0.0"
port = 8080

[buttons]
enabled = true
confirm = 5
undo = 6
next = 13

[store]
path = "/var/lib/tock/tock.sqlite3"

[computer]
delay = 0
"""


def test_no_file_gives_the_demo_game_in_simulation() -> None:
    config = load_config(None)
    assert config == Config()
    assert config.camera.source == "sim" and config.leds == {"backend": "sim"}
    assert [(s.seat, s.computer) for s in config.game.seats] == [
        ("A", False),
        ("B", True),
        ("C", True),
        ("D", True),
    ]
    assert str(config.db) == "tock-data/tock.sqlite3"


def test_every_section_is_read(tmp_path: Path) -> None:
    path = tmp_path / "tock.toml"
    path.write_text(FULL, encoding="utf-8")
    config = load_config(path)
    game = config.game
    assert (game.preset, game.model, game.sections, game.cards, game.camera, game.seed) == (
        "r2",
        "tock4",
        4,
        "physical",
        False,
        7,
    )
    assert game.switches == {"jokers": 2, "seven": "split_any"}
    assert [(s.seat, s.name, s.colour, s.computer) for s in game.seats] == [
        ("A", "Ana", "#d62728", False),
        ("C", "Bruno", "#00ff00", False),
    ]
    assert (config.camera.source, config.camera.still_frames, config.camera.fps) == ("opencv:1", 4, 15.0)
    assert config.leds == {"backend": "ws281x", "count": 120}
    assert (config.web.host, config.web.port) == ("0.0.0.0", 8080)
    assert (config.buttons.enabled, config.buttons.confirm, config.buttons.undo, config.buttons.next) == (
        True,
        5,
        6,
        13,
    )
    assert str(config.db) == "/var/lib/tock/tock.sqlite3" and config.computer_delay == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[camera]\nsource = 'webcam'", "tock.toml: camera.source: expected sim, none, picamera2, opencv:N"),
        ("[camera]\nfps = 'fast'", "tock.toml: camera.fps: expected a number 1..60, got 'fast'"),
        (
            "[camera]\nstill_frames = 0",
            "tock.toml: camera.still_frames: expected a whole number 1..30, got 0",
        ),
        ("[camera]\nfsp = 3", "tock.toml: camera.fsp: expected no such key (known: source, still_frames"),
        ("[web]\nport = 70000", "tock.toml: web.port: expected a port 1..65535, got 70000"),
        ("[web]\nport = true", "tock.toml: web.port: expected a port 1..65535, got True"),
        (
            "[leds]\nbackend = 'neon'",
            "tock.toml: leds.backend must be one of 'sim', 'ws281x', 'pi5', not 'neon'",
        ),
        ("[table]\nmodel = 'tock5'", "tock.toml: table.model: expected one of tock4, tock6, got 'tock5'"),
        ("[table]\nmodel = 'tock6'", "tock.toml: table.model: expected 'tock4' for 4 seats, got 'tock6'"),
        (
            "[table]\npreset = 'r9'",
            "tock.toml: table.preset: expected one of r1, r1x, r2, toc, qc, canop, got 'r9'",
        ),
        (
            "[table]\nswitches = {sevens = 1}",
            "tock.toml: table.switches.sevens: expected a rule switch (known: ",
        ),
        (
            "[table]\nswitches = {seven = 'split_three'}",
            "tock.toml: table.switches.seven: expected one of 'plus_seven', 'split_any', 'split_two', "
            "got 'split_three'",
        ),
        ("[table]\nswitches = {jokers = 3}", "tock.toml: table.switches: a pack has 0 or 2 jokers, not 3"),
        ("[table]\ncards = 'tarot'", "tock.toml: table.cards: expected one of digital, physical"),
        ("[table]\nseats = [{seat = 'A'}]", "tock.toml: table.seats: expected a list of 2 to 6 seats, got 1"),
        (
            "[table]\npreset = 'r2'\nseats = [{seat = 'A'}, {seat = 'B'}]",
            "tock.toml: table.seats[1].seat: expected 'C' (2 seats sit at A, C), got 'B'",
        ),
        (
            "[table]\nseats = [{name = 'Ana'}, {name = 'Bob'}]",
            "tock.toml: table.seats: expected 4, 6, 8 seats with preset 'r1', got 2",
        ),
        (
            "[table]\npreset = 'toc'\nseats = [{seat = 'A'}, {seat = 'C', colour = 'red'}]",
            "tock.toml: table.seats[1].colour: expected a colour '#rrggbb', got 'red'",
        ),
        (
            "[table]\npreset = 'toc'\nseats = [{colour = '#D62728'}, {colour = '#d62728'}]",
            "tock.toml: table.seats[1].colour: expected a colour no other seat has (the camera tells "
            "the seats' marbles apart by colour), got '#d62728'",
        ),
        (
            "[table]\ncards = 'physical'",
            "tock.toml: table.seats[1].computer: expected false: a computer seat needs digital cards",
        ),
        ("[table]\nseed = -1", "tock.toml: table.seed: expected a whole number"),
        ("[buttons]\nconfirm = 5\nundo = 5", "tock.toml: buttons: expected three different GPIO pins"),
        ("[computer]\ndelay = 60", "tock.toml: computer.delay: expected seconds 0..10, got 60.0"),
        (
            "[computer]\nmove_time = 0",
            "tock.toml: computer.move_time: expected CPU seconds 0.01..30, got 0.0",
        ),
        (
            "[table]\nseats = [{name = 'Ana'}, {computer = true, level = 'hard'}, {name = 'C'},"
            " {name = 'D'}]",
            "tock.toml: table.seats[1].level: expected a level: easy, medium or strong, got 'hard'",
        ),
        ("[colour]\nx = 1", "tock.toml: colour: expected no such key"),
        ("camera = 3", "tock.toml: camera: expected a table, got 3"),
        ("[table\n", "tock.toml: syntax: expected valid TOML (Expected"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "tock.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value).replace(str(tmp_path) + "/", "").startswith(message)
    assert "\n" not in str(caught.value)
    french = caught.value.message_fr.replace(str(tmp_path) + "/", "")
    key = message.removeprefix("tock.toml: ").split(":")[0].split(" ")[0]
    assert french.startswith("tock.toml : ") and key in french, "the file, then the key as written"
    assert "expected" not in french and ", got" not in french, "the set-up page's French is French"
    assert "\n" not in french


def test_each_computer_seat_has_its_level_and_strong_seats_their_thinking_time(tmp_path: Path) -> None:
    path = tmp_path / "tock.toml"
    path.write_text(
        "[table]\nseats = [{name = 'Ana'}, {computer = true, level = 'strong'}, {name = 'Chloé'},"
        " {computer = true, level = 'easy'}]\n[computer]\nmove_time = 0.25\n",
        encoding="utf-8",
    )
    config = load_config(path)
    assert [s.level for s in config.game.seats] == ["medium", "strong", "medium", "easy"]
    assert config.computer_move_time == 0.25 and Config().computer_move_time == 1.0
    assert parse_game_settings(config.game.to_dict()) == config.game


def test_the_french_line_words_the_expectation_in_french() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_game_settings({"seats": [{"name": "Ana"}, {"name": "Bob"}]})
    assert str(caught.value) == "seats: expected 4, 6, 8 seats with preset 'r1', got 2"
    assert caught.value.message_fr == "seats : il faut 4, 6, 8 joueurs avec le préréglage 'r1' (reçu 2)"
    with pytest.raises(ConfigError) as caught:
        parse_game_settings({"colour": "red"})
    assert caught.value.message_fr.startswith("colour : clé inconnue (connues : preset, switches, ")


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="--config: expected a readable TOML file"):
        load_config(tmp_path / "nope.toml")


def test_game_settings_round_trip_through_their_json_form() -> None:
    settings = parse_config({"table": {"seed": 3, "switches": {"jokers": 2}}}).game
    assert parse_game_settings(settings.to_dict()) == settings


def test_default_seats_sit_where_the_rules_put_them() -> None:
    assert [s.seat for s in default_seats(2)] == ["A", "C"]
    assert [(s.seat, s.computer) for s in default_seats(3, humans=2)] == [
        ("A", False),
        ("B", False),
        ("C", True),
    ]
    assert [s.seat for s in default_seats(6)] == ["A", "B", "C", "D", "E", "F"]


def test_refused_led_settings_and_house_rules_are_french_on_the_french_line(tmp_path: Path) -> None:
    path = tmp_path / "tock.toml"
    path.write_text("[leds]\nbrightness = 2", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert "leds.brightness must be a number 0..1, not 2" in str(caught.value)
    assert "leds.brightness doit être un nombre de 0 à 1, pas 2" in caught.value.message_fr
    assert "must be" not in caught.value.message_fr
    with pytest.raises(ConfigError) as caught:
        parse_game_settings({"switches": {"jokers": 3}})
    assert "a pack has 0 or 2 jokers, not 3" in str(caught.value)
    assert caught.value.message_fr.endswith("(un paquet a 0 ou 2 jokers, pas 3)")
