/* The calibration page: the camera image (the holes and what vision reads drawn over it, or not),
   refreshed every two seconds, the camera's status, and the calibration wizard: one step at a time
   (the empty board found by its markers, the colours learnt, a test reading), each step's outcome in
   words, and what went wrong when a step fails (which markers, glare on which holes...). */
"use strict";

(() => {
  const { t, pick, bound, api, live, showCamera, seatName } = Tock;
  const image = bound("camera-image");
  const missing = bound("no-camera");
  const overlay = bound("overlay");
  const order = ["markers", "colours", "test"];
  let view = Tock.page.view;

  function refresh() {
    image.src = `/api/camera.jpg?overlay=${overlay.checked ? 1 : 0}&t=${Date.now()}`;
  }
  image.addEventListener("load", () => { image.hidden = false; missing.hidden = true; });
  image.addEventListener("error", () => { image.hidden = true; missing.hidden = false; });
  overlay.addEventListener("change", refresh);
  setInterval(refresh, 2000);
  refresh();

  const SIGNS = { current: "→", done: "✓", failed: "✗", waiting: "" };

  function setState(item, state) {
    item.dataset.state = state;
    item.querySelector(".wizard-state").textContent = SIGNS[state];
  }

  /** Mark a step done or failed, and the next one current once it is done. */
  function mark(step, state) {
    setState(document.querySelector(`[data-step="${step}"]`), state);
    const next = document.querySelector(`[data-step="${order[order.indexOf(step) + 1]}"]`);
    if (next && state === "done" && next.dataset.state === "waiting") setState(next, "current");
  }

  /** What the test reading found, one line per marble read, the differences first: where it is, as
      the board shows it, and whose it is ("In Ana's reserve: Ana"). */
  function showReading(answer) {
    const list = bound("reading");
    list.replaceChildren();
    const lines = [
      ...answer.differ.map((place) => [place, answer.layout[place] || "—", "differs"]),
      ...answer.uncertain.map((place) => [place, "?", "uncertain"]),
      ...Object.entries(answer.layout)
        .filter(([place]) => !answer.differ.includes(place))
        .map(([place, seat]) => [place, seat, "read"]),
    ];
    for (const [place, seat, kind] of lines) {
      const item = document.createElement("li");
      item.className = `reading-${kind}`;
      const where = Tock.placeWords(place);
      item.textContent = `${where.charAt(0).toUpperCase()}${where.slice(1)}${Tock.colon}${seatName(view, seat)}`;
      list.append(item);
    }
  }

  for (const button of document.querySelectorAll("[data-calibrate]")) {
    button.addEventListener("click", async () => {
      const step = button.dataset.calibrate;
      const result = document.querySelector(`[data-result="${step}"]`);
      button.disabled = true;
      result.textContent = t("working");
      try {
        const answer = await api("POST", "/api/calibrate", { what: step });
        result.textContent = pick(answer) || t("done");
        mark(step, step === "test" && (answer.status !== "ok" || answer.differ.length) ? "failed" : "done");
        if (step === "test") showReading(answer);
        refresh();
      } catch (error) {
        const body = error.body || {};
        result.textContent = pick(body) || t("error");
        document.querySelector(`[data-step="${step}"]`).dataset.problem = body.problem || "";
        mark(step, "failed");
      } finally {
        button.disabled = false;
      }
    });
  }

  function render(latest) {
    view = latest;
    const camera = view.camera || {};
    showCamera("camera", camera, t("no_camera"));
  }
  render(Tock.page.view);
  live("/events", render);
})();
