"""The Tock companion as it runs on the Raspberry Pi.

Kept free of imports so that ``import firmware_py.engine`` never pulls in OpenCV, Flask or hardware.
"""
