import { RENDERED, type RenderedSignal } from '../core/rendered-signal';

/**
 * Mounting server markup and waiting until the kit's elements in it have upgraded and first rendered: their server
 * nodes adopted, their listeners in place. Defined is not enough: until the first render, a click on an element's
 * link is the browser's own. Works on either build (and on elements registered under a site's own names): every
 * kit element holds its first render's promise under a registered symbol both builds share.
 */

/**
 * How long an element may stay undefined before the wait fails, naming it (the page loads no code for it): under
 * mocha's own 5 s limit, so the test fails with the name rather than a bare timeout.
 */
const DEFINE_TIMEOUT_MS = 3000;

export interface UpgradeOptions {
  /** Milliseconds an element may stay undefined before the wait fails (3000). */
  defineTimeout?: number;
}

const isCustomElementName = (element: Element) => element.localName.includes('-');

/** The custom elements in `root` (itself included). */
function customElementsIn(root: Element | DocumentFragment): Element[] {
  const inside = [...root.querySelectorAll('*')].filter(isCustomElementName);
  return root instanceof Element && isCustomElementName(root) ? [root, ...inside] : inside;
}

/**
 * Waits until every custom element in `root` is defined and every kit element among them has first rendered.
 * Fails, naming the tags, when one stays undefined for 3 s: nothing loaded its code (import `civic-elements`, one
 * element's entry, or `civic-elements/autoload`, which loads an element as it comes into view).
 */
export async function elementsUpgraded(
  root: Element | DocumentFragment = document.body,
  { defineTimeout = DEFINE_TIMEOUT_MS }: UpgradeOptions = {},
): Promise<void> {
  const elements = customElementsIn(root);
  const tags = [...new Set(elements.map((element) => element.localName))];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const undefinedTags = tags.filter((tag) => !customElements.get(tag));
      reject(new Error(`These elements were not defined within ${defineTimeout} ms: <${undefinedTags.join('>, <')}>. Does the test load their code?`));
    }, defineTimeout);
  });
  try {
    await Promise.race([Promise.all(tags.map((tag) => customElements.whenDefined(tag))), tooLong]);
  } finally {
    clearTimeout(timer);
  }
  await Promise.all(elements.map((element) => (element as Element & RenderedSignal)[RENDERED]).filter((signal) => signal !== undefined));
}

/** Fixtures mounted by `mountUpgraded`, removed by `unmountAll`. */
const mounted = new Set<HTMLElement>();

/**
 * Puts server markup (as a CMS writes it) into a fresh container in the page, waits until its kit elements have
 * upgraded and rendered, and returns its first element (the container itself when the markup has several).
 */
export async function mountUpgraded<T extends Element = HTMLElement>(markup: string, options: UpgradeOptions = {}): Promise<T> {
  const container = document.createElement('div');
  container.dataset.civicFixture = '';
  // Parsed as the page's own markup (scripts in it do not run), as the server would have sent it.
  container.append(document.createRange().createContextualFragment(markup));
  for (const script of container.querySelectorAll('script')) script.remove();
  document.body.append(container);
  mounted.add(container);
  await elementsUpgraded(container, options);
  const elements = container.children;
  return (elements.length === 1 ? elements[0] : container) as T;
}

/** Removes every fixture `mountUpgraded` made (call it in `afterEach`). */
export function unmountAll(): void {
  for (const container of mounted) container.remove();
  mounted.clear();
}
