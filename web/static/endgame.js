/* The end of a game on the table and seat pages: the winners, how long it lasted, each seat's cards
   played and captures (read from the save), a rematch (same seats and rules, new deal) and the replay. */
"use strict";

const TockEnd = (() => {
  const { t, el, bound, api, seatName, winnerNames, colon, chip } = Tock;
  let shown = null;   // the game whose figures are on the page

  /** Show or hide the end panel for `view`; the figures are asked for once per finished game. */
  async function render(view) {
    const panel = bound("end");
    if (!panel) return;
    panel.hidden = !view.winner;
    const undo = document.querySelector("[data-action=undo]");
    if (undo) undo.hidden = Boolean(view.winner);   // nothing to take back once the game is over
    const banner = bound("winner");
    if (banner && view.winner) banner.hidden = true;   // the end panel names the winners
    if (!view.winner || shown === view.game_id) return;
    shown = view.game_id;
    bound("end-winners").textContent = `${t("winner")}${colon}${winnerNames(view)}`;
    bound("replay-link").setAttribute("href", `/replay/${encodeURIComponent(view.game_id)}`);
    let figures;
    try {
      const response = await fetch(`/api/games/${encodeURIComponent(view.game_id)}/summary`, { headers: { Accept: "application/json" } });
      if (!response.ok) return;   // a table without a save: the winners alone
      figures = await response.json();
    } catch (error) {
      return;
    }
    const length = [
      figures.minutes ? `${figures.minutes} ${t("minutes")}` : null,   // unknown, or under a minute
      `${figures.turns} ${t("turns")}`,
      `${figures.rounds} ${t("rounds")}`,
    ].filter(Boolean).join(" · ");
    bound("end-length").textContent = `${t("game_length")}${colon}${length}`;
    bound("end-seats").replaceChildren(...figures.seats.map((seat) => el("tr", { class: String(view.winner).includes(seat.seat) ? "end-winner" : null },
      el("th", { scope: "row" }, chip(seat.colour), " ", seatName(view, seat.seat)),
      el("td", {}, String(seat.cards_played)),
      el("td", {}, String(seat.captures)),
    )));
  }

  const rematch = document.querySelector("[data-action=rematch]");
  if (rematch) {
    rematch.addEventListener("click", async () => {
      rematch.disabled = true;
      try {
        await api("POST", "/api/rematch", {});
        window.location.reload();   // the new deal's seat links (QR codes) are on the page
      } catch (error) {
        rematch.disabled = false;
      }
    });
  }

  return { render };
})();
