"""The rules of Tock: pure, typed, standard library only."""

from firmware_py.engine.board import CENTRE, BoardTopology, Place, PlaceKind, parse_place

__all__ = ["CENTRE", "BoardTopology", "Place", "PlaceKind", "parse_place"]
