/**
 * Scrolling the window to an element whose place may change on the way (content above it upgrading and shrinking,
 * images arriving): the arithmetic of aiming. Framework-free: positions arrive as numbers, styles as their
 * computed text.
 */

/**
 * The scroll position that puts an element's top `offset` px below the window's top, in whole pixels and within
 * what the page can scroll to. `elementTop` is where the element is in the window now, `scrollTop` where the
 * window is scrolled now.
 */
export function aimedScrollTop(scrollTop: number, elementTop: number, offset: number, maxScrollTop: number): number {
  const wanted = Math.round(scrollTop + elementTop - offset);
  return Math.min(Math.max(0, wanted), Math.max(0, Math.round(maxScrollTop)));
}

/**
 * A computed `scroll-padding-top` or `scroll-margin-top` in pixels: `16px` is 16, a percentage is of the window's
 * height, `auto` and anything unreadable is 0.
 */
export function cssOffset(value: string, viewportHeight: number): number {
  const trimmed = value.trim();
  const px = /^(-?\d*\.?\d+)px$/.exec(trimmed);
  if (px) return Number(px[1]);
  const percent = /^(-?\d*\.?\d+)%$/.exec(trimmed);
  if (percent) return (Number(percent[1]) / 100) * viewportHeight;
  return 0;
}

/**
 * Whether the window was moved by someone other than the aiming: it is not where the aiming last put it
 * (a pixel of rounding allowed).
 */
export function movedByOthers(scrollTop: number, lastSet: number | undefined): boolean {
  return lastSet !== undefined && Math.abs(scrollTop - lastSet) > 1;
}
