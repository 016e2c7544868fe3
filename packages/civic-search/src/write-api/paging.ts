import { badRequest } from './api-error';
import { invalidPage, PAGE_SIZE_MAX } from './app-search-rules';

export interface Page {
  current: number;
  size: number;
}

/** App Search's paging answer: the page asked for, its size, and how many pages and results there are in all. */
export function pageMeta(page: Page, total: number) {
  return { page: { current: page.current, total_pages: Math.ceil(total / page.size), total_results: total, size: page.size } };
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/**
 * The page a list request asks for: `page[current]` and `page[size]` in the query string (as the clients send them,
 * brackets encoded or not) or `{"page": {"current", "size"}}` in a JSON body (as the PHP clients send them). A page
 * left out, or given as null, is the first; page 0, which Silverstripe's search module asks for by default, is read as
 * the first too. Sizes run from 1 to PAGE_SIZE_MAX.
 */
export function readPage(query: URLSearchParams, body: unknown, defaultSize: number): Page {
  const fromBody = (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { page?: unknown }).page : undefined) as
    { current?: unknown; size?: unknown } | undefined;
  const current = query.get('page[current]') ?? (typeof fromBody === 'object' && fromBody !== null ? fromBody.current : undefined);
  const size = query.get('page[size]') ?? (typeof fromBody === 'object' && fromBody !== null ? fromBody.size : undefined);
  const page = { current: 1, size: defaultSize };
  if (given(current)) {
    const number = wholeNumber(current);
    if (number === undefined || number < 0) throw badRequest(invalidPage('current'));
    page.current = Math.max(1, number);
  }
  if (given(size)) {
    const number = wholeNumber(size);
    if (number === undefined || number < 1 || number > PAGE_SIZE_MAX) throw badRequest(invalidPage('size', PAGE_SIZE_MAX));
    page.size = number;
  }
  return page;
}
