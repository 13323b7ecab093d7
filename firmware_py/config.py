"""The companion's settings: ``tock.toml`` (read with tomllib), checked key by key.

Every key is documented in ``docs/config.md``. A bad file stops the companion with one line naming the
key and what it expects (:class:`firmware_py.errors.ConfigError`), never a traceback. The same checks
validate the set-up page's new-game requests (:func:`parse_game_settings`), so that a table configured in
the file and one set up on the page obey the same rules.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_py.engine.rules import seat_letters
from firmware_py.errors import ConfigError
from firmware_py.house_rules import build_rules
from firmware_py.players.levels import LEVELS
from hardware.errors import LedConfigError
from hardware.ledconfig import LedConfig

DEFAULT_DB = Path("tock-data") / "tock.sqlite3"
"""Where games are saved unless ``[store] path`` or ``--db`` says otherwise (git-ignored)."""

SEAT_COLOURS = {
    "A": "#d62728",
    "B": "#1f77b4",
    "C": "#2ca02c",
    "D": "#f2c500",
    "E": "#8e44ad",
    "F": "#ff7f0e",
    "G": "#f0f0f0",
    "H": "#202020",
}
"""Default marble colour of each seat: A red, B blue, C green, D yellow, E purple, F orange, G white,
H black."""

BOARD_MODELS = {"tock4": 4, "tock6": 6}
"""Board models the companion knows, with their number of sections."""

CARD_MODES = ("digital", "physical")
CAMERA_KINDS = ("sim", "none", "picamera2")

_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_LEVELS_EN = "a level: easy, medium or strong"
_LEVELS_FR = "un niveau : easy, medium ou strong"


@dataclass(frozen=True, slots=True)
class SeatSettings:
    """One seat at the table."""

    seat: str
    """Section letter ``A``.. of the seat."""
    name: str
    colour: str
    """Marble colour as ``#rrggbb``."""
    computer: bool
    """Played by the companion's computer player (a person still moves the marble)."""
    level: str = "medium"
    """How a computer seat plays: ``easy``, ``medium`` or ``strong`` (:mod:`firmware_py.players.levels`)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "colour": self.colour,
            "computer": self.computer,
            "level": self.level,
        }


@dataclass(frozen=True, slots=True)
class GameSettings:
    """How a game is set up: the ``[table]`` section, or the set-up page's request."""

    preset: str = "r1"
    switches: dict[str, Any] = field(default_factory=dict)
    """House rules: engine switch name -> value (enum values as their text)."""
    model: str = "tock4"
    cards: str = "digital"
    """``digital``: the companion deals, hands on the phones; ``physical``: real cards, named on the page."""
    camera: bool = True
    """Read the board with the camera; False: moves are entered on the page."""
    seats: tuple[SeatSettings, ...] = ()
    seed: int | None = None
    """Deck seed; None draws one (saved with the game either way)."""

    @property
    def sections(self) -> int:
        return BOARD_MODELS[self.model]

    def to_dict(self) -> dict[str, Any]:
        """JSON form, as saved with the game and accepted back by :func:`parse_game_settings`."""
        return {
            "preset": self.preset,
            "switches": dict(self.switches),
            "model": self.model,
            "cards": self.cards,
            "camera": self.camera,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
        }


@dataclass(frozen=True, slots=True)
class CameraSettings:
    """The ``[camera]`` section."""

    source: str = "sim"
    """``sim``, ``none``, ``picamera2``, ``opencv:N`` or ``replay:DIR``."""
    still_frames: int = 3
    fps: float = 10.0
    reopen_seconds: float = 2.0


@dataclass(frozen=True, slots=True)
class WebSettings:
    """The ``[web]`` section."""

    host: str = "0.0.0.0"
    """Every network of the Pi: the players' phones reach the pages (each page is judged by its key)."""
    port: int = 8000
    public_url: str | None = None
    """The address phones open (links and QR codes), e.g. ``http://tock.local:8000``; detected when None."""


