import { loadSanitizer, sanitizeChildrenWith } from '../shared/sanitize-html';

/**
 * Fetching an HTML fragment and turning it into nodes of this document, without innerHTML: the answer is
 * parsed by DOMParser (inert: scripts in it never run), the wanted element's content goes through the kit's
 * sanitiser (DOMPurify, loaded alongside the first fetch, so a page that never reloads a listing never
 * downloads it), and the clean nodes are ready to be moved into place.
 */

/** Fetches `url` uncached, same-origin only, and returns the sanitised child nodes of the answer's `selector` element. */
export async function fetchFragment(url: string, selector: string, signal: AbortSignal): Promise<Node[]> {
  const [text, DOMPurify] = await Promise.all([
    fetch(url, {
      cache: 'no-store',
      mode: 'same-origin',
      credentials: 'same-origin',
      headers: { Accept: 'text/html' },
      signal,
    }).then((response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
      return response.text();
    }),
    loadSanitizer(),
  ]);
  return sanitizeChildrenWith(DOMPurify, fragmentRoot(text, selector), 'fragment');
}

/** The first `selector` element of an HTML text, found in an inert parse (nothing in it runs or loads). */
export function fragmentRoot(html: string, selector: string): Element {
  const root = new DOMParser().parseFromString(html, 'text/html').querySelector(selector);
  if (!root) throw new Error(`the answer has no ${selector} element`);
  return root;
}

/** The sanitised child nodes of the first `selector` element of an HTML text, ready to be moved into this document. */
export async function fragmentNodes(html: string, selector: string): Promise<Node[]> {
  const root = fragmentRoot(html, selector);
  return sanitizeChildrenWith(await loadSanitizer(), root, 'fragment');
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
