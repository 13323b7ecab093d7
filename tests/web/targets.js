/* The touch targets of a page smaller than `least` px across (height or width), as "tag.class: w x h
   text" lines. A checkbox or radio button counts with the label that holds it (the whole label takes
   the tap). Hidden targets are left out. */
(least) => {
  const small = [];
  const shown = (node) => {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
  };
  for (const node of document.querySelectorAll("a[href], button, select, input, summary, textarea")) {
    let target = node;
    if (node.matches("input[type=checkbox], input[type=radio]") && node.closest("label")) target = node.closest("label");
    if (node.matches("input[type=range]")) continue;  // a slider is dragged along, not tapped
    if (!shown(target)) continue;
    const box = target.getBoundingClientRect();
    if (Math.min(box.width, box.height) < least - 0.5) {
      small.push(`${target.tagName.toLowerCase()}.${target.className}: ${box.width.toFixed(0)} x ${box.height.toFixed(0)} ${(target.textContent || target.getAttribute("aria-label") || "").trim().slice(0, 30)}`);
    }
  }
  return small;
}
