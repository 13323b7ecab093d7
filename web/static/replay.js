/* The replay: a saved game's boards one after the other on the board, with each move's sentence and
   its arrows; buttons, the slider and the arrow keys step through it, "Play" runs it on its own. */
"use strict";

(() => {
  const { t, pick, bound } = Tock;
  const replay = JSON.parse(document.getElementById("tock-replay").textContent);
  Tock.follow({ seats: replay.seats });  // its sentences name the seats of that game
  const board = new TockBoard(document.querySelector(".board"));
  const range = bound("replay-range");
  const playButton = bound("replay-play");
  const last = replay.frames.length - 1;
  // the count is of moves (cards played, discards included), as the end screen counts turns: the
  // exchanges and kept jokers are steps of the replay, not moves
  const isMove = (frame) => Boolean(frame.entry && frame.entry.move);
  const movesUpTo = replay.frames.map((frame, i) => replay.frames.slice(0, i + 1).filter(isMove).length);
  const moves = movesUpTo[last] || 0;
  let index = 0;
  let timer = null;

  function show(next) {
    index = Math.max(0, Math.min(last, next));
    const frame = replay.frames[index];
    const entry = frame.entry;
    board.update({ seats: replay.seats, layout: frame.layout, last_move: entry ? { places: entry.places || [], steps: entry.steps || [] } : null }, {});
    bound("replay-count").textContent = `${t("replay_step")} ${movesUpTo[index]} ${t("replay_of")} ${moves}`;
    bound("replay-entry").textContent = entry ? pick(entry) : t("replay_start");
    range.value = String(index);
    Tock.paintChips({ seats: replay.seats });
    if (index === last) stop();
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = t("replay_play");
  }

  function play() {
    if (timer !== null) { stop(); return; }
    if (index === last) show(0);
    playButton.textContent = t("replay_pause");
    timer = setInterval(() => show(index + 1), 900);
  }

  const steps = { first: () => show(0), previous: () => show(index - 1), next: () => show(index + 1), last: () => show(last), play };
  for (const button of document.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => {
      if (button.dataset.step !== "play") stop();
      steps[button.dataset.step]();
    });
  }
  range.addEventListener("input", () => { stop(); show(Number(range.value)); });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === "ArrowRight") { stop(); show(index + 1); }
    if (event.key === "ArrowLeft") { stop(); show(index - 1); }
  });
  show(0);
})();
