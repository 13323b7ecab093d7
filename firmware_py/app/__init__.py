"""The wiring root: builds the camera, the reader, the LEDs, the buttons and the web, and hands the table
what it needs (:mod:`firmware_py.app.companion`). Nothing below it knows how the parts are made."""
