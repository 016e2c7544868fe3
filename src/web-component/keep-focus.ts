import { controlShowing, isShown } from '../core/shown-parts';

/**
 * Focus on server markup survives the upgrade. When an element first renders, React empties the element and
 * Adopt moves the server's nodes into the rendered wrapper; taking a focused node out of the page blurs it, so a
 * visitor who tabbed to a link or clicked into a field while the script loaded would type into nothing.
 * `noteFocus` records the focused node (and a text field's selection) while the nodes are still in place;
 * `giveFocusBack` returns it once, after the move, unless focus has gone somewhere else meanwhile. When the
 * element hides the part the node is in (a closed dropdown, accordion section or panel), focus goes to the
 * control that shows that part instead, so it never drops to the page.
 */
export interface FocusSnapshot {
  readonly element: HTMLElement | SVGElement;
  readonly selection: TextSelection | null;
  /** Given back already (an effect that runs twice must not move the caret back). */
  settled: boolean;
}

interface TextSelection {
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (element: Element): element is TextField =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/** The selection of a text field; null for a field without one (a checkbox, a date field). */
function selectionOf(field: TextField): TextSelection | null {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = field;
    return start === null ? null : { start, end: end ?? start, direction: direction ?? 'none' };
  } catch {
    return null;
  }
}

/** What has focus, if it is one of the nodes or inside one; null otherwise. */
export function noteFocus(nodes: readonly Node[]): FocusSnapshot | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement || active instanceof SVGElement)) return null;
  const snapshot = { element: active, selection: isTextField(active) ? selectionOf(active) : null, settled: false };
  return holdsFocus(nodes, snapshot) ? snapshot : null;
}

/** True when the noted node is one of the nodes or inside one (taken out of the page or not). */
export function holdsFocus(nodes: readonly Node[], snapshot: FocusSnapshot): boolean {
  return nodes.some((node) => node === snapshot.element || node.contains(snapshot.element));
}

/**
 * Focuses the noted node again, without scrolling, when moving it lost focus: focus is on nothing (the page) and
 * the node is still in the page. Focus a visitor or a component has put anywhere else stays there.
 */
export function giveFocusBack(snapshot: FocusSnapshot | null): void {
  if (!snapshot || snapshot.settled) return;
  snapshot.settled = true;
  const { element, selection } = snapshot;
  const active = document.activeElement;
  if (!element.isConnected || (active !== null && active !== document.body)) return;
  element.focus({ preventScroll: true });
  // The element may hide the node's part now or as it finishes upgrading (within this frame), which drops focus:
  // the control that shows the part takes it.
  const handOver = () => {
    const active = document.activeElement;
    const dropped = active === null || active === document.body || (active === element && !isShown(element));
    if (dropped) controlShowing(element)?.focus({ preventScroll: true });
  };
  handOver();
  requestAnimationFrame(handOver);
  if (selection && isTextField(element) && document.activeElement === element) {
    try {
      element.setSelectionRange(selection.start, selection.end, selection.direction);
    } catch {
      // The field's type changed to one without a caret.
    }
  }
}
