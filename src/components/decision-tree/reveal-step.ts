import { DECISION_TREE_SCROLL_OFFSET_PX } from '../../core/constants';
import { scrollTopFor } from '../../core/decision-tree';
import { scrollWindowTo } from '../shared/scroll-window';

const HEADING = 'h1, h2, h3, h4, h5, h6';

/** The element that takes focus when a step shows: its first heading, else its legend, else the step. */
export function focusTargetOf(step: HTMLElement): HTMLElement {
  return step.querySelector<HTMLElement>(HEADING) ?? step.querySelector<HTMLElement>('legend') ?? step;
}

/**
 * Brings a step into view and moves focus to its heading (tabindex -1): the window scrolls so the step sits
 * DECISION_TREE_SCROLL_OFFSET_PX below the top, animated over SCROLL_ANIMATION_MS unless the visitor prefers
 * reduced motion. A wheel, touch, pointer or key press stops the animation where it is.
 */
export function revealStep(step: HTMLElement): void {
  const target = focusTargetOf(step);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  scrollWindowTo(scrollTopFor(step.getBoundingClientRect().top, window.scrollY, DECISION_TREE_SCROLL_OFFSET_PX));
}
