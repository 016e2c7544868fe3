import { useLayoutEffect, useMemo } from 'react';

/**
 * An element of ours placed next to (or inside) a server-rendered node, for a React portal to render into:
 * the server markup stays where it is and keeps its nodes; what the upgrade adds sits beside it. It is put in
 * place before the browser paints and removed again on unmount. Null while there is no anchor.
 */
export function usePortalSlot(
  anchor: Element | null | undefined,
  where: InsertPosition,
  tag: 'div' | 'span' = 'div',
  className?: string,
): HTMLElement | null {
  const slot = useMemo(() => {
    if (!anchor) return null;
    const element = document.createElement(tag);
    if (className) element.className = className;
    return element;
  }, [anchor, tag, className]);
  useLayoutEffect(() => {
    if (!anchor || !slot) return;
    anchor.insertAdjacentElement(where, slot);
    return () => slot.remove();
  }, [anchor, slot, where]);
  return slot;
}
