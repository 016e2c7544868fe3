import { elementLoaders, elementMedia } from './element-loaders';
import { whenVisible, type VisibilityWatch } from './when-visible';

export type ElementLoaders = Readonly<Record<string, () => Promise<unknown>>>;

export interface AutoloadOptions {
  /**
   * `visible` (the default): an element's code loads when the element comes within `margin` of the viewport, so
   * a visitor who never scrolls to the accordions, or never sees the mobile menu on a wide screen, never pays
   * for them. `present`: as soon as its tag is in the page.
   */
  when?: 'visible' | 'present';
  /** How near the viewport counts as visible, as an IntersectionObserver rootMargin: half a screen above and below. */
  margin?: string;
  /** Per tag, a media query the screen must match before the element's code loads (default: `elementMedia`). */
  media?: Readonly<Record<string, string>>;
}

export const AUTOLOAD_MARGIN = '50% 0px';

/**
 * Loads each kit element's code the first time its tag is seen under `root`, now or later (content added by a
 * CMS widget, a fragment reload, a decision-tree step). A page with only accordions never downloads search,
 * date or form code; React and the kit layer are shared chunks, so they load once whatever the mix.
 * Returns a function that stops watching.
 */
export function autoload(
  root: ParentNode & Node = document,
  loaders: ElementLoaders = elementLoaders,
  { when = 'visible', margin = AUTOLOAD_MARGIN, media = elementMedia }: AutoloadOptions = {},
): () => void {
  const pending = new Set(Object.keys(loaders));
  const selector = () => [...pending].join(',');
  /** Tags waiting for their screen size, each with how to stop listening. */
  const mediaWatches = new Map<string, () => void>();

  const load = (tag: string) => {
    if (!pending.delete(tag)) return;
    visibility?.forget(tag);
    mediaWatches.get(tag)?.();
    mediaWatches.delete(tag);
    if (pending.size === 0) stop();
    // A tag some other script already registered needs nothing from us.
    if (customElements.get(tag)) return;
    loaders[tag]().catch((error: unknown) => console.error(`civic-elements: could not load <${tag}>.`, error));
  };

  const visibility: VisibilityWatch | undefined =
    when === 'visible' && typeof IntersectionObserver === 'function' ? whenVisible(margin, load) : undefined;
  const found = (element: Element) => {
    const tag = element.localName;
    const query = media[tag];
    // An element kept for some screens loads as soon as the screen is one of them: it may have no box to watch
    // (the Menu button's element is empty until it renders its button).
    if (query !== undefined) waitForMedia(tag, query);
    else if (visibility) visibility.watch(element);
    else load(tag);
  };
  const waitForMedia = (tag: string, query: string) => {
    if (mediaWatches.has(tag)) return;
    const list = matchMedia(query);
    if (list.matches) return load(tag);
    const onChange = () => {
      if (list.matches) load(tag);
    };
    list.addEventListener('change', onChange);
    mediaWatches.set(tag, () => list.removeEventListener('change', onChange));
  };

  const scan = (node: ParentNode & Node) => {
    if (pending.size === 0) return;
    if (node instanceof Element && pending.has(node.localName)) found(node);
    if (pending.size === 0) return;
    for (const element of node.querySelectorAll(selector())) {
      if (pending.has(element.localName)) found(element);
    }
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) scan(node);
      }
    }
  });
  // Once every tag has loaded there is nothing left to watch for.
  const stop = () => {
    observer.disconnect();
    visibility?.disconnect();
    for (const unwatch of mediaWatches.values()) unwatch();
    mediaWatches.clear();
  };
  observer.observe(root, { childList: true, subtree: true });
  scan(root);
  if (pending.size === 0) stop();
  return stop;
}
