/* A seat's private page: its hand, the legal moves of the card tapped (lit on the board and listed in
   words; a 7 split, a Jack swap or a 5's target are simply moves of that list), the partner exchange
   and the discard when blocked. Every request carries the seat's token in its address.
   A move is never played by the tap that points at it: tapping a move of the list (or a lit hole of
   the board) shows it on the board, and a bar at the foot of the screen plays it once confirmed. */
"use strict";

(() => {
  const { t, pick, el, bound, api, live, seatName, winnerNames, paintChips, phaseText, banner, colon, cardName } = Tock;
  const token = Tock.page.token;
  const base = `/api/seat/${encodeURIComponent(token)}`;
  const board = new TockBoard(document.querySelector(".board-panel .board"));
  const mini = new TockBoard(document.querySelector(".mini-board"));
  let view = Tock.page.view;
  let card = null;      // the card tapped
  let moves = [];       // its moves [{move, fr, en, from, to}]
  let lit = [];         // the places of a move hovered with a mouse
  let pointed = null;   // the move shown on the board, waiting for the player's confirmation
  let gone = false;

  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  /** A card string ("7H", "10S", "JOKER", or a rank alone) as rank and suit symbol. */
  function cardFace(text) {
    if (text === "JOKER") return { rank: "★", suit: "", red: false };
    const suit = text.slice(-1);
    if (SUITS[suit]) return { rank: text.slice(0, -1), suit: SUITS[suit], red: suit === "H" || suit === "D" };
    return { rank: text, suit: "", red: false };
  }

  const mode = () => (view.can_exchange ? "exchange" : view.must_discard ? "discard" : "play");
  /** Whether this seat is to play a card now (the exchange is no one's turn: everyone gives at once). */
  const myTurn = () => view.turn === view.seat && view.phase === "play";
  const names = (seats) => seats.map((seat) => seatName(view, seat)).join(", ");

  /** The line at the top: your turn, whom the game waits for, or the exchange under way. */
  function turnText() {
    if (view.phase === "exchange") {
      if (view.can_exchange) return t("your_exchange");
      const owing = (view.exchange_owing || []).filter((seat) => seat !== view.seat);
      return owing.length ? `${t("exchange_waiting_for")} ${names(owing)}` : phaseText(view.phase);
    }
    if (myTurn()) return t("your_turn");
    return view.turn ? Tock.say(`${t("waiting_for")} ${seatName(view, view.turn)}`) : phaseText(view.phase);
  }

  function render() {
    if (gone) return;
    bound("seat-name").textContent = `${view.seat} · ${seatName(view, view.seat)}`;
    const turn = bound("turn");
    turn.classList.toggle("banner-mine", myTurn() || Boolean(view.can_exchange));
    turn.textContent = turnText();
    banner("winner", view.winner ? `${t("winner")}${colon}${winnerNames(view)}` : "");
    banner("computer", view.computer ? pick(view.computer) : "");
    Tock.notice(view);
    renderProblem();
    renderQuestion();
    bound("extra-play").hidden = !(view.extra_play && myTurn());
    const physical = view.cards === "physical";
    const over = view.phase === "over";
    const waiting = view.phase === "exchange" && !view.can_exchange;
    const help = over ? t("game_over_hand") : physical ? t("physical_help")
      : waiting ? t("exchange_waiting") + (view.given ? ` (${cardName(view.given)})` : "")
      : { exchange: t("exchange_help"), discard: t("discard_help"), play: t("tap_card") }[mode()];
    bound("hand-help").textContent = help;
    // With real cards the page holds no hand: the seat taps the value of the card it plays.
    // Once the game is over there is nothing left to tap: the winners are shown instead.
    const hand = over ? [] : physical ? Object.keys(view.playable || {}) : view.hand || [];
    if (card !== null && !hand.includes(card)) { card = null; moves = []; }
    if (pointed !== null && (!myTurn() || !moves.some((m) => m.move === pointed.move))) pointed = null;
    bound("hand").replaceChildren(...(over ? [] : hand.length ? hand.map((text) => {
      const face = cardFace(text);
      return el("button", {
        type: "button", class: "card" + (face.red ? " red" : "") + (text === card ? " chosen" : ""),
        "aria-pressed": text === card ? "true" : "false", "aria-label": cardName(text), title: cardName(text),
        dataset: { card: text }, onclick: () => tapCard(text),
      }, el("span", { class: "rank" }, face.rank), el("span", { class: "suit" }, face.suit));
    }) : [el("p", { class: "muted" }, t("hand_empty"))]));
    renderMoves();
    TockEnd.render(view);
    Tock.showLastMove(view);
    paintChips(view);
    renderConfirm();
    const places = moves.flatMap((m) => Tock.places(m.to));
    if (pointed !== null) board.update(view, { lit: Tock.places(pointed.to), from: Tock.places(pointed.from), preview: steps(pointed) });
    else board.update(view, { lit: lit.length ? lit : places, from: moves.flatMap((m) => Tock.places(m.from)) });
  }

  /** A move's marbles as [from, to] pairs (the table lists its sources and destinations in step order). */
  const steps = (move) => Tock.places(move.from).map((from, i) => [from, Tock.places(move.to)[i]]).filter(([, to]) => to);

  /** The bar that plays the move pointed at: its words, "Play this move" and "Another move". */
  function renderConfirm() {
    const bar = bound("confirm");
    bar.hidden = pointed === null;
    document.body.classList.toggle("confirming", pointed !== null);
    if (pointed !== null) bound("confirm-text").textContent = yours(pick(pointed)) || pointed.move;
  }

  /** A move of this seat's in the second person, and what it played without the subject (common.js). */
  const yours = (sentence) => Tock.yours(view, sentence);
  const whatPlayed = (sentence) => Tock.whatPlayed(view, sentence);

  /** Show `move` on the board and wait for the confirmation; the board is scrolled into sight. */
  function point(move) {
    pointed = move;
    render();
    const frame = document.querySelector(".board-panel");
    const box = frame.getBoundingClientRect();
    const bar = bound("confirm").getBoundingClientRect();
    if (box.top < 0 || box.bottom > bar.top) frame.scrollIntoView({ block: "start" });
    Tock.centreOn(frame);  // a zoomed board shows the hole the move goes to
  }

  /** A move the table refused (the camera saw marbles where no legal move puts them), shown on the
      phone of the seat whose move it was: the reasons in words, and a small board with the holes the
      marbles go back to (lit) and the holes wrongly filled (red). */
  function renderProblem() {
    const problem = view.problem;
    const putBack = (problem && problem.put_back) || {};
    const mine = problem && (view.turn === view.seat || Object.values(putBack).includes(view.seat));
    bound("problem-panel").hidden = !mine;
    if (!mine) return;
    bound("problem-text").textContent = pick(problem);
    const unread = problem.unread || [];
    bound("unread-help").hidden = !unread.length;
    mini.update({ ...view, problem: null, last_move: null, highlight: [], leds: {} }, { back: Object.keys(putBack), wrong: problem.wrong || [], unread });
  }

  /** The table asks the seat to play which move the board shows (an ambiguous or uncertain reading). */
  function renderQuestion() {
    const question = myTurn() ? view.question : null;
    bound("question-panel").hidden = !question;
    if (!question) return;
    bound("question").textContent = pick(question);
    bound("question-moves").replaceChildren(...(question.moves || []).map((move) => el("li", {},
      Tock.moveButton(view, move, { onclick: () => playMove(move) }))));
  }

  function renderMoves() {
    const panel = bound("moves-panel");
    panel.hidden = card === null;
    if (card === null) return;
    const list = bound("moves");
    // pointing at a move before playing it is for moves; a card given or discarded has one button
    bound("point-help").hidden = mode() !== "play";
    if (mode() === "exchange" || mode() === "discard") {
      const action = mode() === "exchange" ? "give" : "discard";
      bound("moves-title").textContent = `${t(action)}${colon}${cardName(card)}`;
      list.replaceChildren(el("li", {}, el("button", { type: "button", class: "button big", dataset: { action }, onclick: () => act(action) }, `${t(action)} ${cardName(card)}`)));
      return;
    }
    bound("moves-title").textContent = `${t("moves_of")} ${cardName(card)}`;
    if (!myTurn() && view.phase === "play") {
      // the moves of a card depend on the board when the turn comes: they are asked for then
      list.replaceChildren(el("li", { class: "muted" }, t("moves_on_your_turn")));
      return;
    }
    list.replaceChildren(...(moves.length ? moves.map((move) => el("li", {},
      Tock.moveButton(view, move, {
        disabled: !myTurn(),
        "aria-pressed": pointed !== null && pointed.move === move.move ? "true" : "false",
        onclick: () => point(move),
      }),
    )) : [el("li", { class: "muted" }, t("no_move"))]));
    for (const button of list.querySelectorAll("button.move")) {
      const move = moves.find((m) => m.move === button.dataset.move);
      // a mouse pointing at a move shows it for as long as it stays there (a finger taps instead)
      const show = (event) => {
        if (pointed !== null || (event.pointerType && event.pointerType !== "mouse")) return;
        board.update(view, { lit: Tock.places(move.to), from: Tock.places(move.from), preview: steps(move) });
      };
      button.addEventListener("pointerenter", show);
      button.addEventListener("pointerleave", () => { if (pointed === null) render(); });
    }
  }

  async function tapCard(text) {
    pointed = null;
    if (card === text) {
      card = null; moves = []; lit = [];
      render();
      return;
    }
    card = text; moves = []; lit = [];
    render();
    await askMoves();
  }

  let asked = null;   // the card named to the table for this turn
  /** On this seat's turn, name the card tapped to the table (the LEDs light its moves' destinations).
   * Its legal moves come with the seat's view (``playable``): the table is asked for them only when the
   * view does not hold them. */
  async function askMoves() {
    if (card === null || mode() !== "play" || !myTurn()) {
      asked = null;
      return;
    }
    const text = card;
    asked = text;
    const held = (view.playable || {})[text];
    if (held) {
      moves = held;
      showMoves(text);
    }
    let answer = null;
    try {
      answer = await api("POST", `${base}/choose`, { card: text });
    } catch (error) {
      answer = null;
    }
    if (held || card !== text) return;
    moves = (answer && answer.moves) || [];
    showMoves(text);
  }

  /** A card with one move shows it at once on the board: one tap on "Play" plays it. */
  function showMoves(text) {
    if (card === text && moves.length === 1) point(moves[0]);
    else {
      render();
      Tock.centreOn(document.querySelector(".board-panel"));  // a zoomed board shows the holes lit
    }
  }

  /** Play `move`. The card's moves give way at once, within the tap, so that the board settles while
      the table answers instead of jumping up under the player's eyes when it does; a refusal shows the
      card's moves again with the reason. */
  async function playMove(move) {
    const chosen = { card, moves };
    card = null; moves = []; lit = []; pointed = null;
    render();
    try {
      const answer = await api("POST", `${base}/play`, { move: move.move });
      Tock.toast(`${t("played")}${colon}${whatPlayed(pick(answer)) || answer.move}`, "info");
    } catch (error) {
      ({ card, moves } = chosen);
      render();
      const reasons = error.body && error.body.violations;
      if (reasons) board.update(view, { wrong: reasons.flatMap((v) => v.places || []) });
    }
  }

  async function act(action) {
    const path = action === "give" ? "exchange" : "discard";
    const chosen = card;
    card = null; moves = [];
    render();  // within the tap, as a move played (playMove)
    try {
      await api("POST", `${base}/${path}`, { card: chosen });
      Tock.toast(`${t(action === "give" ? "given" : "discarded")}${colon}${cardName(chosen)}`, "info");
    } catch (error) {
      card = chosen;  // the toast says why; the card stays chosen
      render();
    }
  }

  /* The guided game, on the seat's own page: on each of its turns the companion's strong player
     suggests a move (a search of a second or more: the box says it is thinking meanwhile); tapped, the
     move is shown on the board like any other, and played once confirmed. Remembered on this phone. */
  const GUIDED_KEY = "tock-guided";
  const guided = document.querySelector("[data-action=guided]");
  let suggested = null;   // the turn (log length) whose suggestion is shown or asked

  async function suggest() {
    const box = bound("suggestion");
    if (!guided.checked || gone) {
      box.replaceChildren();
      suggested = null;
      return;
    }
    if (!myTurn()) {
      box.replaceChildren(el("p", { class: "muted" }, t("guided_wait")));
      suggested = null;
      return;
    }
    const turn = (view.log || []).length;
    if (suggested === turn) return;
    suggested = turn;
    box.replaceChildren(el("p", { class: "muted thinking", role: "status" }, t("guided_thinking")));
    let hints = [];
    try {
      hints = await api("GET", `${base}/hints?suggest=1`);
    } catch (error) {
      box.replaceChildren();
      return;
    }
    if (suggested !== turn) return;  // the turn moved on while the companion was thinking
    const best = hints.find((h) => h.suggested);
    if (!best || /discard/.test(best.move)) {
      box.replaceChildren(el("p", {}, t("guided_discard_here")));
      return;
    }
    box.replaceChildren(el("p", {}, t("guided_see")),
      Tock.moveButton(view, best, { onclick: () => showSuggestion(best) }, "suggested"),
      el("p", { class: "why" }, pick(best.why || {})));
  }

  /** The suggested move tapped: its card chosen, and the move shown on the board for confirmation. */
  async function showSuggestion(best) {
    pointed = null;
    card = best.card;
    moves = [];
    render();
    await askMoves();
    const move = moves.find((m) => m.move === best.move);
    if (move) point(move);
  }

  try { guided.checked = localStorage.getItem(GUIDED_KEY) === "on"; } catch (error) { /* private mode */ }
  // while on, the suggestion's box keeps the room a suggestion takes, so that nothing below it moves
  // when the companion's answer comes
  const roomFor = () => bound("suggestion").classList.toggle("guided-on", guided.checked);
  roomFor();
  guided.addEventListener("change", () => {
    try { localStorage.setItem(GUIDED_KEY, guided.checked ? "on" : "off"); } catch (error) { /* private mode */ }
    roomFor();
    suggest();
  });

  function linkGone(error) {
    gone = true;
    document.querySelector(".layout-seat").replaceChildren(el("section", { class: "panel error-page" }, el("p", { class: "error-message" }, t("link_gone")), el("p", { class: "muted" }, pick(error))));
  }

  /* A lit hole tapped on the board shows the move that ends there; tapped again, the next move ending
     there (a 7 split or two marbles reaching the same hole). */
  board.onTap((place) => {
    if (mode() !== "play" || !myTurn()) return;
    const ending = moves.filter((m) => Tock.places(m.to).includes(place));
    if (!ending.length) return;
    const at = pointed === null ? -1 : ending.findIndex((m) => m.move === pointed.move);
    point(ending[(at + 1) % ending.length]);
  });
  document.querySelector("[data-action=confirm-move]").addEventListener("click", () => { if (pointed) playMove(pointed); });
  document.querySelector("[data-action=cancel-move]").addEventListener("click", () => {
    pointed = null;
    render();
    bound("moves-panel").scrollIntoView({ block: "nearest" });
  });

  const chime = document.querySelector("[data-action=chime]");
  chime.checked = Tock.chimeOn();
  chime.addEventListener("change", () => {
    Tock.setChime(chime.checked);
    if (chime.checked) Tock.yourTurn();  // heard once now: the tap also lets the page play sound later
  });

  document.querySelector("[data-action=end-turn]").addEventListener("click", () => api("POST", `${base}/end_turn`, {}).catch(() => {}));
  document.querySelector("[data-action=undo]").addEventListener("click", () => api("POST", `${base}/undo`, {})
    .then((answer) => Tock.toast(pick(answer) || `${t("undone")}${colon}${answer.undone || ""}`, "info"))
    .catch(() => {}));

  /** A new view: when this seat's turn has just come with a card already tapped, its moves are asked
      for at once (a second tap is not needed). */
  function onView(next) {
    const wasMine = myTurn();
    view = next;
    if (!myTurn()) asked = null;
    if (myTurn() && card !== null && asked !== card) {
      moves = [];
      askMoves();
    }
    if (!wasMine && myTurn()) Tock.yourTurn();
    render();
    suggest();
  }

  render();
  suggest();
  live(`/events/seat/${encodeURIComponent(token)}`, onView, linkGone);
})();
