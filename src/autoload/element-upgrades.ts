/**
 * When a kit element's code loads once the autoloader has seen the element near the viewport.
 *
 * - `visible` (the default): at once. For elements whose upgrade changes what the page shows or does with no
 *   server fallback: contents built from the page (jump links), sections that fold (accordions), a share list
 *   that becomes a toggle, results that reload in place.
 * - `intent`: when the visitor first turns to the element (the pointer over it, a touch, focus inside it, a key
 *   pressed in it), or when the browser is idle after the page has loaded, whichever comes first. For elements
 *   whose server HTML already works without JavaScript and looks the same once upgraded: a plain GET search form,
 *   a list of links, a link to the top, a form that posts. Their code (and the renderer, when nothing else on the
 *   first screen needs it) stays off the page's first load; a click made while it loads is held and replayed once
 *   the element has rendered.
 * - `idle`: when the browser is idle after load, whatever the visitor does. For an element whose upgrade adds
 *   nothing the visitor reaches for, when the server's markup already gives its effect (a subsite's colours from
 *   the site's own stylesheet).
 *
 * A page may choose for one element with the `data-civic-upgrade` attribute (`visible`, `intent` or `idle`),
 * e.g. `intent` on an `<announcement-banner>` whose server writes its close form and leaves out a dismissed banner.
 */
export type UpgradeStrategy = 'visible' | 'intent' | 'idle';

export const UPGRADE_ATTRIBUTE = 'data-civic-upgrade';

/** The tags that do not load at once by default, and why (the rule above). */
export const elementUpgrades: Readonly<Record<string, UpgradeStrategy>> = {
  // A GET form to the search page: suggestions are an addition.
  'site-search': 'intent',
  // Plain links to each section page: panels are an addition.
  'mega-menu': 'intent',
  // A form that posts: sending it in place is an addition.
  'feedback-widget': 'intent',
  // A link to the top of the page: the stepwise scroll and the focus move are additions.
  'jump-to-top': 'intent',
};

const STRATEGIES: readonly UpgradeStrategy[] = ['visible', 'intent', 'idle'];

/** The element's own choice when it names a known strategy, else its tag's default, else `visible`. */
export function upgradeOf(element: Element, defaults: Readonly<Record<string, UpgradeStrategy>>): UpgradeStrategy {
  const chosen = element.getAttribute(UPGRADE_ATTRIBUTE)?.trim() as UpgradeStrategy | undefined;
  if (chosen !== undefined && STRATEGIES.includes(chosen)) return chosen;
  return defaults[element.localName] ?? 'visible';
}
