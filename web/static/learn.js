/* The Learn page: each card's example drawn on its small board (before and after), "why not?" by tapping
   a card and two holes (the engine's reasons, their places shown on the board) and, opened from a
   seat's page, the hint mode and the guided game: on each turn the companion suggests a move, the
   newcomer plays it (or another) on the phone or here. */
"use strict";

(() => {
  const { t, pick, el, bound, api, live, seatName, colon, cardName } = Tock;
  const token = Tock.page.token;
  const base = token ? `/api/seat/${encodeURIComponent(token)}` : "/api";
  const board = new TockBoard(document.querySelector(".board-panel .board"));
  const lessons = JSON.parse(document.getElementById("tock-lessons").textContent);
  let view = Tock.page.view;
  let marks = {};

  const EXAMPLE_SEATS = ["A", "B", "C", "D"].map((seat, i) => ({ seat, colour: ["#d62728", "#1f77b4", "#2ca02c", "#f2c500"][i], name: "" }));

  /* every card's small board: "after" with the move's arrows, "before" with its marbles lit */
  for (const node of document.querySelectorAll(".lesson")) {
    const lesson = lessons.find((l) => l.rank === node.dataset.lesson);
    const svg = node.querySelector(".lesson-board");
    if (!lesson || !lesson.example || !svg) continue;
    const small = new TockBoard(svg);
    const example = lesson.example;
    const froms = example.steps.map((s) => s[0]);
    const tos = example.steps.map((s) => s[1]);
    const draw = (when) => {
      const after = when === "after";
      small.update({ seats: EXAMPLE_SEATS, layout: after ? example.after : example.before, last_move: after ? { places: [...froms, ...tos], steps: example.steps } : null },
        after ? { wrong: example.captures.filter((p) => !tos.includes(p)) } : { lit: tos, from: froms });
      for (const button of node.querySelectorAll("[data-show]")) button.setAttribute("aria-pressed", String(button.dataset.show === when));
    };
    for (const button of node.querySelectorAll("[data-show]")) button.addEventListener("click", () => draw(button.dataset.show));
    draw("after");
  }

  function render() {
    bound("turn").textContent = view.turn ? `${t("turn")}${colon}${seatName(view, view.turn)}` : "";
    board.update(view, marks);
  }

  /* "Why not?": a card, then a marble, then a hole; the move is checked at once */
  let card = null;
  let from = null;
  const step = bound("why-step");
  for (const button of document.querySelectorAll("[data-pick]")) {
    button.addEventListener("click", () => {
      card = button.dataset.pick;
      from = null;
      for (const other of document.querySelectorAll("[data-pick]")) other.setAttribute("aria-pressed", String(other === button));
      step.textContent = `${cardName(card)}${colon}${t("why_pick_marble")}`;
      marks = {};
      render();
    });
  }

  async function check(move) {
    const box = bound("explanation");
    try {
      // a card of the seat's hand is judged with the hand; any other card by the rules alone, as on
      // the spectator's page (a newcomer asks about the 5 before holding one)
      const rank = move.split(":")[0].replace(/[SHDC]$/, "");
      const held = (view.hand || []).some((c) => c === move.split(":")[0] || c.replace(/[SHDC]$/, "") === rank);
      const answer = await api("POST", `${token && held ? base : "/api"}/explain`, { move });
      const reasons = answer.reasons || [];
      // replaceChildren writes a null child as the text "null": only the nodes there are
      box.replaceChildren(...[
        el("p", { class: answer.legal ? "ok" : "bad" }, answer.legal ? t("legal") : t("illegal")),
        reasons.length ? el("ul", { class: "reasons" }, ...reasons.map((r) => el("li", {}, pick(r)))) : null,
      ].filter(Boolean));
      marks = { ...marks, wrong: reasons.flatMap((r) => r.places || []) };
    } catch (error) {
      box.replaceChildren(el("p", { class: "bad" }, pick(error.body) || t("error")));
    }
    render();
  }

  board.onTap((place, seat) => {
    if (card === null) {
      step.textContent = t("why_pick_card");
      return;
    }
    if (from === null) {
      if (!seat) return;
      from = place;
      marks = { from: [place] };
      step.textContent = `${cardName(card)}${colon}${t("why_pick_hole")}`;
      render();
      return;
    }
    // a marble of a reserve leaves from "AR", whichever of its holes it sits in
    const start = /^[A-H]R\d$/.test(from) ? from.slice(0, 2) : from;
    const move = `${card}:${start}-${place}`;
    document.getElementById("move-input").value = move;
    marks = { from: [from], lit: [place] };
    from = null;
    step.textContent = `${cardName(card)}${colon}${t("why_pick_marble")}`;
    check(move);
  });

  /* a marble dragged to a hole asks the same as two taps */
  board.onDrag((start, place) => {
    if (card === null) {
      step.textContent = t("why_pick_card");
      return;
    }
    const move = `${card}:${/^[A-H]R\d$/.test(start) ? start.slice(0, 2) : start}-${place}`;
    document.getElementById("move-input").value = move;
    marks = { from: [start], lit: [place] };
    from = null;
    check(move);
  });

  document.querySelector("[data-form=explain]").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = event.target.elements.move.value.trim();
    if (move) check(move);
  });

  /* hints, and the guided game (a seat's Learn page only) */
  const hintsButton = document.querySelector("[data-action=hints]");
  const guided = document.querySelector("[data-action=guided]");
  let suggested = null;   // the turn (log length) whose suggestion is shown

  const hintButton = (hint, onclick) => Tock.moveButton(view, hint, { onclick });

  async function showHints() {
    let hints = [];
    try {
      hints = await api("GET", `${base}/hints`);
    } catch (error) {
      return;
    }
    bound("hints").replaceChildren(...(hints.length ? hints.map((hint) => el("li", {}, hintButton(hint, () => {
      document.getElementById("move-input").value = hint.move;
      marks = { lit: Tock.places(hint.to), from: Tock.places(hint.from) };
      render();
    }))) : [el("li", { class: "muted" }, t("no_hint"))]));
    marks = { lit: hints.flatMap((h) => Tock.places(h.to)) };
    render();
  }

  /** The companion's suggestion for this turn: the strong computer player's move, with one sentence
      of why; shown lit, with a button to play it. */
  async function suggest() {
    const box = bound("suggestion");
    const mine = view.turn === view.seat && view.phase === "play";
    if (!guided.checked || !mine) {
      box.replaceChildren(...(guided.checked ? [el("p", { class: "muted" }, t("guided_wait"))] : []));
      suggested = null;
      return;
    }
    const turn = (view.log || []).length;
    if (suggested === turn) return;
    suggested = turn;
    let hints = [];
    // the strong player takes a second or two: the box says it is thinking meanwhile
    box.replaceChildren(el("p", { class: "muted thinking", role: "status" }, t("guided_thinking")));
    try {
      hints = await api("GET", `${base}/hints?suggest=1`);
    } catch (error) {
      box.replaceChildren();
      return;
    }
    const best = hints.find((h) => h.suggested);
    if (!best || /discard/.test(best.move)) {
      box.replaceChildren(el("p", {}, t("guided_discard")));
      return;
    }
    marks = { lit: Tock.places(best.to), from: Tock.places(best.from) };
    box.replaceChildren(el("p", {}, t("guided_suggests")), hintButton(best, async () => {
      try {
        const answer = await api("POST", `${base}/play`, { move: best.move });
        Tock.toast(`${t("played")}${colon}${Tock.whatPlayed(view, pick(answer)) || answer.move}`, "info");
      } catch (error) { /* the toast says why */ }
    }), el("p", { class: "why", dataset: { bind: "why" } }, pick(best.why || {})));
    render();
  }

  if (hintsButton) hintsButton.addEventListener("click", showHints);
  if (guided) guided.addEventListener("change", suggest);

  render();
  const url = token ? `/events/seat/${encodeURIComponent(token)}` : "/events";
  live(url, (next) => { view = next; render(); if (guided) suggest(); });
})();
