/**
 * The document library's animated scroll to the top (500 ms). The frames live in the component;
 * the arithmetic lives here.
 */

/** Slow start, slow finish: 0 → 0, 0.5 → 0.5, 1 → 1. Values outside [0, 1] are held at the ends. */
export function easeInOutCubic(progress: number): number {
  if (!(progress > 0)) return 0;
  if (progress >= 1) return 1;
  return progress < 0.5 ? 4 * progress ** 3 : 1 - (-2 * progress + 2) ** 3 / 2;
}

/**
 * Where the page should be `elapsedMs` into an animation from `start` to `target` lasting `durationMs`,
 * rounded to whole pixels, and whether the animation is over. A duration that is not positive (or not a
 * number) arrives at once.
 */
export function scrollFrame(start: number, target: number, elapsedMs: number, durationMs: number): { position: number; done: boolean } {
  if (!(durationMs > 0) || !(elapsedMs < durationMs)) return { position: Math.round(target), done: true };
  const progress = easeInOutCubic(Math.max(0, elapsedMs) / durationMs);
  return { position: Math.round(start + (target - start) * progress), done: false };
}
