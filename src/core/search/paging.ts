/** Page maths: the shown range, the page cap, and what counts as a page number or size. */
import { MAX_RESULTS_PER_PAGE, MAX_TOTAL_PAGES } from '../constants';

export { MAX_RESULTS_PER_PAGE };

/** "Showing X to Y": X is 0 without results, else (current-1)*size+1; Y is min(total, X+size-1). */
export function pagingRange(current: number, resultsPerPage: number, totalResults: number): { pagingStart: number; pagingEnd: number } {
  const pagingStart = totalResults === 0 ? 0 : (current - 1) * resultsPerPage + 1;
  return { pagingStart, pagingEnd: Math.min(totalResults, pagingStart + resultsPerPage - 1) };
}

/** Total pages as shown: a whole number from 0 to MAX_TOTAL_PAGES (App Search cannot page further). */
export function capTotalPages(totalPages: number): number {
  return Number.isFinite(totalPages) ? Math.min(Math.max(0, Math.floor(totalPages)), MAX_TOTAL_PAGES) : 0;
}

/** A positive whole number, given as a number or as digits; anything else is undefined. */
function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/** A page number: a positive whole number, lowered to MAX_TOTAL_PAGES when above it. */
export function toPageNumber(value: unknown): number | undefined {
  const page = positiveInteger(value);
  return page === undefined ? undefined : Math.min(page, MAX_TOTAL_PAGES);
}

/** A page size: a whole number from 1 to MAX_RESULTS_PER_PAGE. */
export function toResultsPerPage(value: unknown): number | undefined {
  const size = positiveInteger(value);
  return size !== undefined && size <= MAX_RESULTS_PER_PAGE ? size : undefined;
}
