/**
 * Which page links a results page shows: the first and the last page, two either side of
 * the current one, gaps between, and Previous and Next where they lead somewhere. Pages stop at MAX_TOTAL_PAGES.
 */
import { MAX_TOTAL_PAGES } from './constants';

/** Pages shown either side of the current one. */
const NEIGHBOURS = 2;

export type PageLink =
  | { kind: 'previous' | 'next' | 'page'; page: number; current: boolean }
  /** Pages left out between two links. */
  | { kind: 'gap' };

/** The links for `current` of `totalPages` (capped at MAX_TOTAL_PAGES); none when there is only one page. */
export function pageLinks(current: number, totalPages: number): PageLink[] {
  const last = Math.min(Math.max(0, Math.floor(totalPages)), MAX_TOTAL_PAGES);
  if (last <= 1) return [];
  const at = Math.min(Math.max(1, Math.floor(current) || 1), last);
  const numbers = [1, last];
  for (let page = at - NEIGHBOURS; page <= at + NEIGHBOURS; page += 1) numbers.push(page);
  const shown = [...new Set(numbers)].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);

  const links: PageLink[] = [];
  if (at > 1) links.push({ kind: 'previous', page: at - 1, current: false });
  shown.forEach((page, index) => {
    if (index > 0 && page - shown[index - 1] > 1) links.push({ kind: 'gap' });
    links.push({ kind: 'page', page, current: page === at });
  });
  if (at < last) links.push({ kind: 'next', page: at + 1, current: false });
  return links;
}
