// Views build the elements they want as if drawing afresh, and the page's elements are
// made to match, touching only what differs. A sown seed changes two holes: redrawing
// the whole room for it (board, move list, players) cost a phone's renderer most of
// each frame in style, layout and paint, and grew with the game's length; the browser
// now repaints what changed. Elements that stay keep their focus, their scroll and a
// press in progress.
//
// Listeners are not carried over: an element that stays keeps the listeners it had,
// so views that patch listen on the container (by data attributes), not per element.

/** Make `old` (an element on the page) look like `fresh` (built, not on the page). */
export function morph(old, fresh) {
  for (const { name } of [...old.attributes]) {
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  patch(old, ...fresh.childNodes);
}

/** Make the children of `parent` those of `nodes` (built, not on the page), in order. */
export function patch(parent, ...nodes) {
  nodes.forEach((node, i) => {
    const old = parent.childNodes[i];
    if (!old) parent.append(node);
    else if (old.nodeType !== node.nodeType || old.nodeName !== node.nodeName) old.replaceWith(node);
    else if (node.nodeType === Node.ELEMENT_NODE) morph(old, node);
    else if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue;
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild.remove();
}

/** Set an element's text only when it differs: the same text set again is a repaint. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
