/**
 * The site's navigation as a tree, read from the nested list a CMS writes once (`<nav><ul><li><a>…<ul>…`),
 * and which item is the current page. Framework-free: elements are read through the few members used here,
 * so the same code runs on DOM elements in the browser and on plain objects in node tests.
 */

/** What the parser reads of an element: a DOM `Element` has all of it. */
export interface NavElementLike {
  readonly localName: string;
  readonly children: ArrayLike<NavElementLike>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}

/** One item of the navigation list. */
export interface NavNode<E extends NavElementLike = NavElementLike> {
  /** The item's text as a visitor reads it (whitespace collapsed). */
  label: string;
  /** The item's link address as written (`href` attribute); null when the item has no link. */
  href: string | null;
  /** The section summary: the text of a `<p>` in the item (not in its child list); empty when there is none. */
  description: string;
  /** The items of its child list, in order; empty when it has none. */
  children: NavNode<E>[];
  /** The `<li>`. */
  item: E;
  /** Its link (`a[href]` outside the child list), or null. */
  link: E | null;
  /** What the label was read from: the link, or in an item without one its first element that is not a list or summary. */
  labelElement: E | null;
  /** Its child list (`ul` or `ol`), or null. */
  list: E | null;
}

/** Where the current page sits in the tree. */
export interface CurrentMatch<N> {
  /** From the top-level item down to the matched item; empty when nothing matches. */
  trail: N[];
  /** The last item of the trail links to the current page itself (not only to a section above it). */
  exact: boolean;
}

/** What `aria-current` an item's control gets: the page itself, a section the page is in, or nothing. */
export type AriaCurrent = 'page' | 'true' | undefined;

const isList = (element: NavElementLike) => element.localName === 'ul' || element.localName === 'ol';
/** An element's child elements, of its own kind (a DOM element's children are DOM elements). */
const childElements = <E extends NavElementLike>(element: E): E[] => Array.from(element.children) as E[];

/** Collapses runs of whitespace and trims: the text a visitor reads. */
export function normaliseText(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The first descendant (depth first, in document order) that matches, not looking inside lists when `skipLists`. */
function findDescendant<E extends NavElementLike>(root: E, matches: (element: E) => boolean, skipLists: boolean): E | null {
  for (const child of childElements(root)) {
    if (matches(child)) return child;
    if (skipLists && isList(child)) continue;
    const found = findDescendant(child, matches, skipLists);
    if (found) return found;
  }
  return null;
}

/** The navigation list of a container: the container itself when it is a `ul`/`ol`, else its first list. */
export function findNavigationList<E extends NavElementLike>(root: E): E | null {
  return isList(root) ? root : findDescendant(root, isList, false);
}

/** Reads one `<li>`. */
function parseItem<E extends NavElementLike>(item: E): NavNode<E> {
  const link = findDescendant(item, (element) => element.localName === 'a' && element.getAttribute('href') !== null, true);
  const list = findDescendant(item, isList, false);
  const summary = findDescendant(item, (element) => element.localName === 'p', true);
  // An item without a link (a heading for a group of links) is labelled by its first element that is not a list.
  const labelElement = link ?? childElements(item).find((child) => !isList(child) && child.localName !== 'p') ?? null;
  return {
    label: normaliseText(labelElement?.textContent ?? ''),
    href: link?.getAttribute('href') ?? null,
    description: normaliseText(summary?.textContent ?? ''),
    children: list ? parseNavigationList(list) : [],
    item,
    link,
    labelElement,
    list,
  };
}

/**
 * Reads a navigation list into a tree. Each `<li>` child of the list is an item: its first `a[href]` outside its
 * child list is its link, its first `ul`/`ol` is its child list (read the same way, to any depth), and a `<p>`
 * outside the child list is its summary. Items with no text at all are left out.
 */
export function parseNavigationList<E extends NavElementLike>(list: E): NavNode<E>[] {
  return childElements(list)
    .filter((child) => child.localName === 'li')
    .map((item) => parseItem(item))
    .filter((node) => node.label !== '' || node.children.length > 0);
}

const trees = new WeakMap<NavElementLike, NavNode[]>();

/**
 * The tree of a list, read once per list and shared by every reader (`<mega-menu>` moves the list's nodes about
 * when it upgrades; `<mobile-nav>`, reading the same list later, still gets the tree as the server wrote it).
 */
export function navigationTree<E extends NavElementLike>(list: E): NavNode<E>[] {
  let tree = trees.get(list);
  if (!tree) trees.set(list, (tree = parseNavigationList(list)));
  return tree as NavNode<E>[];
}

/**
 * The path an address leads to on the site of `base`, for comparison: no query, no hash, no trailing slash (except
 * the root). Null for an address on another site or one that does not parse.
 */
export function comparablePath(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** True when `path` is `section` or lies under it, segment by segment (`/a/b` is under `/a`, `/ab` is not). */
export function isWithin(path: string, section: string): boolean {
  if (section === '/') return path === '/';
  return path === section || path.startsWith(`${section}/`);
}

interface Navigable<N> {
  href: string | null;
  children?: readonly N[];
}

/**
 * Finds the current page in the tree. An item whose link leads to the page itself wins (the first, in reading
 * order); otherwise the deepest item whose link leads to a section the page is in (the home page `/` is never a
 * section). `currentUrl` may be a path or a full address; relative addresses resolve against `base`.
 */
export function findCurrent<N extends Navigable<N>>(items: readonly N[], currentUrl: string, base: string): CurrentMatch<N> {
  const current = comparablePath(currentUrl, base);
  if (current === null) return { trail: [], exact: false };
  const paths = trailsOf(items).map((trail) => {
    const href = trail[trail.length - 1].href;
    return { trail, path: href === null ? null : comparablePath(href, base) };
  });
  const exact = paths.find(({ path }) => path === current);
  if (exact) return { trail: exact.trail, exact: true };
  const within = paths
    .filter(({ path }) => path !== null && path !== '/' && isWithin(current, path))
    .reduce<N[]>((deepest, { trail }) => (trail.length > deepest.length ? trail : deepest), []);
  return { trail: within, exact: false };
}

/** Every item's trail (the items from the top level down to it), depth first in reading order. */
function trailsOf<N extends Navigable<N>>(items: readonly N[], above: readonly N[] = []): N[][] {
  return items.flatMap((node) => {
    const trail = [...above, node];
    return [trail, ...trailsOf(node.children ?? [], trail)];
  });
}

/** The `aria-current` of an item: `page` for the current page's own link, `true` for the sections above it. */
export function ariaCurrentOf<N>(node: N, match: CurrentMatch<N>): AriaCurrent {
  const position = match.trail.indexOf(node);
  if (position < 0) return undefined;
  return match.exact && position === match.trail.length - 1 ? 'page' : 'true';
}

/** Every item of the tree, depth first in reading order. */
export function allNodes<N extends { children?: readonly N[] }>(items: readonly N[]): N[] {
  return items.flatMap((node) => [node, ...allNodes(node.children ?? [])]);
}

/**
 * Splits a message around a placeholder, for messages that wrap existing content: `All {section}` around
 * `{section}` is `['All ', '']`. A message without the placeholder puts the content after it.
 */
export function splitAround(message: string, placeholder: string): [before: string, after: string] {
  const at = message.indexOf(placeholder);
  if (at < 0) return [message === '' ? '' : `${message} `, ''];
  return [message.slice(0, at), message.slice(at + placeholder.length)];
}