@dataclass(frozen=True, slots=True)
class ButtonSettings:
    """The ``[buttons]`` section: GPIO (BCM) pins of the three table buttons, or none."""

    enabled: bool = False
    confirm: int = 17
    undo: int = 27
    next: int = 22


@dataclass(frozen=True, slots=True)
class Config:
    """Everything ``tock serve`` needs, from defaults, the file and the command line."""

    game: GameSettings = field(default_factory=lambda: default_game())
    camera: CameraSettings = field(default_factory=CameraSettings)
    leds: dict[str, Any] = field(default_factory=lambda: {"backend": "sim"})
    """The ``[leds]`` table, for ``hardware.ledconfig.LedConfig.from_mapping`` (which names bad keys)."""
    web: WebSettings = field(default_factory=WebSettings)
    buttons: ButtonSettings = field(default_factory=ButtonSettings)
    db: Path = DEFAULT_DB
    computer_delay: float = 0.8
    """Seconds a computer seat 'thinks' before its move is shown (none in tests)."""
    computer_move_time: float = 1.0
    """CPU seconds a ``strong`` computer seat searches per move (1 s on a Raspberry Pi 4)."""


def model_for(seats: int) -> str:
    """The board model ``seats`` players use: tock4 up to 4 seats, tock6 for 5 or 6."""
    return "tock4" if seats <= 4 else "tock6"


def default_seats(count: int = 4, *, humans: int = 1) -> tuple[SeatSettings, ...]:
    """``count`` seats at the engine's places (2 players sit facing); the first ``humans`` are people."""
    return tuple(
        SeatSettings(
            seat=letter,
            name=(f"Joueur {letter}" if i < humans else f"Ordinateur {letter}"),
            colour=SEAT_COLOURS[letter],
            computer=i >= humans,
        )
        for i, letter in enumerate(seat_letters(count))
    )


def default_game() -> GameSettings:
    """The demo game: one person (seat A) and three computer seats, preset r1, digital cards."""
    return GameSettings(seats=default_seats())


# -- checking values -------------------------------------------------------------------------------


def _expect(value: Any, kind: type | tuple[type, ...], key: str, expected: str, expected_fr: str) -> Any:
    if isinstance(value, bool) and kind is not bool and (kind is int or kind == (int, float)):
        raise ConfigError(key, expected, value, expected_fr=expected_fr)
    if not isinstance(value, kind):
        raise ConfigError(key, expected, value, expected_fr=expected_fr)
    return value


def _within(
    value: Any,
    kind: type | tuple[type, ...],
    key: str,
    expected: tuple[str, str],
    fits: Callable[[Any], bool],
) -> Any:
    """``value`` (a float when ``kind`` admits floats) if it is of ``kind`` and ``fits``; else the
    ConfigError naming ``key`` and what is expected (English, French)."""
    checked = _expect(value, kind, key, *expected)
    if isinstance(kind, tuple) and float in kind:
        checked = float(checked)
    if not fits(checked):
        raise ConfigError(key, expected[0], checked, expected_fr=expected[1])
    return checked


