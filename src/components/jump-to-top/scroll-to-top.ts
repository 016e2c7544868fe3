import { JUMP_TO_TOP_INTERVAL_MS, JUMP_TO_TOP_STEP_PX } from '../../core/constants';
import { nextScrollStep } from '../../core/scroll-steps';

/** Any of these from the visitor takes the page back from the animation. */
const INTERRUPTIONS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export interface ScrollToTopOptions {
  /** Called once the top is reached (not when interrupted). */
  onDone: () => void;
  /** Called when the stepping ends for any reason: reached the top, interrupted, or stopped. */
  onEnd: () => void;
}

/**
 * Scrolls the window up by JUMP_TO_TOP_STEP_PX every JUMP_TO_TOP_INTERVAL_MS until it is at the top.
 * Wheel, touch, pointer or key input stops it where it is. Returns a function that stops it.
 */
export function scrollToTopStepwise({ onDone, onEnd }: ScrollToTopOptions): () => void {
  let running = true;
  let timer = 0;
  const stop = () => {
    if (!running) return;
    running = false;
    window.clearInterval(timer);
    for (const type of INTERRUPTIONS) window.removeEventListener(type, stop, true);
    onEnd();
  };
  const step = () => {
    const next = nextScrollStep(window.scrollY, JUMP_TO_TOP_STEP_PX);
    window.scrollTo({ top: next.position, behavior: 'instant' });
    if (!next.done) return;
    stop();
    onDone();
  };
  for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { capture: true, passive: true });
  timer = window.setInterval(step, JUMP_TO_TOP_INTERVAL_MS);
  return stop;
}

/** Under prefers-reduced-motion: reduce, there is no animation: straight to the top. */
export function scrollToTopAtOnce(): void {
  window.scrollTo({ top: 0, behavior: 'instant' });
}

export const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
