/**
 * Stepwise scrolling back to the top of the page ("scrolls up stepwise, then focuses the
 * skip links"; 50 px every 25 ms). The timer lives in the component; the arithmetic lives here.
 */
export interface ScrollStep {
  /** Where to scroll to on this step, in CSS pixels from the top. */
  position: number;
  /** The top has been reached: no further step is needed. */
  done: boolean;
}

/**
 * The next position when moving up by `stepPx` from `current`: never below 0, and done once at 0.
 * A position that is not a finite number is taken as already at the top; a step that is not a positive
 * finite number jumps straight to the top rather than never arriving.
 */
export function nextScrollStep(current: number, stepPx: number): ScrollStep {
  if (!Number.isFinite(current) || current <= 0) return { position: 0, done: true };
  if (!Number.isFinite(stepPx) || stepPx <= 0) return { position: 0, done: true };
  const position = Math.max(0, current - stepPx);
  return { position, done: position === 0 };
}

/** How many steps it takes to reach the top from `start` (0 when already there), as `nextScrollStep` counts them. */
export function stepsToTop(start: number, stepPx: number): number {
  if (!Number.isFinite(start) || start <= 0) return 0;
  if (!Number.isFinite(stepPx) || stepPx <= 0) return 1;
  return Math.ceil(start / stepPx);
}
