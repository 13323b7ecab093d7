/* The Learn page: "why not?" for any move typed (the engine's reasons, their places shown on the board)
   and, opened from a seat's page, the hint mode listing every legal move of that hand. */
"use strict";

(() => {
  const { t, pick, el, bound, api, live, seatName, colon } = Tock;
  const token = Tock.page.token;
  const base = token ? `/api/seat/${encodeURIComponent(token)}` : "/api";
  const board = new TockBoard(document.querySelector(".board"));
  let view = Tock.page.view;
  let marks = {};

  function render() {
    bound("turn").textContent = view.turn ? `${t("turn")}${colon}${seatName(view, view.turn)}` : "";
    board.update(view, marks);
  }

  /* Tapping a marble then a hole writes CARD:FROM-TO (a marble of a reserve leaves from "AR"). */
  const form = document.querySelector("[data-form=explain]");
  let from = null;
  board.onTap((place, seat) => {
    if (from === null) {
      if (!seat) return;
      from = place;
      marks = { from: [place] };
      render();
      return;
    }
    const card = form.elements.card.value.trim().toUpperCase() || "?";
    const start = /^[A-H]R\d$/.test(from) ? from.slice(0, 2) : from;
    form.elements.move.value = `${card}:${start}-${place}`;
    marks = { from: [from], lit: [place] };
    from = null;
    render();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const move = event.target.elements.move.value.trim();
    if (!move) return;
    const box = bound("explanation");
    try {
      const answer = await api("POST", `${base}/explain`, { move });
      const reasons = answer.reasons || [];
      // replaceChildren writes a null child as the text "null": only the nodes there are
      box.replaceChildren(...[
        el("p", { class: answer.legal ? "ok" : "bad" }, answer.legal ? t("legal") : t("illegal")),
        reasons.length ? el("ul", { class: "reasons" }, ...reasons.map((r) => el("li", {}, pick(r)))) : null,
      ].filter(Boolean));
      marks = { wrong: reasons.flatMap((r) => r.places || []) };
    } catch (error) {
      box.replaceChildren(el("p", { class: "bad" }, pick(error.body) || t("error")));
      marks = {};
    }
    render();
  });

  const hintsButton = document.querySelector("[data-action=hints]");
  if (hintsButton) {
    hintsButton.addEventListener("click", async () => {
      const list = bound("hints");
      let hints = [];
      try {
        hints = await api("GET", `${base}/hints`);
      } catch (error) {
        return;
      }
      list.replaceChildren(...(hints.length ? hints.map((hint) => el("li", {},
        el("button", {
          type: "button", class: "button move", dataset: { move: hint.move },
          onclick: () => {
            document.getElementById("move-input").value = hint.move;
            marks = { lit: Tock.places(hint.to), from: Tock.places(hint.from) };
            render();
          },
        }, el("strong", {}, hint.card), " ", pick(hint) || hint.move, el("code", { class: "notation" }, hint.move)),
      )) : [el("li", { class: "muted" }, t("no_hint"))]));
      marks = { lit: hints.flatMap((h) => Tock.places(h.to)) };
      render();
    });
  }

  render();
  const url = token ? `/events/seat/${encodeURIComponent(token)}` : "/events";
  live(url, (next) => { view = next; render(); });
})();