def _check_keys(table: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in table:
        if key not in allowed:
            name = f"{where}.{key}" if where else key
            known = ", ".join(allowed)
            raise ConfigError(
                name,
                f"no such key (known: {known})",
                expected_fr="une clé connue",
                message_fr=f"{name} : clé inconnue (connues : {known})",
            )


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    return dict(_expect(value, dict, key, "a table", "une table"))


def parse_seats(value: Any, key: str = "seats") -> tuple[SeatSettings, ...]:
    """Check a list of seat tables, each with ``name``, ``colour``, ``computer`` and ``seat`` if given.

    The seats sit where the rules put them (2 players facing, at A and C; 3 at A B C; ...), in turn
    order; a ``seat`` letter, if given, must be that place. Teams follow the preset's ``teams`` switch.
    """
    _expect(value, list, key, "a list of 2 to 6 seats", "une liste de 2 à 6 joueurs")
    if not 2 <= len(value) <= 6:
        raise ConfigError(key, "a list of 2 to 6 seats", len(value), expected_fr="une liste de 2 à 6 joueurs")
    letters = seat_letters(len(value))
    seats: list[SeatSettings] = []
    for i, raw in enumerate(value):
        where = f"{key}[{i}]"
        raw = _expect(
            raw, dict, where, "a table with name, colour, computer", "une table avec name, colour, computer"
        )
        _check_keys(raw, ("seat", "name", "colour", "computer", "level"), where)
        letter = raw.get("seat", letters[i])
        if letter != letters[i]:
            places = ", ".join(letters)
            raise ConfigError(
                f"{where}.seat",
                f"{letters[i]!r} ({len(value)} seats sit at {places})",
                letter,
                expected_fr=f"{letters[i]!r} ({len(value)} joueurs s'assoient en {places})",
            )
        name = _expect(
            raw.get("name", f"Joueur {letter}"), str, f"{where}.name", "a name (text)", "un nom (du texte)"
        ).strip()
        if not name or len(name) > 40 or any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
            # a lone surrogate cannot be written out as UTF-8 (pages, QR codes), a control character
            # cannot be shown: both are refused here rather than breaking every page that names the seat
            raise ConfigError(
                f"{where}.name",
                "a name of 1 to 40 printable characters",
                name,
                expected_fr="un nom de 1 à 40 caractères affichables",
            )
        colour = _expect(
            raw.get("colour", SEAT_COLOURS[letter]),
            str,
            f"{where}.colour",
            "a colour '#rrggbb'",
            "une couleur '#rrggbb'",
        )
        if not _COLOUR_RE.match(colour):
            raise ConfigError(
                f"{where}.colour", "a colour '#rrggbb'", colour, expected_fr="une couleur '#rrggbb'"
            )
        if colour.lower() in (seat.colour for seat in seats):
            raise ConfigError(
                f"{where}.colour",
                "a colour no other seat has (the camera tells the seats' marbles apart by colour)",
                colour.lower(),
                expected_fr="une couleur qu'aucun autre joueur n'a "
                "(la caméra distingue les billes des joueurs par leur couleur)",
            )
        computer = _expect(
            raw.get("computer", False), bool, f"{where}.computer", "true or false", "true ou false"
        )
        level = _expect(raw.get("level", "medium"), str, f"{where}.level", _LEVELS_EN, _LEVELS_FR)
        if level not in LEVELS:
            raise ConfigError(f"{where}.level", _LEVELS_EN, level, expected_fr=_LEVELS_FR)
        seats.append(SeatSettings(letter, name, colour.lower(), computer, level))
    return tuple(seats)


def parse_game_settings(data: dict[str, Any], *, prefix: str = "") -> GameSettings:
    """Check a game set-up (the ``[table]`` section, or the set-up page's JSON).

    Raises:
        ConfigError: naming the first wrong key (``prefix`` + key).
    """
    _check_keys(data, ("preset", "switches", "model", "cards", "camera", "seats", "seed"), prefix.rstrip("."))
    preset = _expect(
        data.get("preset", "r1"),
        str,
        prefix + "preset",
        "a preset name such as 'r1'",
        "un nom de préréglage comme 'r1'",
    )
    switches = dict(
        _expect(
            data.get("switches", {}),
            dict,
            prefix + "switches",
            "a table of rule switches",
            "une table de règles",
        )
    )
    seats = parse_seats(data["seats"], prefix + "seats") if "seats" in data else default_seats()
    models, models_fr = f"one of {', '.join(BOARD_MODELS)}", f"l'une des valeurs {', '.join(BOARD_MODELS)}"
    model = _expect(data.get("model", model_for(len(seats))), str, prefix + "model", models, models_fr)
    if model not in BOARD_MODELS:
        raise ConfigError(prefix + "model", models, model, expected_fr=models_fr)
    if model != model_for(len(seats)):
        fits = model_for(len(seats))
        raise ConfigError(
            prefix + "model",
            f"{fits!r} for {len(seats)} seats",
            model,
            expected_fr=f"{fits!r} pour {len(seats)} joueurs",
        )
    rules = build_rules(preset, switches, prefix=prefix)
    if len(seats) not in rules.seat_counts:
        counts = ", ".join(str(n) for n in rules.seat_counts)
        raise ConfigError(
            prefix + "seats",
            f"{counts} seats with preset {preset!r}",
            len(seats),
            expected_fr=f"{counts} joueurs avec le préréglage {preset!r}",
        )
    modes, modes_fr = f"one of {', '.join(CARD_MODES)}", f"l'une des valeurs {', '.join(CARD_MODES)}"
    cards = _expect(data.get("cards", "digital"), str, prefix + "cards", modes, modes_fr)
    if cards not in CARD_MODES:
        raise ConfigError(prefix + "cards", modes, cards, expected_fr=modes_fr)
    if cards == "physical":
        for i, seat in enumerate(seats):
            if seat.computer:
                raise ConfigError(
                    f"{prefix}seats[{i}].computer",
                    "false: a computer seat needs digital cards",
                    True,
                    expected_fr="false : un joueur ordinateur a besoin des cartes numériques",
                )
    camera = _expect(data.get("camera", True), bool, prefix + "camera", "true or false", "true ou false")
    seed = data.get("seed")
    if seed is not None:
        whole, whole_fr = "a whole number 0..2**63-1", "un nombre entier de 0 à 2**63-1"
        _expect(seed, int, prefix + "seed", whole, whole_fr)
        if not 0 <= seed < 2**63:
            raise ConfigError(prefix + "seed", whole, seed, expected_fr=whole_fr)
    return GameSettings(preset, switches, model, cards, camera, seats, seed)


def check_camera_source(source: str, key: str = "camera.source") -> str:
    """Check a camera source: ``sim``, ``none``, ``picamera2[:N]``, ``opencv:N|PATH`` or ``replay:DIR``."""
    expected = "sim, none, picamera2, opencv:N (a camera number) or replay:DIR (a folder of photos)"
    kind, colon, argument = source.partition(":")
    if source in CAMERA_KINDS or (kind == "picamera2" and argument.isdigit()):
        return source
    if kind in ("opencv", "replay") and colon and argument:
        return source
    expected_fr = "sim, none, picamera2, opencv:N (un numéro de caméra) ou replay:DIR (un dossier de photos)"
    raise ConfigError(key, expected, source, expected_fr=expected_fr)


def parse_config(data: dict[str, Any], *, source: str | None = None) -> Config:
    """Check a whole ``tock.toml`` (already parsed) and fill in the defaults.

    Raises:
        ConfigError: naming the first wrong key.
    """
    try:
        _check_keys(data, ("table", "camera", "leds", "web", "buttons", "store", "computer"), "")
        game = parse_game_settings(_table(data, "table"), prefix="table.")

        camera_data = _table(data, "camera")
        _check_keys(camera_data, ("source", "still_frames", "fps", "reopen_seconds"), "camera")
        source_spec = check_camera_source(
            _expect(
                camera_data.get("source", "sim"),
                str,
                "camera.source",
                "a camera source (text)",
                "une source de caméra (du texte)",
            )
        )
        still = _within(
            camera_data.get("still_frames", 3),
            int,
            "camera.still_frames",
            ("a whole number 1..30", "un nombre entier de 1 à 30"),
            lambda n: 1 <= n <= 30,
        )
        fps = _within(
            camera_data.get("fps", 10.0),
            (int, float),
            "camera.fps",
            ("a number 1..60", "un nombre de 1 à 60"),
            lambda n: 1 <= n <= 60,
        )
        reopen = _within(
            camera_data.get("reopen_seconds", 2.0),
            (int, float),
            "camera.reopen_seconds",
            ("seconds > 0", "des secondes > 0"),
            lambda n: n > 0,
        )
        camera = CameraSettings(source_spec, still, fps, reopen)

        leds = _table(data, "leds")
        try:  # the LED count may be left out: it is then taken from the board model's LED map
            LedConfig.from_mapping({"count": 1, **leds})
        except LedConfigError as error:
            raise ConfigError(
                "leds",
                "LED settings",
                expected_fr="des réglages de LED valides",
                message=str(error),
                message_fr=f"leds : réglages des LED refusés ({error.fr})",
            ) from None
        leds.setdefault("backend", "sim")

        web_data = _table(data, "web")
        _check_keys(web_data, ("host", "port", "public_url"), "web")
        host = _expect(
            web_data.get("host", WebSettings().host),
            str,
            "web.host",
            "an address such as '0.0.0.0'",
            "une adresse comme '0.0.0.0'",
        )
        port = _within(
            web_data.get("port", 8000),
            int,
            "web.port",
            ("a port 1..65535", "un port de 1 à 65535"),
            lambda n: 1 <= n <= 65535,
        )

        buttons_data = _table(data, "buttons")
        _check_keys(buttons_data, ("enabled", "confirm", "undo", "next"), "buttons")
        enabled = _expect(
            buttons_data.get("enabled", False), bool, "buttons.enabled", "true or false", "true ou false"
        )
        pins = {}
        for name, default in (("confirm", 17), ("undo", 27), ("next", 22)):
            pins[name] = _within(
                buttons_data.get(name, default),
                int,
                f"buttons.{name}",
                ("a GPIO number 0..27", "un numéro de GPIO de 0 à 27"),
                lambda n: 0 <= n <= 27,
            )
        if len(set(pins.values())) != 3:
            raise ConfigError(
                "buttons", "three different GPIO pins", pins, expected_fr="trois broches GPIO différentes"
            )
        buttons = ButtonSettings(enabled, **pins)

        store_data = _table(data, "store")
        _check_keys(store_data, ("path",), "store")
        db = Path(
            _expect(
                store_data.get("path", str(DEFAULT_DB)),
                str,
                "store.path",
                "a file path",
                "un chemin de fichier",
            )
        )

        computer_data = _table(data, "computer")
        _check_keys(computer_data, ("delay", "move_time"), "computer")
        delay = _within(
            computer_data.get("delay", 0.8),
            (int, float),
            "computer.delay",
            ("seconds 0..10", "des secondes de 0 à 10"),
            lambda n: 0 <= n <= 10,
        )
        public_url = web_data.get("public_url")
        if public_url is not None and (
            not isinstance(public_url, str) or not re.fullmatch(r"https?://[^/\s?#]+/?", public_url)
        ):
            raise ConfigError(
                "web.public_url",
                "an address such as 'http://tock.local:8000'",
                public_url,
                expected_fr="une adresse comme 'http://tock.local:8000'",
            )
        move_time = _within(
            computer_data.get("move_time", 1.0),
            (int, float),
            "computer.move_time",
            ("CPU seconds 0.01..30", "des secondes de calcul de 0,01 à 30"),
            lambda n: 0.01 <= n <= 30,
        )
    except ConfigError as error:
        if source is None:
            raise
        raise error.in_file(source) from None
    return Config(game, camera, leds, WebSettings(host, port, public_url), buttons, db, delay, move_time)


def load_config(path: Path | None) -> Config:
    """Read and check ``path`` (None: the defaults).

    Raises:
        ConfigError: the file is missing, is not TOML, or holds a bad value (one line naming the key).
    """
    if path is None:
        return Config()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(
            "--config",
            f"a readable TOML file ({error.strerror})",
            str(path),
            expected_fr=f"un fichier TOML lisible ({error.strerror})",
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(
            "syntax", f"valid TOML ({error})", expected_fr=f"du TOML valide ({error})", source=str(path)
        ) from None
    return parse_config(data, source=str(path))
