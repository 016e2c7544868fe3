const MAIN = 'main, [role="main"]';

/** Focuses an element, making it programmatically focusable for the moment if it is not (as GOV.UK does). */
function focusElement(element: HTMLElement): boolean {
  const madeFocusable = !element.hasAttribute('tabindex') && element.tabIndex < 0;
  if (madeFocusable) element.setAttribute('tabindex', '-1');
  element.focus();
  const focused = document.activeElement === element;
  if (madeFocusable && focused) element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  else if (madeFocusable) element.removeAttribute('tabindex');
  return focused;
}

function returnFocusTarget(host: HTMLElement, selector: string | undefined): HTMLElement | null {
  if (!selector?.trim()) return null;
  let target: Element | null;
  try {
    target = document.querySelector(selector);
  } catch {
    console.warn(`<announcement-banner> return-focus: "${selector}" is not a valid selector; focus moves to the main content.`);
    return null;
  }
  if (target instanceof HTMLElement && !host.contains(target)) return target;
  console.warn(`<announcement-banner> return-focus: "${selector}" matches no element outside the banner; focus moves to the main content.`);
  return null;
}

/**
 * After the banner closes, its button is gone: move focus to the element named by `return-focus`,
 * else to the main landmark, so keyboard and screen-reader users are not dropped at the top of the page.
 */
export function focusAfterClose(host: HTMLElement, returnFocus: string | undefined): void {
  const target = returnFocusTarget(host, returnFocus);
  if (target && focusElement(target)) return;
  const main = document.querySelector<HTMLElement>(MAIN);
  if (main && focusElement(main)) return;
  console.warn('<announcement-banner>: after closing there is nowhere to move focus. Add a <main> landmark or a return-focus selector.');
}
