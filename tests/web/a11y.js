/* Run in a page by the accessibility test: every visible text's contrast against what is behind it,
   and the size of each board hole's tap target. Returns plain data for the test to judge. */
(() => {
  const parse = (text) => {
    const m = /rgba?\(([^)]+)\)/.exec(text || "");
    if (!m) return null;
    const [r, g, b, a] = m[1].split(",").map((x) => parseFloat(x));
    return { r, g, b, a: Number.isNaN(a) || a === undefined ? 1 : a };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1,
  });
  const luminance = (c) => {
    const ch = [c.r, c.g, c.b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
  };
  const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  /** The colour behind an element: its ancestors' backgrounds laid over white, innermost last. */
  const behind = (node) => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const bg = parse(getComputedStyle(n).backgroundColor);
      if (bg && bg.a > 0) layers.push(bg);
      if (bg && bg.a >= 1) break;
    }
    return layers.reverse().reduce((under, top) => over(top, under), { r: 255, g: 255, b: 255, a: 1 });
  };
  const visible = (node) => {
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none" && !node.closest("[hidden]") && !node.closest("details:not([open]) > :not(summary)");
  };
  const texts = [];
  for (const node of document.querySelectorAll("body *")) {
    if (["SCRIPT", "STYLE", "TITLE", "svg"].includes(node.tagName) || node.closest("svg.qr")) continue;
    const own = [...node.childNodes].filter((c) => c.nodeType === 3 && c.textContent.trim()).map((c) => c.textContent.trim()).join(" ");
    if (!own || !visible(node) || node.closest(":disabled")) continue;
    const style = getComputedStyle(node);
    const svgText = node instanceof SVGElement;
    let colour = parse(svgText ? style.fill : style.color);
    const opacity = [...(function* up(n) { for (; n && n.nodeType === 1; n = n.parentElement) yield parseFloat(getComputedStyle(n).opacity); })(node)].reduce((a, b) => a * b, 1);
    const background = behind(svgText ? node.closest("svg").parentElement : node);
    colour = over({ ...colour, a: colour.a * opacity }, background);
    texts.push({ text: own.slice(0, 60), tag: node.tagName, cls: String(node.className && node.className.baseVal !== undefined ? node.className.baseVal : node.className), ratio: Math.round(ratio(colour, background) * 100) / 100 });
  }
  /* each hole of the main board owns the points nearer to it than to any other, up to 2.5 radii
     (board.js `nearest`): its tap target is that many pixels across */
  const svg = document.querySelector(".board-panel svg.board");
  const holes = svg ? [...svg.querySelectorAll(".hole")] : [];
  const scale = svg ? svg.getBoundingClientRect().width / 1000 : 0;
  const points = holes.map((h) => [parseFloat(h.getAttribute("cx")), parseFloat(h.getAttribute("cy")), parseFloat(h.getAttribute("r"))]);
  const targets = points.map(([x, y, r], i) => {
    let nearest = Infinity;
    points.forEach(([u, v], j) => { if (j !== i) nearest = Math.min(nearest, Math.hypot(u - x, v - y)); });
    return Math.min(2 * 2.5 * r, nearest) * scale;
  });
  return { texts, smallestTarget: targets.length ? Math.min(...targets) : null, holes: holes.length };
})()
