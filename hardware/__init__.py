"""Drivers with simulated twins (LED strip, buttons, camera sources) and the physical board as data."""
