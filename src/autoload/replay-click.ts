import { RENDERED, type RenderedSignal } from '../core/rendered-signal';
import { controlShowing, isShown } from '../core/shown-parts';

/**
 * How long a held click waits for the element to render before it does what it does without JavaScript (follows
 * the link, submits the form): a slow connection must not leave a visitor's click doing nothing.
 */
export const HELD_CLICK_LIMIT_MS = 3000;

/** The element's first render, or its definition for an element that signals none (a tag a site defined itself). */
export async function rendered(element: Element): Promise<void> {
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

/**
 * Gives a click held on `control` to `element` once it has rendered (`loading` settled), or lets it do its server
 * default when the code could not load or took longer than HELD_CLICK_LIMIT_MS. `click` clicks without the hold.
 */
export function replayClick(element: Element, control: HTMLElement, loading: Promise<unknown>, click: (to: HTMLElement) => void): void {
  let settled = false;
  const finish = (to: () => HTMLElement) => {
    if (settled) return;
    settled = true;
    clearTimeout(limit);
    click(to());
  };
  const limit = setTimeout(() => finish(() => control), HELD_CLICK_LIMIT_MS);
  loading.then(
    () => rendered(element).then(() => finish(() => standIn(control))),
    () => finish(() => control),
  );
}
