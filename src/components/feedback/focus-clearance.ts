/** Room kept between a focused element and the bar above which it is shown, in CSS pixels. */
export const FOCUS_CLEARANCE_PX = 8;

interface Box {
  top: number;
  bottom: number;
}

/**
 * How far to scroll the page down so that a focused element is clear of a bar fixed to the bottom of the
 * window: 0 when it is not under the bar. An element taller than the room above the bar is brought to the
 * top of the window (less `topRoom`), so its start shows.
 */
export function scrollToClear(focused: Box, bar: Box, topRoom = FOCUS_CLEARANCE_PX): number {
  if (focused.bottom + FOCUS_CLEARANCE_PX <= bar.top || focused.top >= bar.bottom) return 0;
  const needed = focused.bottom + FOCUS_CLEARANCE_PX - bar.top;
  const mostWithTopShowing = focused.top - topRoom;
  return Math.max(0, Math.min(needed, mostWithTopShowing));
}
