/**
 * Fetching an HTML fragment and turning it into nodes of this document, without innerHTML: the answer is
 * parsed by DOMParser (scripts in it never run), scripts and inline event handlers are dropped anyway,
 * and the nodes are adopted into the page, ready to be moved into place.
 */

/** Fetches `url` uncached, same-origin only, and returns the child nodes of the answer's `selector` element. */
export async function fetchFragment(url: string, selector: string, signal: AbortSignal): Promise<Node[]> {
  const response = await fetch(url, {
    cache: 'no-store',
    mode: 'same-origin',
    credentials: 'same-origin',
    headers: { Accept: 'text/html' },
    signal,
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  const text = await response.text();
  return fragmentNodes(text, selector);
}

/** The child nodes of the first `selector` element of an HTML text, inert and adopted into this document. */
export function fragmentNodes(html: string, selector: string): Node[] {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const root = parsed.querySelector(selector);
  if (!root) throw new Error(`the answer has no ${selector} element`);
  for (const script of root.querySelectorAll('script')) script.remove();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of Array.from(element.attributes)) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
  }
  // A copy of the list first: adopting a node takes it out of the live childNodes.
  return Array.from(root.childNodes).map((node) => document.adoptNode(node));
}

/**
 * Puts new nodes in place of a container's children. Focus inside the old content would be lost with it:
 * it moves to the container instead, so keyboard and screen reader users stay where they were.
 */
export function replaceContent(container: HTMLElement, nodes: readonly Node[]): void {
  const hadFocus = container !== document.activeElement && container.contains(document.activeElement);
  container.replaceChildren(...nodes);
  if (hadFocus) {
    if (!container.hasAttribute('tabindex')) container.setAttribute('tabindex', '-1');
    container.focus({ preventScroll: true });
  }
}
