import { SCROLL_ANIMATION_MS } from '../../core/constants';
import { scrollFrame } from '../../core/scroll-animation';

/** Any of these from the visitor takes the page back from the animation. */
const INTERRUPTIONS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

let stopRunning: (() => void) | undefined;

/**
 * Scrolls the window to `top` over SCROLL_ANIMATION_MS, at once under prefers-reduced-motion.
 * Wheel, touch, pointer or key input stops it where it is, and a new scroll replaces one still running.
 * Returns a function that stops it.
 */
export function scrollWindowTo(top: number): () => void {
  stopRunning?.();
  const start = window.scrollY;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || start === top) {
    window.scrollTo({ top, behavior: 'instant' });
    return () => {};
  }
  let began: number | undefined;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of INTERRUPTIONS) window.removeEventListener(type, stop, true);
    if (stopRunning === stop) stopRunning = undefined;
  };
  const step = (now: number) => {
    began ??= now;
    const next = scrollFrame(start, top, now - began, SCROLL_ANIMATION_MS);
    window.scrollTo({ top: next.position, behavior: 'instant' });
    if (next.done) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { capture: true, passive: true });
  stopRunning = stop;
  frame = requestAnimationFrame(step);
  return stop;
}
