/** Which edge of the toggle the open panel lines up with. */
export type PanelAlignment = 'start' | 'end';

interface Span {
  left: number;
  right: number;
}

/**
 * The panel opens under the toggle, lined up with its start edge, unless that would take it past the column
 * it sits in (the element's parent): then it lines up with the toggle's end edge and opens back across the
 * column. If it fits neither way, the side that overhangs less wins. `rtl`: the start edge is the right one.
 */
export function panelAlignment(toggle: Span, panelWidth: number, column: Span, rtl = false): PanelAlignment {
  const overhang = (left: number) => Math.max(0, column.left - left) + Math.max(0, left + panelWidth - column.right);
  const startLeft = rtl ? toggle.right - panelWidth : toggle.left;
  const endLeft = rtl ? toggle.left : toggle.right - panelWidth;
  return overhang(endLeft) < overhang(startLeft) ? 'end' : 'start';
}
