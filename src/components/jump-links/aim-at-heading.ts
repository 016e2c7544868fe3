import { SCROLL_ANIMATION_MS } from '../../core/constants';
import { aimedScrollTop, cssOffset, movedByOthers } from '../../core/scroll-aim';
import { scrollFrame } from '../../core/scroll-animation';

/** Any of these from the visitor hands the page back to them. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

let stopCurrent: (() => void) | undefined;

/** Where the window must be for the heading's top to sit where scrolling to it puts it (scroll padding and margin). */
function targetOf(heading: HTMLElement): number {
  const root = document.documentElement;
  const viewport = window.innerHeight;
  const offset =
    cssOffset(getComputedStyle(root).scrollPaddingTop, viewport) + cssOffset(getComputedStyle(heading).scrollMarginTop, viewport);
  return aimedScrollTop(window.scrollY, heading.getBoundingClientRect().top, offset, root.scrollHeight - viewport);
}

/**
 * Scrolls the window to the heading with this id (over SCROLL_ANIMATION_MS when `smooth`, else at once), working
 * out where the heading is on every frame: content above it that changes size on the way (an element upgrading)
 * moves the target, and the scroll follows. Once there, it keeps the heading there while the page's size changes,
 * until the visitor takes over (wheel, touch, pointer, a key, or a scroll of their own) or another aim starts.
 * The browser's own scroll anchoring is off meanwhile, so that only the aiming and the visitor move the window.
 * The heading is looked up by id each time: an element upgrading may have replaced it.
 * Returns a function that stops it.
 */
export function aimAtHeading(id: string, { smooth }: { smooth: boolean }): () => void {
  stopCurrent?.();
  const root = document.documentElement;
  const anchoring = root.style.overflowAnchor;
  root.style.overflowAnchor = 'none';
  let lastSet: number | undefined;
  let frame = 0;
  let stopped = false;

  const aim = (position?: number): boolean => {
    const heading = document.getElementById(id);
    if (!heading) return false;
    const top = position ?? targetOf(heading);
    lastSet = top;
    if (Math.abs(window.scrollY - top) > 0.5) window.scrollTo({ top, behavior: 'instant' });
    return true;
  };

  const resizes = new ResizeObserver(() => {
    if (!stopped && frame === 0 && !aim()) stop();
  });
  const onScroll = () => {
    if (movedByOthers(window.scrollY, lastSet)) stop();
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    cancelAnimationFrame(frame);
    resizes.disconnect();
    window.removeEventListener('scroll', onScroll);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, true);
    root.style.overflowAnchor = anchoring;
    if (stopCurrent === stop) stopCurrent = undefined;
  }

  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  window.addEventListener('scroll', onScroll, { passive: true });
  resizes.observe(root);
  resizes.observe(document.body);
  stopCurrent = stop;

  if (!smooth) {
    if (!aim()) stop();
    return stop;
  }
  const start = window.scrollY;
  let began: number | undefined;
  const step = (now: number) => {
    began ??= now;
    const heading = document.getElementById(id);
    if (!heading) {
      stop();
      return;
    }
    // Towards where the heading is now, not where it was when the scroll began.
    const next = scrollFrame(start, targetOf(heading), now - began, SCROLL_ANIMATION_MS);
    aim(next.position);
    frame = next.done ? 0 : requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return stop;
}
