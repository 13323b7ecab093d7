/* The set-up page: preset and every house-rule switch (the preset's defaults, each explained), number
   of seats and board, seats (names, colours, computer or person; teams follow the preset's switch),
   cards, camera, and the deck seed. The form posts
   the table's `new_game(settings)` as it is; the table checks each field and names the wrong one. */
"use strict";

(() => {
  const { t, pick, el, bound, api } = Tock;
  const options = JSON.parse(document.getElementById("tock-setup").textContent);
  const form = document.querySelector("[data-form=setup]");
  const current = options.current || {};
  const LETTERS = "ABCDEFGH";
  const LEVELS = ["easy", "medium", "strong"];

  const presets = options.presets || [];
  const models = options.models || [];
  const colours = options.colours || {};
  const presetOf = (name) => presets.find((p) => p.name === name) || presets[0] || { switches: [] };
  const modelOf = (name) => models.find((m) => m.model === name) || models[0] || { model: "tock4", sections: 4 };

  /** The seat counts the chosen preset allows, each with the board models it fits. */
  function seatCounts() {
    const allowed = presetOf(form.elements.preset.value).seat_counts;
    const counts = [];
    for (const model of models) {
      for (const count of (options.seat_counts || {})[model.model] || [model.sections]) {
        if ((!allowed || allowed.includes(count)) && !counts.includes(count)) counts.push(count);
      }
    }
    return counts.sort((a, b) => a - b);
  }

  /** The board models that take `count` seats. */
  const modelsFor = (count) => models.filter((m) => ((options.seat_counts || {})[m.model] || [m.sections]).includes(count));

  /** Where the engine seats `count` players: two face each other (A, C), otherwise A, B, C... in turn. */
  const seatLetters = (count) => (count === 2 ? ["A", "C"] : LETTERS.slice(0, count).split(""));

  function fillSelect(select, items, chosen) {
    select.replaceChildren(...items.map(([value, label]) => el("option", { value, selected: String(value) === String(chosen) }, label)));
  }

  /** An input for one house-rule switch: a checkbox, a list of choices said in words, a number, or a
      list as text. */
  function switchInput(sw, value, id) {
    if (typeof sw.value === "boolean") {
      return el("input", { type: "checkbox", id, dataset: { switch: sw.name, kind: "bool" }, checked: Boolean(value) });
    }
    if (Array.isArray(sw.choices)) {
      const input = el("select", { id, dataset: { switch: sw.name, kind: typeof sw.value } });
      // each choice in words, without the switch's name that its label above already says
      const words = (c) => {
        const sentence = pick((sw.sentences || {})[String(c).toLowerCase()]) || String(c);
        const cut = sentence.indexOf(Tock.colon);
        return cut > 0 && typeof sw.value !== "boolean" ? sentence.slice(cut + Tock.colon.length).replace(/\.$/, "") : sentence;
      };
      fillSelect(input, sw.choices.map((c) => [c, words(c)]), value);
      return input;
    }
    if (typeof sw.value === "number") {
      return el("input", { type: "number", id, value, dataset: { switch: sw.name, kind: "number" } });
    }
    const text = Array.isArray(value) ? value.join(", ") : value === null || value === undefined ? "" : String(value);
    // A list keeps the kind of its items: numbers (seat counts) or words (card ranks such as "2").
    const kind = !Array.isArray(sw.value) ? "text" : sw.value.every((x) => typeof x === "number") && sw.value.length ? "numbers" : "words";
    return el("input", { id, value: text, dataset: { switch: sw.name, kind } });
  }

  /** A switch's sentence for the value its input holds now (it follows every change). */
  function sentenceOf(sw, input) {
    const value = input.type === "checkbox" ? String(input.checked) : String(input.value).toLowerCase();
    const known = pick((sw.sentences || {})[value]);
    if (known) return known;
    const label = pick(sw.label) || sw.name;
    return `${label.charAt(0).toUpperCase()}${label.slice(1)}${Tock.colon}${input.value}.`;
  }

  /** One house rule: its control and the sentence that says what it does with its current value. */
  function switchItem(sw, value) {
    const id = `switch-${sw.name}`;
    const input = switchInput(sw, value, id);
    const sentence = el("span", { class: "switch-sentence", dataset: { sentenceOf: sw.name } });
    const say = () => { sentence.textContent = sentenceOf(sw, input); };
    input.addEventListener("change", say);
    input.addEventListener("input", say);
    say();
    const when = sw.shown_when ? { shownWhen: `${sw.shown_when.switch}=${sw.shown_when.value}` } : {};
    if (input.type === "checkbox") return el("div", { class: "switch-item", dataset: when }, el("label", { for: id, class: "switch" }, input, " ", sentence));
    const label = pick(sw.label) || sw.name;
    const row = el("div", { class: "switch-field" }, el("label", { for: id }, `${label.charAt(0).toUpperCase()}${label.slice(1)}`), input);
    return el("div", { class: "switch-item", dataset: when }, row, input.tagName === "SELECT" ? null : el("p", {}, sentence));
  }

  /** Hide a switch that means nothing with the others' values (the centre's cards without a centre). */
  function showWhen() {
    for (const item of bound("switches").querySelectorAll("[data-shown-when]")) {
      const [other, value] = item.dataset.shownWhen.split("=");
      const control = bound("switches").querySelector(`[data-switch="${other}"]`);
      item.hidden = Boolean(control) && String(control.value) !== value;
    }
  }

  function renderSwitches() {
    const preset = presetOf(form.elements.preset.value);
    bound("preset-text").textContent = pick(preset.who);
    const chosen = current.preset === preset.name ? current.switches || {} : {};
    const switches = preset.switches || [];
    bound("switches").replaceChildren(...(options.groups || [{ key: "advanced", fr: "", en: "" }]).map((group) => {
      const items = switches.filter((sw) => (sw.group || "advanced") === group.key)
        .map((sw) => switchItem(sw, sw.name in chosen ? chosen[sw.name] : sw.value));
      if (!items.length) return null;
      const title = pick(group);
      return group.folded
        ? el("details", { class: "switch-group", dataset: { group: group.key } }, el("summary", {}, title), ...items)
        : el("fieldset", { class: "switch-group", dataset: { group: group.key } }, el("legend", {}, title), ...items);
    }).filter(Boolean));
    showWhen();
    renderCounts();
  }

  /** The count a sheet allows nearest above `wanted` (2 people moving to a sheet of 4 or 6 get 4). */
  const nearest = (counts, wanted) => counts.find((c) => c >= wanted) || counts[counts.length - 1];

  function renderCounts() {
    const counts = seatCounts();
    const wanted = Number(form.elements.seat_count.value) || (current.seats || []).length || 4;
    fillSelect(form.elements.seat_count, counts.map((c) => [c, String(c)]), counts.includes(wanted) ? wanted : nearest(counts, wanted));
    renderModels();
  }

  function renderModels() {
    const count = Number(form.elements.seat_count.value);
    const fitting = modelsFor(count);
    const wanted = form.elements.model.value || current.model;
    // a board said by its seats ("4-seat board"); its model's name only where two boards have as many
    const said = (m) => `${t("board_of")} ${m.sections} ${t("board_seats")}` + (models.filter((o) => o.sections === m.sections).length > 1 ? ` (${m.model})` : "");
    fillSelect(form.elements.model, fitting.map((m) => [m.model, said(m)]), fitting.some((m) => m.model === wanted) ? wanted : (fitting[0] || {}).model);
    renderSeats();
  }

  /** The name a seat gets until someone types one: "Joueur C" for a person, "Ordinateur C" for a
      computer seat, so that a seat made a person does not keep a computer's name on every page. */
  const defaultName = (letter, computer) => `${t(computer ? "default_computer" : "default_person")} ${letter}`;
  const isDefaultName = (letter, name) => [t("default_person"), t("default_computer"), t("seat"),
    "Joueur", "Ordinateur", "Player", "Computer"].some((word) => name.trim() === `${word} ${letter}`) || !name.trim();

  function renderSeats() {
    const count = Number(form.elements.seat_count.value) || 4;
    const known = {};
    for (const seat of current.seats || []) if (seat.seat) known[seat.seat] = seat;
    const rows = [];
    seatLetters(count).forEach((letter, index) => {
      const seat = known[letter] || {};
      const computer = seat.computer === undefined ? index > 0 : seat.computer;
      const typed = seat.name && !isDefaultName(letter, seat.name) ? seat.name : defaultName(letter, computer);
      const name = el("input", { name: `name-${letter}`, value: typed, maxlength: "24", "aria-label": `${t("name")} ${letter}`, dataset: { seat: letter } });
      const box = el("input", { type: "checkbox", name: `computer-${letter}`, checked: computer });
      // how a computer seat plays, beside it; nothing to choose for a person
      const level = el("select", { name: `level-${letter}`, "aria-label": `${t("level")} ${letter}`, hidden: !computer });
      fillSelect(level, LEVELS.map((key) => [key, t(`level_${key}`)]), seat.level || "medium");
      box.addEventListener("change", () => {
        if (isDefaultName(letter, name.value)) name.value = defaultName(letter, box.checked);
        level.hidden = !box.checked;
      });
      rows.push(
        el("span", { class: "seat-letter" }, letter),
        name,
        el("input", { type: "color", name: `colour-${letter}`, value: seat.colour || colours[letter] || "#888888", "aria-label": `${t("colour")} ${letter}` }),
        el("label", { class: "switch" }, box, t("computer")),
        level,
      );
    });
    bound("seats").replaceChildren(...rows);
  }

  fillSelect(form.elements.preset, presets.map((p) => [p.name, pick(p.title) || pick(p)]), current.preset);
  if (current.cards) for (const radio of form.elements.cards) radio.checked = radio.value === current.cards;
  form.elements.camera.checked = Boolean(current.camera);
  if (current.seed !== undefined && current.seed !== null) form.elements.seed.value = current.seed;
  renderSwitches();
  if (Tock.page.view) Tock.paintChips(Tock.page.view);
  form.elements.preset.addEventListener("change", renderSwitches);
  bound("switches").addEventListener("change", showWhen);
  form.elements.seat_count.addEventListener("change", renderModels);

  /** A field of the form the page itself refuses, before asking the table. */
  class SetupError extends Error {
    constructor(message, field) {
      super(message);
      this.field = field;
    }
  }

  /** The settings of the form, exactly as `Table.new_game(settings)` takes them. */
  function settings() {
    const switches = {};
    for (const input of bound("switches").querySelectorAll("[data-switch]")) {
      const kind = input.dataset.kind;
      switches[input.dataset.switch] = kind === "bool" ? input.checked
        : kind === "number" ? Number(input.value)
        : kind === "numbers" || kind === "words" ? input.value.split(",").map((x) => x.trim()).filter(Boolean).map((x) => (kind === "numbers" ? Number(x) : x))
        : input.value;
    }
    const seats = [...bound("seats").querySelectorAll("input[data-seat]")].map((input) => {
      const letter = input.dataset.seat;
      return {
        seat: letter,
        name: input.value.trim(),
        colour: form.elements[`colour-${letter}`].value,
        computer: form.elements[`computer-${letter}`].checked,
        level: form.elements[`level-${letter}`].value,
      };
    });
    const result = {
      preset: form.elements.preset.value,
      switches,
      model: form.elements.model.value,
      seats,
      cards: form.elements.cards.value,
      camera: form.elements.camera.checked,
    };
    const seed = form.elements.seed.value.trim();
    // Number("abc") is NaN, sent as null: a game would start on a random deck the player did not ask for
    if (seed && !/^[0-9]+$/.test(seed)) throw new SetupError(t("seed_digits"), "seed");
    if (seed) result.seed = Number(seed);
    return result;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const result = bound("result");
    let chosen;
    try {
      chosen = settings();
    } catch (error) {
      if (!(error instanceof SetupError)) throw error;
      result.textContent = error.message;
      form.elements[error.field].focus();
      return;
    }
    try {
      await api("POST", "/api/game", { settings: chosen });
      result.textContent = t("game_started");
      // the table page, where the seat links' QR codes wait to be scanned
      window.location.assign("/table");
    } catch (error) {
      const body = error.body || {};
      // the message names what is wrong in words; the field's id is for the page, which shows it
      result.textContent = pick(body) || t("error");
      const field = body.field && form.elements[body.field];
      if (field && typeof field.focus === "function") field.focus();
    }
  });
})();
