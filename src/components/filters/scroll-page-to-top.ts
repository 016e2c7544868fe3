import { SCROLL_ANIMATION_MS } from '../../core/constants';
import { scrollFrame } from '../../core/scroll-animation';
import { prefersReducedMotion } from './screen';

/** Any of these from the visitor takes the page back from the animation. */
const INTERRUPTIONS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls the window to the top over SCROLL_ANIMATION_MS (at once under prefers-reduced-motion). Wheel, touch,
 * pointer or key input stops it where it is. Returns a function that stops it.
 */
export function scrollPageToTop(): () => void {
  if (prefersReducedMotion() || window.scrollY <= 0) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return () => {};
  }
  const start = window.scrollY;
  let began: number | undefined;
  let frame = 0;
  let running = true;
  const stop = () => {
    if (!running) return;
    running = false;
    cancelAnimationFrame(frame);
    for (const type of INTERRUPTIONS) window.removeEventListener(type, stop, true);
  };
  const step = (now: number) => {
    began ??= now;
    const next = scrollFrame(start, 0, now - began, SCROLL_ANIMATION_MS);
    window.scrollTo({ top: next.position, behavior: 'instant' });
    if (next.done) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { capture: true, passive: true });
  frame = requestAnimationFrame(step);
  return stop;
}
