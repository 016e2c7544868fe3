import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../core/constants';

/** Windows this wide or narrower get the mobile layout. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export type Layout = 'mobile' | 'desktop';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const currentLayout = (): Layout => (matchMedia(MOBILE_MEDIA_QUERY).matches ? 'mobile' : 'desktop');

/**
 * The layout for the window's width, updated when the window crosses the breakpoint. The elements mirror it in
 * a `data-layout` attribute, so their CSS follows the one breakpoint in src/core/constants.ts.
 */
export function useLayout(): Layout {
  return useSyncExternalStore(subscribe, currentLayout);
}
