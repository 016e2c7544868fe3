import { useEffect, useState } from 'react';

/**
 * Whether the host's own place in the page (the room it keeps for the bar) is wholly in view, or scrolled past
 * above. From then on the bar sits in that place instead of floating over what surrounds it (the page's end,
 * "Back to top" beside it), so it never covers the very content a visitor has scrolled down to.
 */
export function usePlaceReached(host: HTMLElement): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries[entries.length - 1];
        if (!latest) return;
        const bottom = latest.rootBounds?.bottom ?? window.innerHeight;
        // Rounding: a box that ends within a pixel of the window's bottom edge is in view.
        setReached(latest.boundingClientRect.bottom <= bottom + 1);
      },
      { threshold: [0, 1] },
    );
    observer.observe(host);
    return () => observer.disconnect();
  }, [host]);
  return reached;
}
