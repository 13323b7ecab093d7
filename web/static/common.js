/* Tock: what every page shares. The page's words and first view come as JSON in the page; requests go
   to the JSON API; live updates come by server-sent events (the browser reconnects by itself when the
   server ends a stream). Text from the server is always set with textContent, never as HTML. */
"use strict";

const Tock = (() => {
  const readJson = (id) => JSON.parse(document.getElementById(id).textContent);
  const words = readJson("tock-i18n");
  const page = readJson("tock-page");
  const lang = page.lang;
  const cardWords = readJson("tock-cards");

  /** A card in words in the page's language ("le 8 de carreau", "the Ace of hearts"; a value alone for
      real cards), from the engine's own words sent with the page; an unknown text is shown as it is. */
  const cardName = (text) => {
    text = String(text || "");
    if (text === "JOKER") return cardWords.joker;
    const suit = cardWords.suits[text.slice(-1)];
    const rank = cardWords.ranks[suit ? text.slice(0, -1) : text];
    if (!rank) return text;
    return suit ? rank.the + suit : rank.a;
  };

  /** The word `key` of the page's language. */
  const t = (key) => words[key] || key;

  /** Pick the page's language from an object carrying `fr` and `en`, seats said as the page says
      them (`spoken`). */
  const pick = (obj) => {
    if (!obj) return "";
    const said = obj[lang] ? lang : obj.fr ? "fr" : "en";
    return spoken(obj[said] || "", said);
  };

  /** Create an element: el("li", {class: "x", dataset: {place: "A1"}}, "text", child...). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === "dataset") Object.assign(node.dataset, value);
      else if (name === "onclick") node.addEventListener("click", value);
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  const $ = (selector, root) => (root || document).querySelector(selector);
  const bound = (name) => document.querySelector(`[data-bind="${name}"]`);

  let toastTimer = null;
  /** Show a short message (an error's reason, a confirmation). */
  function toast(message, kind) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.className = "toast " + (kind || "error");
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, kind === "info" ? 2500 : 4000);
  }

  /** Call the JSON API; a refusal shows its reason and rejects with the error body. */
  async function api(method, url, body) {
    const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (error) {
      toast(t("live_lost"));
      throw error;
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      toast(pick(data) || `${t("error")} ${response.status}`);
      const error = new Error(data.error || String(response.status));
      error.body = data;
      throw error;
    }
    return data;
  }

  /** Follow a live stream: `onView(view)` at once and after every change; `onGone(error)` when the
      server says this link is no longer valid. A banner appears only when the stream stays down. */
  function live(url, onView, onGone) {
    const banner = document.getElementById("live-status");
    let alive = Date.now();
    let current = null;
    const source = new EventSource(url);
    source.addEventListener("open", () => { alive = Date.now(); banner.hidden = true; });
    const show = (view) => {
      alive = Date.now();
      banner.hidden = true;
      current = view;
      follow(view);
      onView(view);
    };
    // a stream starts with the whole view, then sends only what changed: the keys that changed, and
    // the log's new lines (log_add)
    source.addEventListener("view", (event) => show(JSON.parse(event.data)));
    source.addEventListener("delta", (event) => {
      if (current === null) return;
      const { log_add: added, ...changed } = JSON.parse(event.data);
      const next = { ...current, ...changed };
      if (added) next.log = (current.log || []).concat(added);
      show(next);
    });
    source.addEventListener("gone", (event) => {
      source.close();
      if (onGone) onGone(JSON.parse(event.data));
    });
    setInterval(() => {
      banner.hidden = source.readyState === EventSource.OPEN || Date.now() - alive < 10000;
    }, 2000);
    return source;
  }

  /** The seat of `view.seats` with letter `seat`. */
  const seatOf = (view, seat) => (view.seats || []).find((s) => s.seat === seat);

  /** A name nobody typed ("Joueur A", "Computer B") in the page's language; a typed name as it is. */
  const DEFAULT_NAME = /^(Joueur|Ordinateur|Player|Computer) ([A-H])$/;
  const shownName = (name) => {
    const found = DEFAULT_NAME.exec(name || "");
    if (!found) return name;
    const computer = found[1] === "Ordinateur" || found[1] === "Computer";
    return `${t(computer ? "default_computer" : "default_person")} ${found[2]}`;
  };

  /* The table's sentences name a seat by its letter where the rules speak ("the marble in B's reserve",
     "dans la réserve de B", "It is not A's turn"), and so do the words of a marble's label ("la bille
     de B"): a page says the seat's name instead, as the board labels it ("in Bruno's reserve",
     "d'Ana"), and on a seat's own pages "your" ("votre réserve", "à vous de jouer"); the player to
     play is told a marble "is not yours". A name nobody typed keeps its letter ("Computer B's"),
     which is left as it is. */
  let known = { seats: (page.view && page.view.seats) || [], turn: page.view ? page.view.turn : null };
  const reader = page.token && page.view ? page.view.seat : null;
  /** Keep the latest view's seats and turn, for the sentences said from now on. */
  const follow = (view) => { if (view && view.seats) known = { seats: view.seats, turn: view.turn }; };
  const nameOf = (seat) => {
    const info = known.seats.find((s) => s.seat === seat);
    return info && info.name ? shownName(info.name) : seat;
  };
  /** French "de Bruno", "d'Ana" (elided before a vowel). */
  const ofName = (name) => (/^[aeiouyéèêàâîôû]/i.test(name) ? `d'${name}` : `de ${name}`);
  const TYPED = "(?<!(?:Joueur|Ordinateur|Player|Computer) )";
  const STARTS = "(?<=^|[.:;] )";
  const SEAT_FR = new RegExp(`${TYPED}(?:\\b(la|sa) (réserve|maison|case de départ|bille) de ([A-H])|\\bdu côté de ([A-H])`
    + `|\\bau tour de ([A-H]) de jouer|\\bde ([A-H])|${STARTS}([A-H]) (n'a pas|doit))(?![\\wÀ-ÿ'’])`, "g");
  const SEAT_EN = new RegExp(`${TYPED}(?:\\b([A-H])'s\\b|${STARTS}([A-H]) (has|must)\\b)`, "g");
  const YOU = { "n'a pas": "Vous n'avez pas", doit: "Vous devez", has: "You have", must: "You must" };
  function spoken(text, said) {
    const mine = (seat) => reader !== null && seat === reader;
    const out = said === "fr"
      ? text.replace(SEAT_FR, (all, article, place, s1, s2, s3, s4, s5, verb) => {
        if (s1) return mine(s1) ? `votre ${place}` : `${article} ${place} ${ofName(nameOf(s1))}`;
        if (s2) return mine(s2) ? "de votre côté" : `du côté ${ofName(nameOf(s2))}`;
        if (s3) return mine(s3) ? "à vous de jouer" : `au tour ${ofName(nameOf(s3))} de jouer`;
        if (s4) return ofName(nameOf(s4));
        return mine(s5) ? YOU[verb] : `${nameOf(s5)} ${verb}`;
      })
      : text.replace(SEAT_EN, (all, s1, s2, verb) => {
        if (s1) return mine(s1) ? "your" : `${nameOf(s1)}'s`;
        return mine(s2) ? YOU[verb] : `${nameOf(s2)} ${verb}`;
      });
    // a name the table put in a French sentence as it is ("au tour de Ana") is elided as French does
    const elided = said === "fr" ? known.seats.reduce((text, seat) => {
      const name = seat.name ? shownName(seat.name) : "";
      return name && ofName(name).startsWith("d'") ? text.split(`de ${name}`).join(ofName(name)) : text;
    }, out) : out;
    if (reader === null) return elided;
    // the table names the seat that played out of turn: on that seat's phone, it is "you"
    const own = nameOf(reader);
    const addressed = elided.replace(`au tour ${ofName(own)} de jouer`, "à vous de jouer").replace(`not ${own}'s turn`, "not your turn");
    if (known.turn !== reader) return addressed;
    return addressed.replace("n'est pas à la personne qui joue", "n'est pas à vous").replace("is not the player's own", "is not yours");
  }

  /* Holes are said as the board shows them, never by their ids, which players do not see on the
     wooden board. The engine says them the same way in the table's sentences (place_at in
     firmware_py/engine/violations.py); the pages word them here rather than being sent the words,
     since they name the seats as they know them at the moment (names typed since, "your" on a seat's
     own pages, the seats of a replayed game) and the calibration page has no board to carry them.
     tests/web/test_board_words.py holds the two to each other for every hole of the 4- and 6-seat
     boards, in both languages. */
  const PLACE_ID = /^([A-H])(H|R)?([1-9][0-9]?)$/;
  const START_CELL = 18;   // firmware_py.engine.board.START_CELL
  const CENTRE = "CIEL";   // firmware_py.engine.board.CENTRE

  /** Where the hole `place` is, seats by letter, in the engine's words: "dans la réserve de B", "on
      A's start cell", "au centre", "on cell 15 of A's side". */
  function placeAt(place) {
    const fr = lang === "fr";
    if (place === CENTRE) return fr ? "au centre" : "in the centre";
    const found = PLACE_ID.exec(place);
    if (!found) return place;
    const [, seat, kind, digits] = found;
    const number = Number(digits);
    if (kind === "R") return fr ? `dans la réserve de ${seat}` : `in ${seat}'s reserve`;
    if (kind === "H") return fr ? `dans la maison de ${seat}` : `in ${seat}'s home`;
    if (number === START_CELL) return fr ? `sur la case de départ de ${seat}` : `on ${seat}'s start cell`;
    return fr ? `sur la case ${number} du côté de ${seat}` : `on cell ${number} of ${seat}'s side`;
  }

  /** Where `place` is, in the page's language, seats named as the page names them: "in Bruno's
      reserve", "sur la case 15 du côté d'Ana", "on your start cell" on the seat's own pages. */
  const placeWords = (place) => spoken(placeAt(place), lang);

  /** A marble of `seat`'s on `place`, as its label says it: "Ana's marble, on cell 15 of Bruno's
      side", "la bille d'Ana, dans la réserve d'Ana", "your marble, in your home" on Ana's own pages. */
  const marbleWords = (seat, place) =>
    spoken(`${lang === "fr" ? `la bille de ${seat}` : `${seat}'s marble`}, ${placeAt(place)}`, lang);

  /** A seat's name for sentences ("Alice"; a default name in the page's language). */
  const seatName = (view, seat) => {
    const info = seatOf(view, seat);
    return info && info.name ? shownName(info.name) : seat || "—";
  };

  /** The verbs of a move's sentence as its own player is told it: the table words a move for everyone
      ("Ana joue le 7 de cœur : …"); on Ana's own pages (her seat, her Learn page) it is "Vous jouez le
      7 de cœur : …", as everything else there speaks to her. */
  const YOU_PLAY = lang === "fr"
    ? [["joue ", "Vous jouez "], ["défausse ", "Vous défaussez "], ["pose sa main", "Vous posez votre main"]]
    : [["plays ", "You play "], ["discards ", "You discard "], ["lays the hand down", "You lay your hand down"]];

  /** `sentence` (a move of `view.seat`'s, worded by the table) in the second person; any other
      sentence as it is. */
  function yours(view, sentence) {
    const own = `${seatName(view, view.seat)} `;
    const found = YOU_PLAY.find(([verb]) => sentence.startsWith(own + verb));
    return found ? found[1] + sentence.slice(own.length + found[0].length) : sentence;
  }

  /** What `view.seat` played, for the toast that says it was played: its sentence without the subject
      ("Coup joué : le 7 de cœur : …"), so the player is never named to herself. */
  function whatPlayed(view, sentence) {
    const said = yours(view, sentence);
    const found = YOU_PLAY.find(([, you]) => said.startsWith(you));
    return found && found[1].endsWith(" ") ? said.slice(found[1].length) : said;
  }

  /** Where the card is named in `said`, a move's sentence: [start, end], or null. A move of the
      reader's says it right after the verb ("Vous jouez l'as de cœur : sort un pion", "You discard
      the 9 of hearts"), however the table worded the card; any other sentence is searched for it. */
  function cardSaid(said, card) {
    const you = YOU_PLAY.find(([, verb]) => verb.endsWith(" ") && said.startsWith(verb));
    if (you) {
      const start = you[1].length;
      const end = said.indexOf(colon, start);
      return [start, end < 0 ? said.length : end];
    }
    const name = card ? cardName(card) : "";
    const start = name ? said.indexOf(name) : -1;
    return start < 0 ? null : [start, start + name.length];
  }

  /** The words of a button that offers `move` ({move, fr, en, card?}) to `view.seat`: its sentence in
      the second person with the card's name in bold where the sentence says it ("Vous jouez **l'as de
      cœur** : sort un pion"), so that a newcomer reads one sentence naming the card once. Words that
      do not name the card are led by it; with no words at all, the card (or the notation) alone. */
  function moveWords(view, move) {
    const notation = String((move && move.move) || "");
    const card = (move && move.card) || notation.split(":")[0];
    const said = yours(view, pick(move));
    const words = (...parts) => el("span", { class: "move-words" }, ...parts);
    const bold = (text) => el("strong", {}, text);
    const at = said ? cardSaid(said, card) : null;
    if (at && at[1] > at[0]) return words(said.slice(0, at[0]), bold(said.slice(...at)), said.slice(at[1]));
    if (!card) return words(said || notation);
    return said ? words(bold(cardName(card)), " ", said) : words(bold(cardName(card)));
  }

  /** A button that offers `move` to `view.seat`: its words (see moveWords) and its notation beside
      them, as every page offers moves; `attrs` are the button's own (onclick, disabled...), `extra` more
      classes ("suggested"). */
  const moveButton = (view, move, attrs = {}, extra = "") => el("button",
    { type: "button", class: `button move${extra ? " " + extra : ""}`, dataset: { move: move.move }, ...attrs },
    moveWords(view, move), el("code", { class: "notation" }, move.move));

  /** The last move's sentence: two lines at most (tock.css), the whole of it as the hint and in the log. */
  function showLastMove(view) {
    const line = bound("last-move");
    line.textContent = line.title = view.last_move ? pick(view.last_move) || view.last_move.text : "—";
  }

  /** The winners' names: the table gives the winning seats as one text of letters ("BD" for a team). */
  const winnerNames = (view) => [...String(view.winner || "")].map((seat) => seatName(view, seat)).join(", ");

  /** A small round chip of a seat's colour. */
  const chip = (colour) => {
    const span = el("span", { class: "chip" });
    if (colour) span.style.backgroundColor = colour;
    return span;
  };

  /** Colour the chips rendered by the server (data-seat-chip) with the seats' colours. */
  function paintChips(view) {
    for (const node of document.querySelectorAll("[data-seat-chip]")) {
      const info = seatOf(view, node.dataset.seatChip);
      if (info) node.style.backgroundColor = info.colour;
    }
  }

  let lastNotice = "";
  /** Show the table's short notice (a button pressed at the wrong time, the camera lost) once. */
  function notice(view) {
    const text = pick(view.notice);
    if (text && text !== lastNotice) toast(text, "info");
    lastNotice = text;
  }

  /** Fill a banner with `text`, or hide it when there is none. Banners live in a strip of fixed
      height above the board, so that showing one never moves the board. */
  function banner(name, text) {
    const node = bound(name);
    if (!node) return;
    node.hidden = !text;
    node.textContent = text || "";
  }

  /** Show the camera's state in words in the element bound to `name`: its mode and what it sees. The
      detail comes from vision in English: it is shown on an English page, and kept as the hint
      (title) on a French one. */
  function showCamera(name, camera, none) {
    const node = bound(name);
    if (!node) return;
    camera = camera || {};
    const detail = typeof camera.message === "string" ? camera.message : pick(camera.message);
    const parts = [
      words["camera_mode_" + camera.mode] || camera.mode,
      words["camera_" + camera.status] || camera.status,
      lang === "en" || typeof camera.message !== "string" ? detail : "",
    ];
    node.textContent = parts.filter((x) => x && typeof x === "string").join(" · ") || none;
    node.title = detail || "";
  }

  /** Places given as one id, a list of ids, or nothing, as a list (a move's `from` and `to`). */
  const places = (value) => [].concat(value || []);

  /** French sets a space before a colon, English does not ("Tour : Ana" / "Turn: Ana"). */
  const colon = lang === "fr" ? " : " : ": ";

  /** The phase in words. */
  const phaseText = (phase) => (phase ? words["phase_" + phase] || phase : "");

  /** The board's shape, to reload the page when a new game uses another board. */
  const boardKey = (view) => {
    const board = view.board || { sections: view.sections };
    return [board.model, board.sections, board.home_entry_after, board.shortcut_cell, board.centre].join("|");
  };

  /** It is this seat's turn: the phone vibrates where the browser allows it, and chimes if the player
      turned the chime on (remembered on this phone). */
  const CHIME_KEY = "tock-chime";
  const chimeOn = () => { try { return localStorage.getItem(CHIME_KEY) === "on"; } catch (error) { return false; } };
  const setChime = (on) => { try { localStorage.setItem(CHIME_KEY, on ? "on" : "off"); } catch (error) { /* private mode */ } };
  let audio = null;
  function yourTurn() {
    if (typeof navigator.vibrate === "function") {
      try { navigator.vibrate([120, 80, 120]); } catch (error) { /* refused without a tap first */ }
    }
    if (!chimeOn()) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const now = audio.currentTime;
      for (const [i, pitch] of [660, 880].entries()) {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = pitch;
        gain.gain.setValueAtTime(0.0001, now + i * 0.18);
        gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.18 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.3);
        tone.connect(gain).connect(audio.destination);
        tone.start(now + i * 0.18);
        tone.stop(now + i * 0.18 + 0.32);
      }
    } catch (error) { /* no sound on this browser */ }
  }

  /* On a phone the whole board is too small to tap a hole surely: "Zoom" shows it larger (every hole
     drawn at least 44 px across, its tap zone wider still), the frame brought onto the screen and
     scrolled to what matters now: the lit holes, else the seat's own marbles, else the middle of the
     board. The button then says how to go back. */
  for (const button of document.querySelectorAll("[data-action=zoom]")) {
    button.addEventListener("click", () => {
      const panel = button.closest(".board-panel");
      const svg = panel.querySelector("svg.board");
      if (!panel.classList.contains("zoomed")) svg.style.width = `${Math.ceil(100 * zoomFactor(svg))}%`;
      const zoomed = panel.classList.toggle("zoomed");
      button.setAttribute("aria-pressed", String(zoomed));
      button.textContent = t(zoomed ? "whole_board" : "zoom_board");
      centreOn(panel);
    });
  }

  /** The tap zone the zoomed board gives its smallest hole, in px (44 px at least, and some room). */
  const REACH = 48;
  /** The width the zoomed board draws its smallest hole with, in px (44 px at least, and some room). */
  const DRAWN = 46;

  /** How much larger than now `svg` is drawn zoomed: enough for the smallest hole's tap zone to reach
      REACH and its circle DRAWN. board.js sends a tap to the nearest hole within 2.5 radii, so a zone
      is as wide as the nearer of the nearest neighbour and five radii. */
  function zoomFactor(svg) {
    const holes = [...svg.querySelectorAll(".hole")].map((h) => ["cx", "cy", "r"].map((a) => Number(h.getAttribute(a))));
    let reach = Infinity;
    let radius = Infinity;
    for (const [x, y, r] of holes) {
      reach = Math.min(reach, 5 * r);
      radius = Math.min(radius, r);
      for (const [x2, y2] of holes) {
        const d = Math.hypot(x2 - x, y2 - y);
        if (d > 0 && d < reach) reach = d;
      }
    }
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Math.max(REACH / (reach * scale), DRAWN / (2 * radius * scale));
  }

  /** On a zoomed board, bring its frame onto the screen (below the top bar) and scroll the board in it
      so that the lit holes sit in its middle, each whole: as many as the frame holds, in the order the
      board draws them (the move pointed at is the only one lit). Nothing to do on a whole board. */
  function centreOn(panel) {
    if (!panel || !panel.classList.contains("zoomed")) return;
    const frame = panel.querySelector(".board-scroll");
    const svg = frame.querySelector("svg.board");
    const top = document.querySelector(".topbar");
    const below = top ? top.getBoundingClientRect().bottom : 0;
    let rect = frame.getBoundingClientRect();
    if (rect.top < below || rect.bottom > window.innerHeight) window.scrollBy(0, rect.top - below - 4);
    rect = frame.getBoundingClientRect();
    // the frame's inside, its scroll bars left out
    const area = { x: rect.left + frame.clientLeft, y: rect.top + frame.clientTop, width: frame.clientWidth, height: frame.clientHeight };
    const mine = page.view && page.token ? `.marble[data-seat="${page.view.seat}"]` : null;
    let spots = [...svg.querySelectorAll(".hole.lit")];
    if (!spots.length && mine) spots = [...svg.querySelectorAll(mine)];
    let box = null;
    for (const node of spots) {
      const b = node.getBoundingClientRect();
      const grown = box === null ? { left: b.left, top: b.top, right: b.right, bottom: b.bottom }
        : { left: Math.min(box.left, b.left), top: Math.min(box.top, b.top), right: Math.max(box.right, b.right), bottom: Math.max(box.bottom, b.bottom) };
      if (box === null || (grown.right - grown.left <= area.width - 8 && grown.bottom - grown.top <= area.height - 8)) box = grown;
    }
    const whole = svg.getBoundingClientRect();
    const [x, y] = box ? [(box.left + box.right) / 2, (box.top + box.bottom) / 2] : [whole.x + whole.width / 2, whole.y + whole.height / 2];
    // the browser stops the scroll at the board's edges, where a hole of the edge is still whole
    frame.scrollLeft += x - (area.x + area.width / 2);
    frame.scrollTop += y - (area.y + area.height / 2);
  }

  // every page's script has drawn its first view once the document is parsed: show the page then
  document.addEventListener("DOMContentLoaded", () => document.body.classList.remove("loading"));

  return { centreOn, follow, say: (text) => spoken(text, lang), yourTurn, chimeOn, setChime, cardName, shownName, placeWords, marbleWords, t, pick, el, $, bound, toast, notice, banner, showCamera, places, api, live, seatOf, seatName, yours, whatPlayed, moveButton, showLastMove, winnerNames, chip, paintChips, phaseText, boardKey, page, lang, colon };
})();
