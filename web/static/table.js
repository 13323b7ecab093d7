/* The table page: the board, whose turn, the log, the LEDs and the camera, live. In simulation a tap
   on a marble then on a hole moves that marble on the simulated board. */
"use strict";

(() => {
  const { t, pick, el, bound, api, live, seatName, winnerNames, chip, paintChips, phaseText, boardKey, banner, colon, showCamera } = Tock;
  const board = new TockBoard(document.querySelector(".board"));
  let view = Tock.page.view;
  let selected = null;
  const key = boardKey(view);

  function render() {
    if (boardKey(view) !== key) {
      window.location.reload();
      return;
    }
    // once the game is over nobody is to play: the phase alone says so
    const owing = view.phase === "exchange" ? view.exchange_owing || [] : [];
    bound("turn").replaceChildren(...(owing.length ? [`${t("exchange_waiting_for")} ${owing.map((seat) => seatName(view, seat)).join(", ")}`]
      : view.turn ? [chip((Tock.seatOf(view, view.turn) || {}).colour), `${t("turn")}${colon}${seatName(view, view.turn)}`] : []));
    // "play" goes without saying beside whose turn it is: only the exchange and the end are said
    bound("phase").textContent = view.phase === "play" ? "" : phaseText(view.phase);
    banner("winner", view.winner ? `${t("winner")}${colon}${winnerNames(view)}` : "");
    banner("problem", view.problem ? `${t("problem")}${colon}${pick(view.problem)}` : "");
    banner("question", view.question ? `${seatName(view, view.turn)}${colon}${pick(view.question)}` : "");
    // the computer's sentence already names the seat ("Ordinateur B sort un pion")
    banner("computer", view.computer ? pick(view.computer) : "");
    Tock.notice(view);
    Tock.showLastMove(view);
    bound("seats").replaceChildren(...(view.seats || []).map((seat) => el("li", { class: "seat-row" + (seat.seat === view.turn ? " seat-turn" : "") },
      chip(seat.colour),
      el("strong", {}, `${seat.seat} · ${Tock.shownName(seat.name)}`),
      el("span", { class: "muted count" }, ` ${seat.cards} ${t("cards")}`),
      seat.computer ? el("span", { class: "tag" }, t("computer")) : null,
      seat.team !== undefined && seat.team !== null ? el("span", { class: "tag" }, `${t("team")} ${seat.team + 1}`) : null,
      // the tag keeps the room of the other word: "pas connecté" becoming "connecté" moves nothing
      seat.computer ? null : el("span", { class: "tag tag-state " + (seat.connected ? "tag-ok" : "tag-off"), dataset: { room: t(seat.connected ? "not_connected" : "connected") } },
        el("span", {}, seat.connected ? t("connected") : t("not_connected"))),
    )));
    const camera = view.camera || {};
    // Marbles move on the page in simulation and without camera; a real camera reads the real board.
    if (bound("sim-help")) bound("sim-help").hidden = !["sim", "none"].includes(camera.mode);
    showCamera("camera", camera, "—");
    const log = view.log || [];
    bound("log").replaceChildren(...(log.length ? log.slice().reverse().map((entry) => el("li", { value: entry.n },
      chip((Tock.seatOf(view, entry.seat) || {}).colour), " ",
      pick(entry) || `${seatName(view, entry.seat)}${colon}${entry.move}`,
      entry.detail ? el("small", { class: "detail" }, ` · ${entry.detail}`) : null,
      entry.reasons && entry.reasons.length ? el("ul", { class: "reasons" }, ...entry.reasons.map((r) => el("li", {}, pick(r)))) : null,
    )) : [el("li", { class: "muted" }, t("log_empty"))]));
    paintChips(view);
    TockEnd.render(view);
    const computer = view.computer || {};
    // in simulation the picture is the simulated table: a marble put on a wrong hole is seen there and
    // can be tapped to put it back
    board.update(view.sim_layout ? { ...view, layout: view.sim_layout } : view, {
      selected,
      lit: [...Tock.places(computer.to), ...(view.question ? Tock.places(view.question.places) : [])],
      from: Tock.places(computer.from),
    });
  }

  // only the paired table moves marbles and takes moves back; a spectator watches
  if (Tock.page.table) board.onTap(async (place, seat) => {
    if (selected === null) {
      if (!seat) return;
      selected = place;
      Tock.toast(t("marble_selected"), "info");
      render();
      return;
    }
    const from = selected;
    selected = null;
    if (from === place) {
      render();
      return;
    }
    render();
    try {
      await api("POST", "/api/marble", { from, to: place });
    } catch (error) {
      /* the toast already says why */
    }
  });

  if (Tock.page.table) board.onDrag(async (from, to) => {
    selected = null;
    render();
    try {
      await api("POST", "/api/marble", { from, to });
    } catch (error) {
      /* the toast already says why */
    }
  });

  const undo = document.querySelector("[data-action=undo]");
  if (undo) undo.addEventListener("click", () => api("POST", "/api/undo", {})
    .then((answer) => Tock.toast(pick(answer) || `${t("undone")}${colon}${answer.undone || ""}`, "info"))
    .catch(() => {}));

  // someone who should not have them saw the seat links: new ones, shown once the page reloads
  const renew = document.querySelector("[data-action=renew-links]");
  if (renew) renew.addEventListener("click", () => api("POST", "/api/seat_links", {})
    .then(() => window.location.reload())
    .catch(() => {}));

  render();
  live("/events", (next) => { view = next; render(); });
})();
