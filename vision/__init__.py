"""Reading the marbles off the board from a camera frame, and the synthetic camera that tests it."""
