/* How wide, in screen pixels, the smallest tap zone of a hole of `svg.board` in `root` is: a tap goes
   to the nearest hole within 2.5 radii (board.js), so a hole's zone is as wide as the nearer of its
   nearest neighbour's distance and five radii. */
(root) => {
  const svg = document.querySelector(root + " svg.board");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const holes = [...svg.querySelectorAll(".hole")].map((h) => [Number(h.getAttribute("cx")), Number(h.getAttribute("cy")), Number(h.getAttribute("r"))]);
  let least = Infinity;
  for (const [x, y, r] of holes) {
    let nearest = Infinity;
    for (const [x2, y2] of holes) {
      const d = Math.hypot(x2 - x, y2 - y);
      if (d > 0 && d < nearest) nearest = d;
    }
    least = Math.min(least, nearest, 5 * r);
  }
  return least * scale;
}
