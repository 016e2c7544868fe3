import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { HeadingLink } from './read-headings';

/**
 * A section is "current" once its heading has scrolled into the top part of the window (above this
 * percentage of its height); the current section is the last such one, so a long section stays current
 * while it is read.
 */
const READING_LINE_PERCENT = 30;
/** The observed area reaches this far above the window, so headings scrolled past stay "reached". */
const FAR_ABOVE_PX = 1_000_000;

/**
 * The id of the section in view, from an IntersectionObserver on the headings (no scroll listener).
 * Null before the first heading is reached.
 */
export function useCurrentSection(links: readonly HeadingLink[] | null): [string | null, Dispatch<SetStateAction<string | null>>] {
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    if (!links || links.length === 0) return;
    const reached = new Map<Element, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) reached.set(entry.target, entry.isIntersecting);
        const last = links.findLast((link) => reached.get(link.heading));
        setCurrent(last ? last.id : null);
      },
      { rootMargin: `${FAR_ABOVE_PX}px 0px -${100 - READING_LINE_PERCENT}% 0px` },
    );
    for (const link of links) observer.observe(link.heading);
    return () => observer.disconnect();
  }, [links]);

  return [current, setCurrent];
}
