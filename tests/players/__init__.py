"""Tests of the computer players: the look-ahead, the levels and the search."""
