"""Reading the marbles off the board from a camera frame, and the synthetic camera that tests it.

The pipeline, one module per stage:

* :mod:`vision.geometry`: where each place's hole and each marker is on a board model
  (``hardware/boards/<model>.json``), checked against the engine's place ids;
* :mod:`vision.markers`: ArUco markers -> homography, and the cheap per-frame check that the board is
  still where it was (:mod:`vision.aruco` hides OpenCV's API change at 4.7);
* :mod:`vision.calibration`: the homography at the height marbles are seen, the colours learnt from
  marbles in known places, saved as JSON;
* :mod:`vision.sampling`, :mod:`vision.occupancy` and :mod:`vision.classify`: a few dozen pixels per
  hole, light normalised on the wood; whether a marble is there, against the hole's look on the empty
  board; its seat's colour where that colour is clear;
* :mod:`vision.reader`: ``BoardReader.read(frame) -> BoardReading``, never raising on a bad frame;
* :mod:`vision.stabiliser`: stable readings only once the board is still;
* :mod:`vision.synthetic` (with :mod:`vision.render`): the camera of the tests, the benchmark and the
  demo; :mod:`vision.overlay`, :mod:`vision.svg`, :mod:`vision.printing` (pages to print, the drilling
  template) and :mod:`vision.fit` for people setting up a board.

Nothing is imported here, so ``import vision`` stays cheap.
"""
