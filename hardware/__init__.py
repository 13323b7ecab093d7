"""Drivers with simulated twins (LED strip, buttons, camera sources) and the physical board as data.

Imports nothing of the rest of the project, and nothing heavy when imported: vendor libraries
(rpi-ws281x, the Pi 5 NeoPixel driver, gpiozero, picamera2, OpenCV) load only when a device of theirs
is opened. Start with :mod:`hardware.leds`, :mod:`hardware.scenes`, :mod:`hardware.ledmap`,
:mod:`hardware.buttons` and :mod:`hardware.cameras`; :mod:`hardware.doctor` checks a Pi install;
``hardware/README.md`` is the builder's guide.
"""
