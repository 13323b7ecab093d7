"""A physically based camera for tests and benchmarks: POV-Ray scenes of the board, a real lens and sensor.

:mod:`~vision.photoreal.setups` draws set-ups (material, light, camera) from seeds split into tuning and
held-out; :mod:`~vision.photoreal.scene` writes their POV-Ray scenes from the board's geometry file;
:mod:`~vision.photoreal.povray` renders them; :mod:`~vision.photoreal.camera` and
:mod:`~vision.photoreal.sensor` turn the renders into the JPEG frames a camera module would give;
:mod:`~vision.photoreal.dataset` keeps rendered sets with their ground truth and loads them.
"""
