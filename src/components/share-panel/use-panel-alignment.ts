import { useLayoutEffect, useState, type RefObject } from 'react';
import { panelAlignment, type PanelAlignment } from './panel-alignment';

/**
 * Keeps the open panel inside the column the element sits in (its parent element's box): worked out before
 * the panel is painted, and again when the window is resized while it is open.
 */
export function usePanelAlignment(
  host: HTMLElement,
  toggle: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  open: boolean,
): PanelAlignment {
  const [alignment, setAlignment] = useState<PanelAlignment>('start');
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = toggle.current;
      const box = panel.current;
      const column = host.parentElement;
      if (!button || !box || !column) return;
      const rtl = getComputedStyle(host).direction === 'rtl';
      const columnBox = column.getBoundingClientRect();
      const style = getComputedStyle(column);
      const content = {
        left: columnBox.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
        right: columnBox.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
      };
      setAlignment(panelAlignment(button.getBoundingClientRect(), box.getBoundingClientRect().width, content, rtl));
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [host, toggle, panel, open]);
  return alignment;
}
