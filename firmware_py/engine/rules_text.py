"""The rules in a position's notation: a preset's name, with the switches that differ from it
(``r1[jokers=2;shortcut=none]``), written and read back.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from firmware_py.engine.errors import NotationError
from firmware_py.engine.rules import PRESETS, RuleSet, find_preset


def rules_notation(rules: RuleSet) -> str:
    """The rules as a position's notation writes them: the preset, then the switches changed."""
    base_name = rules.name.split("+")[0]
    base = PRESETS.get(base_name, RuleSet())
    base_name = base_name if base_name in PRESETS else "custom"
    diffs = []
    for f in dataclasses.fields(rules):
        if f.name in ("name", "source"):
            continue
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            diffs.append(f"{f.name}={_value_text(value)}")
    return base_name + (f"[{';'.join(diffs)}]" if diffs else "")


def _value_text(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, frozenset)):
        return ".".join(str(v) for v in (sorted(value) if isinstance(value, frozenset) else value))
    return str(value)


def parse_rules(text: str) -> RuleSet:
    """Read the rules part of a position: a preset name, optionally with switches
    (``r1[jokers=2;shortcut=none]``).

    Raises:
        NotationError: unknown preset, switch or value.
    """
    name, bracket, switches = text.partition("[")
    base = RuleSet() if name.lower() == "custom" else find_preset(name)
    if not bracket:
        return base
    if not switches.endswith("]"):
        raise NotationError(f"{text!r}: the switches end with ']'")
    fields = {f.name: f for f in dataclasses.fields(RuleSet)}
    current = {f: getattr(base, f) for f in fields}
    changes: dict[str, Any] = {}
    for item in filter(None, switches[:-1].split(";")):
        key, eq, raw = item.partition("=")
        if not eq or key not in fields or key in ("name", "source"):
            switch_names = ", ".join(sorted(set(fields) - {"name", "source"}))
            raise NotationError(f"{item!r} is not a switch=value; the switches are {switch_names}")
        changes[key] = _parse_value(key, raw, current[key])
    try:
        return base.with_switches(**changes)
    except ValueError as error:
        raise NotationError(str(error)) from None


def _parse_value(key: str, raw: str, current: Any) -> Any:
    try:
        if isinstance(current, Enum):
            return type(current)(raw.lower())
        if isinstance(current, bool):
            if raw.lower() not in ("yes", "no", "true", "false"):
                raise ValueError(raw)
            return raw.lower() in ("yes", "true")
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, frozenset):
            return frozenset(raw.upper().split("."))
        if isinstance(current, tuple):
            return tuple(int(v) for v in raw.split("."))
    except ValueError:
        pass
    choices = ""
    if isinstance(current, Enum):
        choices = " (one of " + ", ".join(str(m.value) for m in type(current)) + ")"
    raise NotationError(f"{raw!r} is not a value for {key}{choices}")
