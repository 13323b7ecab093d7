"""A preset plus house-rule switches given as plain values (TOML, the set-up page's JSON) -> a RuleSet.

``tock.toml`` and the set-up page can only hold text, numbers, booleans and lists, so an enum switch is
given by its value (``seven = "split_two"``) and a set by a list. This module turns those plain values into
the engine's types, and refuses anything else with a :class:`ConfigError` naming the switch and the values
it takes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any

from firmware_py.engine import PRESETS, RulesError, RuleSet, find_preset
from firmware_py.engine.errors import NotationError
from firmware_py.errors import ConfigError

FIXED = ("name", "source")
"""RuleSet fields that describe a preset rather than switch a rule."""


def switch_choices(value: Any) -> list[Any] | None:
    """The values a switch of this current value may take, as plain values (None: free within a range)."""
    if isinstance(value, Enum):
        return [member.value for member in type(value)]
    if isinstance(value, bool):
        return [False, True]
    return None


def plain(value: Any) -> Any:
    """A switch's value as TOML/JSON holds it."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def switches_of(rules: RuleSet) -> dict[str, Any]:
    """Every switch of ``rules`` with its plain value."""
    return {f.name: plain(getattr(rules, f.name)) for f in dataclasses.fields(rules) if f.name not in FIXED}


def _convert(name: str, current: Any, value: Any, key: str) -> Any:
    if isinstance(current, Enum):
        try:
            return type(current)(value)
        except ValueError:
            choices = ", ".join(repr(c) for c in switch_choices(current) or ())
            raise ConfigError(
                key, f"one of {choices}", value, expected_fr=f"l'une des valeurs {choices}"
            ) from None
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise ConfigError(key, "true or false", value, expected_fr="true ou false")
        return value
    if isinstance(current, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(key, "a whole number", value, expected_fr="un nombre entier")
        return value
    if isinstance(current, frozenset):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(
                key,
                "a list of card ranks such as ['A', 'K']",
                value,
                expected_fr="une liste de valeurs de cartes comme ['A', 'K']",
            )
        return frozenset(value)
    if isinstance(current, tuple):
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise ConfigError(
                key, "a list of whole numbers", value, expected_fr="une liste de nombres entiers"
            )
        return tuple(value)
    like = repr(plain(current))
    raise ConfigError(key, f"a value like {like}", value, expected_fr=f"une valeur comme {like}")


def build_rules(preset: str, switches: Mapping[str, Any], *, prefix: str = "") -> RuleSet:
    """The preset named ``preset`` with ``switches`` changed.

    Raises:
        ConfigError: unknown preset (listing them), unknown switch (listing them), or a bad value
            (naming the switch and its values).
    """
    try:
        rules = find_preset(preset)
    except NotationError:
        names = ", ".join(PRESETS)
        raise ConfigError(
            prefix + "preset", f"one of {names}", preset, expected_fr=f"l'une des valeurs {names}"
        ) from None
    known = switches_of(rules)
    changes: dict[str, Any] = {}
    for name, value in switches.items():
        key = f"{prefix}switches.{name}"
        if name not in known:
            names = ", ".join(known)
            raise ConfigError(
                key,
                f"a rule switch (known: {names})",
                expected_fr=f"une règle connue (connues : {names})",
            )
        changes[name] = _convert(name, getattr(rules, name), value, key)
    if not changes:
        return rules
    try:
        return rules.with_switches(**changes)
    except RulesError as error:
        raise ConfigError(
            prefix + "switches",
            "switches that fit together",
            expected_fr="des règles qui vont ensemble",
            message=f"{prefix}switches: {error}",
            message_fr=f"{prefix}switches : ces règles ne vont pas ensemble ({error.fr})",
        ) from None
