"""Tests of the table: store, config, computer player, loop, serve."""
