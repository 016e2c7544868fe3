import { useSyncExternalStore } from 'react';
import { DESKTOP_SEARCH_MIN_WIDTH_PX } from '../../core/constants';

/** Windows this wide get the desktop header search. */
export const DESKTOP_SEARCH_QUERY = `(min-width: ${DESKTOP_SEARCH_MIN_WIDTH_PX}px)`;

/** `desktop`: the bar always shows; `narrow`: it folds behind the header search toggle. */
export type SearchLayout = 'desktop' | 'narrow';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(DESKTOP_SEARCH_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const currentLayout = (): SearchLayout => (matchMedia(DESKTOP_SEARCH_QUERY).matches ? 'desktop' : 'narrow');

/** The header search's layout for the window's width, updated when the window crosses DESKTOP_SEARCH_MIN_WIDTH_PX. */
export function useSearchLayout(): SearchLayout {
  return useSyncExternalStore(subscribe, currentLayout);
}
