/* The board drawn by the server as SVG (one circle per place id); this script puts the marbles on it,
   mirrors the LEDs' colours, and marks legal destinations, the last move (with an arrow per marble
   moved) and misplaced marbles.
   Taps go to the nearest hole, so that small holes on a phone are still easy to hit. */
"use strict";

class TockBoard {
  constructor(svg) {
    this.svg = svg;
    this.holes = new Map();
    for (const hole of svg.querySelectorAll(".hole")) this.holes.set(hole.dataset.place, hole);
    this.leds = new Map();
    for (const led of svg.querySelectorAll(".led")) this.leds.set(led.dataset.led, led);
    this.marbles = svg.querySelector(".marbles");
    this.marks = svg.querySelector(".marks");
    this.layout = {};
    this.view = null;
  }

  /** Draw `view` (public or seat view); `extra` = {lit: [places], selected: place, wrong: [places],
      back: [places a marble goes back to], unread: [places the camera could not read, to check],
      preview: [[from, to], ...]} (a move shown before it is played: a dashed arrow per marble and the
      marble drawn faintly where it would land). */
  update(view, extra) {
    extra = extra || {};
    this.view = view;
    this.layout = view.layout || {};
    const colours = {};
    for (const seat of view.seats || []) colours[seat.seat] = seat.colour;
    for (const hole of this.svg.querySelectorAll(".hole-start, .hole-home, .hole-reserve")) {
      const colour = colours[hole.dataset.seat];
      if (colour) hole.style.stroke = colour;
    }
    for (const label of this.svg.querySelectorAll(".seat-label")) {
      const seat = (view.seats || []).find((s) => s.seat === label.dataset.seat);
      const text = seat && seat.name ? `${seat.seat} · ${Tock.shownName(seat.name)}` : label.dataset.seat;
      if (label.textContent !== text) {
        label.textContent = text;
        this._fitLabel(label);
      }
      label.classList.toggle("seat-turn", view.turn === label.dataset.seat);
    }
    for (const [place, led] of this.leds) {
      const colour = (view.leds || {})[place];
      led.classList.toggle("led-on", Boolean(colour) && colour !== "#000000");
      led.style.fill = colour && colour !== "#000000" ? colour : "";
    }
    // a previewed move is shown alone: the other moves' lit holes (the table's LEDs) step aside
    this._classes("lit", [...((extra.preview || []).length ? [] : view.highlight || []), ...(extra.lit || [])]);
    this._classes("last", view.last_move ? view.last_move.places || [] : []);
    this._drawArrows(view.last_move ? view.last_move.steps || [] : [], extra.preview || []);
    this._classes("wrong", [...(view.problem ? view.problem.places || [] : []), ...(extra.wrong || [])]);
    this._classes("from", extra.from || []);
    this._classes("back", extra.back || []);
    // a refusal takes the holes the camera could not read as they were: ringed, to be checked by hand
    this._classes("unread", [...(view.problem ? view.problem.unread || [] : []), ...(extra.unread || [])]);
    this._drawMarbles(colours, extra.selected);
    this._drawGhosts(colours, extra.preview || []);
    // once a marble is chosen, every hole can be reached with Tab and chosen with Enter
    for (const hole of this.holes.values()) hole.setAttribute("tabindex", extra.selected ? "0" : "-1");
    this._nameHoles();
  }

  /** Each hole's tooltip, which is also its name when it has the keyboard focus, says it as the board
      shows it, with the seats' names of now (a lesson's example board, whose seats are no one's, has
      none: see _board.html). */
  _nameHoles() {
    for (const [place, hole] of this.holes) {
      const title = hole.querySelector("title");
      if (!title) continue;
      const said = Tock.placeWords(place);
      if (title.textContent !== said) title.textContent = said;
    }
  }

