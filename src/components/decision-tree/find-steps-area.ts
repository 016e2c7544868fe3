/**
 * Reads `<decision-tree>` markup: the steps live in one `[data-steps]` element, each step an element child of
 * it. The element is kept where the server put it; only its children change as the visitor answers.
 */
export function findStepsArea(nodes: readonly Node[]): HTMLElement | null {
  for (const node of nodes) {
    if (!(node instanceof HTMLElement)) continue;
    if (node.matches('[data-steps]')) return node;
    const inside = node.querySelector<HTMLElement>('[data-steps]');
    if (inside) return inside;
  }
  return null;
}

/** The step (a child of the steps area) that holds a node, or `null` when the node is not in a step. */
export function stepOf(area: HTMLElement, node: Node): HTMLElement | null {
  let current: Node | null = node;
  while (current && current.parentNode !== area) current = current.parentNode;
  return current instanceof HTMLElement ? current : null;
}

/** The steps showing, in order. */
export function stepsIn(area: HTMLElement): HTMLElement[] {
  return Array.from(area.children).filter((child): child is HTMLElement => child instanceof HTMLElement);
}

/** Answering a step replaces everything after it with the next step. */
export function replaceAfter(area: HTMLElement, step: HTMLElement, nodes: readonly Node[]): void {
  while (step.nextSibling) step.nextSibling.remove();
  area.append(...nodes);
}
