import { type ApiFacetResponse, apiFilters, type ApiSearchRequest, type ApiSearchResponse } from 'civic-elements/core';
import { checkedSearchAnswer } from '../search-proxy/backend-answer';
import { startDeadline, untilAborted } from '../search-proxy/deadline';
import type { SearchBackend } from '../search/types';
import { FACET_FIELDS, hasFilters, queryFilters, SORTS, type FacetField, type SearchPageQuery } from './search-page-query';

/** Values listed for a facet: every document type and topic of the site fits. */
const FACET_SIZE = 50;
/** How long the page waits for the backend. */
export const SEARCH_PAGE_TIMEOUT_MS = 5000;

const RESULT_FIELDS: ApiSearchRequest['result_fields'] = {
  title: { raw: {} },
  summary: { raw: {}, snippet: { size: 250, fallback: true } },
  body: { snippet: { size: 250, fallback: false } },
  url: { raw: {} },
  document_type: { raw: {} },
  published_date: { raw: {} },
  topic: { raw: {} },
};

export type PageSearchOutcome =
  /** Nothing to search for yet: no words and no filters. */
  | { kind: 'idle' }
  | { kind: 'results'; answer: ApiSearchResponse; facets: Record<FacetField, ApiFacetResponse['data']> }
  | { kind: 'failed' };

function facetRequest(field: FacetField): ApiSearchRequest['facets'] {
  return { [field]: { type: 'value', size: FACET_SIZE } };
}

/** The results search: words, filters, order, page, both facets. */
export function resultsRequest(query: SearchPageQuery): ApiSearchRequest {
  const filters = apiFilters(queryFilters(query));
  const sort = SORTS[query.sort];
  return {
    query: query.term,
    page: { size: query.size, current: query.current },
    ...(filters && { filters }),
    ...(sort && { sort }),
    facets: Object.assign({}, ...FACET_FIELDS.map(facetRequest)),
    result_fields: RESULT_FIELDS,
  };
}

/**
 * The counts of one facet with that facet's own ticks left out (a disjunctive facet), so ticking "Policy" still
 * shows how many reports there are. One result is asked for: the counts are what matter.
 */
export function facetCountRequest(query: SearchPageQuery, field: FacetField): ApiSearchRequest {
  const filters = apiFilters(queryFilters(query, field));
  return { query: query.term, page: { size: 1, current: 1 }, ...(filters && { filters }), facets: facetRequest(field) };
}

function facetData(answer: ApiSearchResponse, field: FacetField): ApiFacetResponse['data'] {
  return answer.facets?.[field]?.[0]?.data ?? [];
}

/**
 * Runs the page's searches. Answers are checked and cleaned like the proxy's (pages capped, snippets made safe);
 * a failure, a timeout or an unreadable answer is logged and reported as `failed`, never thrown.
 */
export async function runPageSearch(
  backend: SearchBackend,
  engine: string,
  query: SearchPageQuery,
  timeoutMs: number = SEARCH_PAGE_TIMEOUT_MS,
): Promise<PageSearchOutcome> {
  if (!query.term && !hasFilters(query)) return { kind: 'idle' };
  const deadline = startDeadline(timeoutMs);
  const { signal } = deadline;
  const ticked = FACET_FIELDS.filter((field) => query.facetValues[field].length > 0);
  try {
    const search = async (request: ApiSearchRequest) => checkedSearchAnswer(await backend.search(engine, request, signal));
    const [answer, ...counts] = await untilAborted(
      Promise.all([search(resultsRequest(query)), ...ticked.map((field) => search(facetCountRequest(query, field)))]),
      signal,
    );
    const facets = Object.fromEntries(FACET_FIELDS.map((field) => [field, facetData(answer, field)])) as Record<
      FacetField,
      ApiFacetResponse['data']
    >;
    ticked.forEach((field, index) => {
      facets[field] = facetData(counts[index], field);
    });
    return { kind: 'results', answer, facets };
  } catch (error) {
    const reason = signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
    console.error(`search page: search on "${engine}" failed: ${reason}`);
    return { kind: 'failed' };
  } finally {
    deadline.clear();
  }
}
