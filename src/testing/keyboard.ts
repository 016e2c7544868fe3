import { sendKeys } from '@web/test-runner-commands';

/**
 * Real key presses (web-test-runner sends them through the browser, so focus moves as a visitor's would), and the
 * element that has focus, looked for inside shadow roots too.
 */

/** The focused element, inside open shadow roots too. */
export function focusedElement(): Element | null {
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  return focused;
}

const describeElement = (element: Element | null) =>
  element ? `<${element.localName}${element.id ? `#${element.id}` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';

/** Presses a key (`Tab`, `Shift+Tab`, `ArrowDown`, `Escape`, `Enter`, ...) and returns the element then focused. */
export async function press(key: string): Promise<Element | null> {
  await sendKeys({ press: key });
  return focusedElement();
}

/** Types text into whatever has focus, a key at a time, as a visitor does. */
export async function type(text: string): Promise<void> {
  await sendKeys({ type: text });
}

/** Tab (or Shift+Tab with `back`), returning the element then focused. */
export const tab = ({ back = false } = {}) => press(back ? 'Shift+Tab' : 'Tab');

/** Throws, naming what has focus instead, unless `element` has it. */
export function expectFocused(element: Element, message = 'focus'): void {
  const focused = focusedElement();
  if (focused !== element) throw new Error(`${message}: expected ${describeElement(element)} to have focus, but it is on ${describeElement(focused)}`);
}

/**
 * Presses Tab until `element` has focus, at most `limit` times, and returns how many presses it took. Fails,
 * listing where focus went, when it never gets there: the element cannot be reached from the keyboard.
 */
export async function tabTo(element: Element, { limit = 50, back = false } = {}): Promise<number> {
  const path: string[] = [];
  for (let presses = 1; presses <= limit; presses += 1) {
    const focused = await tab({ back });
    if (focused === element) return presses;
    path.push(describeElement(focused));
  }
  throw new Error(`${describeElement(element)} did not get focus in ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}; focus went: ${path.join(' → ')}`);
}
