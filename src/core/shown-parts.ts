/**
 * Which parts of a page are shown, and which control shows a part that is not: the rules the element layer uses to
 * give focus back after an upgrade, and the autoloader to give a click held during one to the control now standing
 * where the visitor clicked (its replay module, fetched only for such a click, alongside the element's code).
 */
/** Rendered, not in a hidden or display: none part. (The browser blurs a hidden focused node only at its next frame.) */
export const isShown = (element: Element) =>
  typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0;

/** The control for a part holding `element`: the nearest ancestor with an id some `aria-controls` names. */
export function controlShowing(element: Element): HTMLElement | null {
  for (let part = element.parentElement; part; part = part.parentElement) {
    if (!part.id) continue;
    for (const control of part.ownerDocument.querySelectorAll<HTMLElement>('[aria-controls]')) {
      if (control !== element && !part.contains(control) && control.getAttribute('aria-controls')!.split(/\s+/).includes(part.id)) return control;
    }
  }
  return null;
}
