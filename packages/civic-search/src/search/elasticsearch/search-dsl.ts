import type { estypes } from '@elastic/elasticsearch';
import { DEFAULT_RESULTS_PER_PAGE } from '../../../../../src/core/constants';
import type { ApiSearchRequest, ApiSortDirection } from '../../../../../src/core/search/app-search-api';
import { boolQuery } from './bool-query';
import { facetsToAggregations } from './facets-dsl';
import { filterToQuery } from './filters-dsl';
import { kindOf, TITLE_SORT_FIELD } from './mapping';

/** The search request body the client sends (everything but the index). */
export type SearchBody = Omit<estypes.SearchRequest, 'index'>;

/** Title above summary above body when a request does not weigh its search fields. */
export const DEFAULT_SEARCH_FIELDS = ['title^3', 'summary^2', 'body'];
/** Short queries need every word; longer ones three words in four (App Search's "precision 2" feel). */
export const MINIMUM_SHOULD_MATCH = '2<75%';
/** Elasticsearch's default index.max_result_window: from + size may not pass it. */
export const MAX_RESULT_WINDOW = 10_000;
/** App Search's default snippet length. */
export const DEFAULT_SNIPPET_SIZE = 100;
/** Fields that take highlighting; other fields' snippets come from their raw value. */
const HIGHLIGHTED_KINDS = new Set(['text']);

export const RELEVANCE = '_score';

function searchFields(request: ApiSearchRequest): string[] {
  if (!request.search_fields) return DEFAULT_SEARCH_FIELDS;
  return Object.entries(request.search_fields).map(([field, { weight }]) =>
    weight === undefined || weight === 1 ? field : `${field}^${weight}`,
  );
}

function textQuery(request: ApiSearchRequest): estypes.QueryDslQueryContainer {
  const query = request.query.trim();
  if (!query) return { match_all: {} };
  return {
    multi_match: {
      query,
      fields: searchFields(request),
      type: 'best_fields',
      analyzer: 'english',
      fuzziness: 'AUTO',
      prefix_length: 1,
      minimum_should_match: MINIMUM_SHOULD_MATCH,
    },
  };
}

function sortField(field: string): string {
  if (field === 'title') return TITLE_SORT_FIELD;
  return field;
}

/**
 * The requested order, then the document id so pages never overlap. Without a sort: relevance, except for a
 * search without words (nothing to rank by), which lists the newest first.
 */
function sortOf(request: ApiSearchRequest): estypes.SortCombinations[] {
  const clauses: Record<string, ApiSortDirection>[] = request.sort
    ? Array.isArray(request.sort)
      ? request.sort
      : [request.sort]
    : request.query.trim()
      ? [{ [RELEVANCE]: 'desc' }]
      : [{ published_date: 'desc' }];
  const sort = clauses.flatMap((clause) => Object.entries(clause).map(([field, order]) => ({ [sortField(field)]: { order } })));
  return [...sort, { id: { order: 'asc' } }];
}

function highlightOf(request: ApiSearchRequest): estypes.SearchHighlight | undefined {
  const fields: Record<string, estypes.SearchHighlightField> = {};
  for (const [field, options] of Object.entries(request.result_fields ?? {})) {
    if (!options.snippet || !HIGHLIGHTED_KINDS.has(kindOf(field) ?? '')) continue;
    fields[field] =
      field === 'title'
        ? { number_of_fragments: 0 }
        : { fragment_size: options.snippet.size ?? DEFAULT_SNIPPET_SIZE, number_of_fragments: 1 };
  }
  if (Object.keys(fields).length === 0) return undefined;
  // encoder html escapes the text around the tags, so a snippet is safe HTML with matches in <em>.
  return { encoder: 'html', pre_tags: ['<em>'], post_tags: ['</em>'], fields };
}

/** The page window, kept inside the result window: past it, no results (totals and facets still come back). */
export function pageWindow(request: ApiSearchRequest): { from: number; size: number; pageSize: number; current: number } {
  const pageSize = request.page?.size ?? DEFAULT_RESULTS_PER_PAGE;
  const current = request.page?.current ?? 1;
  const from = (current - 1) * pageSize;
  if (from >= MAX_RESULT_WINDOW) return { from: 0, size: 0, pageSize, current };
  return { from, size: Math.min(pageSize, MAX_RESULT_WINDOW - from), pageSize, current };
}

/** An App Search search request as the Query DSL search body. */
export function searchRequestToBody(request: ApiSearchRequest): SearchBody {
  const { from, size } = pageWindow(request);
  const highlight = highlightOf(request);
  const query = boolQuery({ must: [textQuery(request)], filter: request.filters ? [filterToQuery(request.filters)] : [] });
  return {
    query,
    from,
    size,
    track_total_hits: true,
    sort: sortOf(request),
    ...(request.result_fields && { _source: Object.keys(request.result_fields) }),
    ...(highlight && { highlight }),
    ...(request.facets && { aggregations: facetsToAggregations(request.facets) }),
  };
}
