/**
 * Focus on server markup survives the upgrade. Rendering the element moves its server nodes into the rendered
 * wrapper (see Adopt), and moving a focused field blurs it: a visitor who clicked into the header search while the
 * page loaded would type into nothing. The focused node (and the caret) is noted while the server's markup is
 * read, and given back once, after the move, unless focus has gone somewhere else meanwhile.
 */
export interface FocusSnapshot {
  element: HTMLElement;
  selection: readonly [number, number] | null;
  restored: boolean;
}

export function focusWithin(nodes: readonly Node[]): FocusSnapshot | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !nodes.some((node) => node === active || node.contains(active))) return null;
  let selection: [number, number] | null = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    try {
      selection = active.selectionStart === null ? null : [active.selectionStart, active.selectionEnd ?? active.selectionStart];
    } catch {
      selection = null;
    }
  }
  return { element: active, selection, restored: false };
}

export function restoreFocus(snapshot: FocusSnapshot | null): void {
  if (!snapshot || snapshot.restored) return;
  snapshot.restored = true;
  const { element, selection } = snapshot;
  const active = document.activeElement;
  if (!element.isConnected || (active && active !== document.body && active !== element)) return;
  if (active !== element) element.focus({ preventScroll: true });
  if (selection && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    try {
      element.setSelectionRange(selection[0], selection[1]);
    } catch {
      // A field type without a caret.
    }
  }
}
