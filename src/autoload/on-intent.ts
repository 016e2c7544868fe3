import { RENDERED, type RenderedSignal } from '../core/rendered-signal';

/** What shows a visitor is turning to an element: the pointer over it, a touch, focus inside it, a key in it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];

/** The controls whose click is held while the element's code loads. */
const CONTROLS = 'a[href], button, input[type="submit"]';

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * Waits for the visitor's intent on `element` and calls `load` at the first sign of it (at once if focus is inside
 * already). Until the element has rendered, a plain click on one of its links or buttons is held (the page does not
 * leave, the form does not post) and handed on by replay-click.ts, which is fetched only then. Returns a function
 * that stops.
 */
export function onIntent(element: Element, load: () => Promise<unknown>): () => void {
  let loading: Promise<unknown> | undefined;
  let done = false;
  const start = () => (loading ??= load());
  /** The click being handed on: let it through. */
  let replaying: EventTarget | null = null;
  const click = (to: HTMLElement) => {
    replaying = to;
    to.click();
    replaying = null;
  };

  const onClick = (event: Event) => {
    if (done || !(event instanceof MouseEvent) || event.target === replaying || !plainClick(event)) return;
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (!control || !element.contains(control)) return;
    event.preventDefault();
    const loaded = start();
    import('./replay-click').then(
      ({ replayClick }) => replayClick(element, control, loaded, click),
      () => click(control),
    );
  };

  const options = { capture: true, passive: true };
  for (const type of INTENT_EVENTS) element.addEventListener(type, start, options);
  element.addEventListener('click', onClick, true);
  const stop = () => {
    done = true;
    for (const type of INTENT_EVENTS) element.removeEventListener(type, start, options);
    element.removeEventListener('click', onClick, true);
  };
  // Once it has rendered, the element handles everything itself.
  void customElements.whenDefined(element.localName).then(() => (element as Element & RenderedSignal)[RENDERED]).then(stop);
  if (element.contains(document.activeElement)) start();
  return stop;
}
