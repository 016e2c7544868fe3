import { badRequest } from './errors';

/** App Search answers at most this many searches in one multi_search call. */
export const MAX_MULTI_SEARCH_QUERIES = 10;

/** The multi_search endpoint, in both spellings App Search clients use. */
export const MULTI_SEARCH_ENDPOINTS: ReadonlySet<string> = new Set(['multi_search', 'multi_search.json']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The searches of a multi_search body, `{"queries": [search, ...]}`: 1 to MAX_MULTI_SEARCH_QUERIES search request
 * bodies, each checked afterwards as a search on its own is. Anything else in the body is refused, naming it.
 */
export function readMultiSearch(body: Record<string, unknown>): Record<string, unknown>[] {
  const unknown = Object.keys(body).filter((field) => field !== 'queries');
  if (unknown.length > 0)
    throw badRequest(`request: unknown field ${JSON.stringify(unknown[0])}; a multi_search body is {"queries": [...]}.`);
  const { queries } = body;
  if (!Array.isArray(queries) || queries.length === 0) throw badRequest('request.queries: must be a list of 1 to 10 searches.');
  if (queries.length > MAX_MULTI_SEARCH_QUERIES) {
    throw badRequest(
      `request.queries: at most ${MAX_MULTI_SEARCH_QUERIES} searches can be sent in one multi_search call, not ${queries.length}.`,
    );
  }
  return queries.map((query, index) => {
    if (!isObject(query)) throw badRequest(`request.queries[${index}]: must be a search request object.`);
    return query;
  });
}
