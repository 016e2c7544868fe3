import { controlShowing, isShown } from '../core/shown-parts';
import { RENDERED, type RenderedSignal } from '../core/rendered-signal';

/** What shows a visitor is turning to an element: the pointer over it, a touch, focus inside it, a key in it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The controls whose click is held while the element's code loads. */
const CONTROLS = 'a[href], button, input[type="submit"], input[type="button"], input[type="image"], summary';

/**
 * How long a held click waits for the element to render before it does what it does without JavaScript (follows
 * the link, submits the form): a slow connection must not leave a visitor's click doing nothing.
 */
export const HELD_CLICK_LIMIT_MS = 3000;

/** The element's first render, or at once for an element that signals none (a tag a site defined itself). */
async function rendered(element: Element): Promise<void> {
  await customElements.whenDefined(element.localName);
  await (element as Element & RenderedSignal)[RENDERED];
}

/**
 * Where a held click goes once the element has rendered: the control itself while it is still shown; when the
 * upgrade moved it into a part that is closed (a section link now inside its panel, a search button inside the
 * folded search bar), the control that shows that part (the section's button, the search toggle), as a visitor
 * clicking the same place would; else the control itself, which does what it did without JavaScript.
 */
function standIn(control: HTMLElement): HTMLElement {
  if (!control.isConnected || isShown(control)) return control;
  return controlShowing(control) ?? control;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * Waits for the visitor's intent on `element` and calls `load` at the first sign of it (at once if focus is inside
 * already). Until the element has rendered, a plain click on one of its links or buttons is held (the page does not
 * leave, the form does not post) and given to the upgraded element: `loading` settles when the code has loaded,
 * or rejects when it could not, and then the held click does its server default. Returns a function that stops.
 */
export function onIntent(element: Element, load: () => Promise<unknown>): () => void {
  let loading: Promise<unknown> | undefined;
  let done = false;
  const start = () => (loading ??= load());
  /** The click being handed on: let it through. */
  let replaying: EventTarget | null = null;

  const onClick = (event: Event) => {
    if (done || !(event instanceof MouseEvent) || event.target === replaying || !plainClick(event)) return;
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (!control || !element.contains(control)) return;
    event.preventDefault();
    const replay = (to: HTMLElement) => {
      if (replaying !== null) return;
      replaying = to;
      to.click();
      replaying = null;
    };
    let settled = false;
    const limit = setTimeout(() => {
      settled = true;
      replay(control);
    }, HELD_CLICK_LIMIT_MS);
    const finish = (to: () => HTMLElement) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      replay(to());
    };
    start().then(
      () => rendered(element).then(() => finish(() => standIn(control))),
      () => finish(() => control),
    );
  };

  const listeners: [string, EventListener, AddEventListenerOptions][] = [
    ...INTENT_EVENTS.map((type): [string, EventListener, AddEventListenerOptions] => [type, start, { capture: true, passive: true }]),
    ['click', onClick, { capture: true }],
  ];
  for (const [type, listener, options] of listeners) element.addEventListener(type, listener, options);
  const stop = () => {
    done = true;
    for (const [type, listener, options] of listeners) element.removeEventListener(type, listener, options);
  };
  // Once it has rendered, the element handles everything itself.
  void rendered(element).then(stop);
  if (element.contains(document.activeElement)) start();
  return stop;
}
