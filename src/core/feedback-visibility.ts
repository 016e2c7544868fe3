/**
 * When the feedback widget shows, and where ("shown once the page is scrolled past the
 * header height. It is marked as 'at the footer' when the footer is in view").
 */
export interface FeedbackScrollState {
  /** The window's vertical scroll offset in CSS pixels. */
  scrollY: number;
  /** The measured height of the page header; 0 when the page has none. */
  headerHeight: number;
  /** Whether any part of the page footer is in the viewport. */
  footerInView: boolean;
}

export interface FeedbackVisibility {
  /** The widget can be seen and used. */
  visible: boolean;
  /** The footer is in view: the widget sits in the page flow just above it. */
  atFooter: boolean;
}

/** A measurement that is not a finite, non-negative number counts as 0. */
const nonNegative = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * Visible once the page is scrolled past (strictly beyond) the header's height, or whenever the footer is
 * in view; at the footer whenever the footer is in view.
 */
export function feedbackVisibility({ scrollY, headerHeight, footerInView }: FeedbackScrollState): FeedbackVisibility {
  const pastHeader = nonNegative(scrollY) > nonNegative(headerHeight);
  return { visible: pastHeader || footerInView, atFooter: footerInView };
}

/** The widget floats fixed to the bottom of the viewport only while visible and not yet at the footer. */
export function isFloating(state: FeedbackVisibility): boolean {
  return state.visible && !state.atFooter;
}
