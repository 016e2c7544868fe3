import { elementLoaders, elementMedia } from './element-loaders';
import { elementUpgrades, upgradeOf, type UpgradeStrategy } from './element-upgrades';
import { onIntent } from './on-intent';
import { whenIdle } from './when-idle';
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
  /**
   * Per tag, when its code loads once the element is seen (default: `elementUpgrades`; see element-upgrades.ts):
   * `visible` at once, `intent` at the visitor's first sign of using it or when the browser is idle, `idle` then.
   * An element's `data-civic-upgrade` attribute chooses for that element.
   */
  upgrade?: Readonly<Record<string, UpgradeStrategy>>;
  /** Resolves when the browser is idle after load (default: `whenIdle`); tests pass their own. */
  idle?: () => Promise<void>;
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
  { when = 'visible', margin = AUTOLOAD_MARGIN, media = elementMedia, upgrade = elementUpgrades, idle = whenIdle }: AutoloadOptions = {},
): () => void {
  const pending = new Set(Object.keys(loaders));
  /** Each tag's load, once asked for: it settles when the code has loaded, or rejects when it could not. */
  const loads = new Map<string, Promise<unknown>>();
  /** Elements waiting for the visitor's intent, each with how to stop waiting. */
  const waitingForIntent = new Map<Element, () => void>();
  /** Tags whose load waits for the browser to be idle. */
  const waitingForIdle = new Set<string>();
  let stopped = false;
  const selector = () => [...pending].join(',');
  /** Tags waiting for their screen size, each with how to stop listening. */
  const mediaWatches = new Map<string, () => void>();

  const load = (tag: string): Promise<unknown> => {
    const asked = loads.get(tag);
    if (asked) return asked;
    pending.delete(tag);
    visibility?.forget(tag);
    mediaWatches.get(tag)?.();
    mediaWatches.delete(tag);
    if (pending.size === 0) stopWatching();
    // A tag some other script already registered needs nothing from us.
    const loading = customElements.get(tag) ? Promise.resolve() : loaders[tag]();
    loads.set(tag, loading);
    loading.catch((error: unknown) => console.error(`civic-elements: could not load <${tag}>.`, error));
    return loading;
  };

  /** The element is near the viewport (or in the page, with `when: 'present'`): load now or arrange when. */
  const seen = (tag: string, element: Element) => {
    if (loads.has(tag) || stopped) return;
    const strategy = upgradeOf(element, upgrade);
    if (strategy === 'visible') {
      load(tag);
      return;
    }
    if (strategy === 'intent' && !waitingForIntent.has(element)) {
      waitingForIntent.set(element, onIntent(element, () => load(tag)));
    }
    if (waitingForIdle.has(tag)) return;
    waitingForIdle.add(tag);
    void idle().then(() => {
      if (!stopped) load(tag);
    });
  };

  const visibility: VisibilityWatch | undefined =
    when === 'visible' && typeof IntersectionObserver === 'function' ? whenVisible(margin, seen) : undefined;
  const found = (element: Element) => {
    const tag = element.localName;
    const query = media[tag];
    // An element kept for some screens loads as soon as the screen is one of them: it may have no box to watch
    // (the Menu button's element is empty until it renders its button).
    if (query !== undefined) waitForMedia(tag, query);
    else if (visibility) visibility.watch(element);
    else seen(tag, element);
  };
  const waitForMedia = (tag: string, query: string) => {
    if (mediaWatches.has(tag)) return;
    const list = matchMedia(query);
    if (list.matches) {
      load(tag);
      return;
    }
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
  // Once every tag is loading there is nothing left to watch for (elements waiting for intent wait on their own).
  const stopWatching = () => {
    observer.disconnect();
    visibility?.disconnect();
    for (const unwatch of mediaWatches.values()) unwatch();
    mediaWatches.clear();
  };
  observer.observe(root, { childList: true, subtree: true });
  scan(root);
  if (pending.size === 0) stopWatching();
  return () => {
    stopped = true;
    stopWatching();
    for (const stopWaiting of waitingForIntent.values()) stopWaiting();
    waitingForIntent.clear();
  };
}
