import { DEFAULT_RESULTS_PER_PAGE } from '../../../core/constants';
import type { ApiSearchRequest, ApiSearchResponse, ApiSort } from '../../../core/search/app-search-api';
import type { SiteDocument } from '../types';
import type { EngineIndex } from './engine-index';
import { computeFacets } from './facets';
import { compileFilter, type FieldReader } from './filters';
import { buildResult } from './results';
import { sortMatches, type Sortable } from './sorting';
import { matchText, wordMatcher, type TextMatch } from './text-query';

/** The site's page size unless asked (as the Elasticsearch backend), at most 1,000 a page (App Search's limit). */
export const MAX_PAGE_SIZE = 1000;
/** A search without words has nothing to rank by: newest first unless asked (as the Elasticsearch backend). */
export const BLANK_QUERY_SORT: ApiSort = { published_date: 'desc' };
/** App Search's default precision, reported in `meta`. */
const PRECISION = 2;

interface Candidate extends Sortable {
  document: SiteDocument;
  match: TextMatch;
  read: FieldReader;
}

/** Answers one search request against one engine's index, in App Search's response shape. */
export function runSearch(
  index: EngineIndex,
  engine: string,
  request: ApiSearchRequest,
  requestId: string,
  signal?: AbortSignal,
): ApiSearchResponse {
  signal?.throwIfAborted();
  const { ranked, matches } = matchText(index, request.query ?? '', request.search_fields);
  signal?.throwIfAborted();

  const passes = compileFilter(request.filters);
  const candidates: Candidate[] = [];
  for (const match of matches) {
    const position = index.positions.get(match.id);
    if (position === undefined) continue;
    const read = index.readers[position];
    if (passes(read)) candidates.push({ document: index.documents[position], match, read, score: match.score, position });
  }
  const facets = request.facets
    ? computeFacets(
        request.facets,
        candidates.map((candidate) => candidate.read),
      )
    : undefined;
  sortMatches(candidates, request.sort ?? (ranked ? undefined : BLANK_QUERY_SORT), index.ranks);
  signal?.throwIfAborted();

  const size = clamp(request.page?.size ?? DEFAULT_RESULTS_PER_PAGE, 1, MAX_PAGE_SIZE);
  const current = Math.max(1, Math.floor(request.page?.current ?? 1));
  const page = candidates.slice((current - 1) * size, current * size);
  const results = page.map(({ document, match }) =>
    buildResult(document, { score: roundScore(match.score), isMatch: wordMatcher(match.terms) }, engine, request.result_fields),
  );
  return {
    meta: {
      alerts: [],
      warnings: [],
      precision: PRECISION,
      page: { current, size, total_pages: Math.ceil(candidates.length / size), total_results: candidates.length },
      engine: { name: engine, type: 'default' },
      request_id: requestId,
    },
    results,
    ...(facets ? { facets } : {}),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
}

function roundScore(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
