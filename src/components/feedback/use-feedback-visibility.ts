import { useLayoutEffect, useState } from 'react';
import { feedbackVisibility, type FeedbackScrollState, type FeedbackVisibility } from '../../core/feedback-visibility';
import { findLandmark } from './find-landmark';

const HIDDEN: FeedbackVisibility = { visible: false, atFooter: false };

/**
 * Follows the page: the header's height (measured, and again when it or the window resizes), the scroll
 * position, and whether the footer is in view (IntersectionObserver). Starts hidden; the first real state
 * arrives once the page has been measured, as the element commits, and scrolling is followed from then on.
 */
export function useFeedbackVisibility(headerSelector: string, footerSelector: string, elementName: string): FeedbackVisibility {
  const [state, setState] = useState<FeedbackVisibility>(HIDDEN);

  useLayoutEffect(() => {
    const header = findLandmark(headerSelector, 'header', elementName);
    const footer = findLandmark(footerSelector, 'footer', elementName);
    const inputs: FeedbackScrollState = { scrollY: window.scrollY, headerHeight: 0, footerInView: false };

    const update = () => {
      inputs.scrollY = window.scrollY;
      const next = feedbackVisibility(inputs);
      setState((current) => (current.visible === next.visible && current.atFooter === next.atFooter ? current : next));
    };
    const measureHeader = () => {
      inputs.headerHeight = header ? header.getBoundingClientRect().height : 0;
      update();
    };

    measureHeader();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', measureHeader);
    const headerObserver = header ? new ResizeObserver(measureHeader) : null;
    if (header) headerObserver?.observe(header);
    const footerObserver = footer
      ? new IntersectionObserver((entries) => {
          const latest = entries[entries.length - 1];
          if (!latest) return;
          inputs.footerInView = latest.isIntersecting;
          update();
        })
      : null;
    if (footer) footerObserver?.observe(footer);

    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', measureHeader);
      headerObserver?.disconnect();
      footerObserver?.disconnect();
    };
  }, [headerSelector, footerSelector, elementName]);

  return state;
}