  /** A long name is squeezed to the room between its anchor and the board's edge (the 6-section
      board's side seats have little), instead of running off the picture. */
  _fitLabel(label) {
    label.removeAttribute("textLength");
    label.removeAttribute("lengthAdjust");
    const size = 1000;
    const margin = 6;
    const x = Number(label.getAttribute("x"));
    const anchor = label.getAttribute("text-anchor");
    const room = anchor === "end" ? x - margin : anchor === "start" ? size - x - margin : 2 * Math.min(x, size - x) - 2 * margin;
    if (room > 0 && label.getComputedTextLength() > room) {
      label.setAttribute("textLength", room.toFixed(1));
      label.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }

  _classes(name, places) {
    const wanted = new Set(places);
    for (const [place, hole] of this.holes) hole.classList.toggle(name, wanted.has(place));
  }

  /** An arrow from each marble's old hole to its new one (the last move), from rim to rim; the move
      previewed gets dashed arrows of its own. */
  _drawArrows(steps, preview) {
    const ns = "http://www.w3.org/2000/svg";
    this.marks.replaceChildren();
    const drawn = [...steps.map((step) => [step, "last-arrow"]), ...preview.map((step) => [step, "preview-arrow"])];
    for (const [[from, to], kind] of drawn) {
      const a = this.holes.get(from);
      const b = this.holes.get(to);
      if (!a || !b) continue;
      const [x1, y1, x2, y2] = [a, b].flatMap((hole) => [hole.getAttribute("cx"), hole.getAttribute("cy")].map(Number));
      const length = Math.hypot(x2 - x1, y2 - y1);
      if (length === 0) continue;
      const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
      const [ra, rb] = [a, b].map((hole) => Number(hole.getAttribute("r")) * 1.2);
      const arrow = document.createElementNS(ns, "line");
      arrow.setAttribute("class", kind);
      arrow.setAttribute("x1", (x1 + ux * ra).toFixed(1));
      arrow.setAttribute("y1", (y1 + uy * ra).toFixed(1));
      arrow.setAttribute("x2", (x2 - ux * rb).toFixed(1));
      arrow.setAttribute("y2", (y2 - uy * rb).toFixed(1));
      arrow.setAttribute("marker-end", `url(#${this.svg.querySelector("marker").id})`);
      arrow.dataset.from = from;
      arrow.dataset.to = to;
      this.marks.append(arrow);
    }
  }

  _drawMarbles(colours, selected) {
    const ns = "http://www.w3.org/2000/svg";
    const focused = document.activeElement && document.activeElement.classList && document.activeElement.classList.contains("marble")
      ? document.activeElement.dataset.place : null;
    this.marbles.replaceChildren();
    for (const [place, seat] of Object.entries(this.layout)) {
      const hole = this.holes.get(place);
      if (!hole) continue;
      const marble = document.createElementNS(ns, "circle");
      marble.setAttribute("cx", hole.getAttribute("cx"));
      marble.setAttribute("cy", hole.getAttribute("cy"));
      marble.setAttribute("r", String(parseFloat(hole.getAttribute("r")) * 1.05));
      marble.setAttribute("class", "marble" + (place === selected ? " selected" : ""));
      // reachable by keyboard: Tab to a marble, Enter or Space to choose it
      if (this.keyboard) {
        marble.setAttribute("tabindex", "0");
        marble.setAttribute("role", "button");
        marble.setAttribute("aria-label", Tock.marbleWords(seat, place));
      }
      marble.dataset.place = place;
      marble.dataset.seat = seat;
      marble.style.fill = colours[seat] || "#888";
      this.marbles.append(marble);
      if (place === focused) marble.focus();
    }
  }

  /** The marbles of a previewed move drawn faintly where they would land, their holes left ringed. */
  _drawGhosts(colours, preview) {
    const ns = "http://www.w3.org/2000/svg";
    for (const [from, to] of preview) {
      const hole = this.holes.get(to);
      const seat = this.layout[from] || this.layout[from + "1"];
      if (!hole) continue;
      const ghost = document.createElementNS(ns, "circle");
      ghost.setAttribute("cx", hole.getAttribute("cx"));
      ghost.setAttribute("cy", hole.getAttribute("cy"));
      ghost.setAttribute("r", String(parseFloat(hole.getAttribute("r")) * 1.05));
      ghost.setAttribute("class", "ghost");
      ghost.dataset.place = to;
      ghost.style.fill = colours[seat] || "#888";
      this.marbles.append(ghost);
    }
  }

  /** Call `callback(place, seatOfMarbleOrUndefined)` when a hole (or the marble on it) is tapped, or
      chosen with Enter or Space once focused (marbles then take the keyboard focus). */
  onTap(callback) {
    this.keyboard = true;
    this.svg.addEventListener("click", (event) => {
      if (this.dragged) { this.dragged = false; return; }
      const place = this.nearest(event.clientX, event.clientY);
      if (place) callback(place, this.layout[place]);
    });
    this.svg.addEventListener("keydown", (event) => {
      const place = event.target.dataset && event.target.dataset.place;
      if (!place || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      callback(place, this.layout[place]);
      // the hole keeps the focus, so that Tab goes on to the holes around it
      requestAnimationFrame(() => {
        const marble = this.marbles.querySelector(`[data-place="${place}"]`);
        const hole = this.holes.get(place);
        if (hole && hole.getAttribute("tabindex") === "0") hole.focus();
        else if (marble) marble.focus();
      });
    });
  }

  /** Call `callback(from, to)` when a marble is dragged from its hole to another (mouse, pen or
      finger): the same as a tap on the marble then a tap on the hole. */
  onDrag(callback) {
    let start = null;
    this.svg.addEventListener("pointerdown", (event) => {
      const place = this.nearest(event.clientX, event.clientY);
      start = place && this.layout[place] ? place : null;
    });
    this.svg.addEventListener("pointerup", (event) => {
      const from = start;
      start = null;
      if (!from) return;
      const to = this.nearest(event.clientX, event.clientY);
      if (to && to !== from) {
        this.dragged = true;   // the click that follows is this drag's end, not a tap
        callback(from, to);
      }
    });
    this.svg.addEventListener("pointercancel", () => { start = null; });
  }

  /** The place nearest a point of the screen, if it is within a finger's reach of that hole. */
  nearest(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    let best = null;
    let bestDistance = Infinity;
    for (const [place, hole] of this.holes) {
      const dx = parseFloat(hole.getAttribute("cx")) - point.x;
      const dy = parseFloat(hole.getAttribute("cy")) - point.y;
      const distance = Math.hypot(dx, dy);
      if (distance < bestDistance && distance <= parseFloat(hole.getAttribute("r")) * 2.5) {
        best = place;
        bestDistance = distance;
      }
    }
    return best;
  }
}
