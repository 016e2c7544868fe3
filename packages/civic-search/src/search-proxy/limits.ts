import { MAX_RESULTS_PER_PAGE, MAX_TOTAL_PAGES, SEARCH_QUERY_MAX_LENGTH } from 'civic-elements/core';

/**
 * The proxy's request limits. Ranges follow Elastic App Search's own, so a request App Search accepts is accepted
 * here and one it refuses is refused here too.
 */
export const REQUEST_LIMITS = Object.freeze({
  /** Longest query App Search accepts. */
  queryMaxLength: SEARCH_QUERY_MAX_LENGTH,
  /** Results per page. 0 is accepted only as App Search clients send it: a facet-only (disjunctive) request. */
  pageSizeMin: 1,
  pageSizeMax: MAX_RESULTS_PER_PAGE,
  /** The highest page a request may ask for (total pages are capped). */
  pageCurrentMax: MAX_TOTAL_PAGES,
  /** Values a value facet returns. */
  facetSizeMax: 250,
  /** Facets asked of one field. */
  facetsPerFieldMax: 5,
  /** Ranges in one range facet. */
  facetRangesMax: 20,
  /** Boolean filters nested inside each other. */
  filterDepthMax: 8,
  /** Values listed for one field in one filter. */
  filterValuesMax: 1000,
  /** Search field weights. */
  weightMax: 10,
  /** Raw and snippet sizes of result fields, in characters. */
  resultFieldSizeMin: 20,
  resultFieldSizeMax: 1000,
  /** Suggestions a query_suggestion request may ask for. */
  suggestionsMax: 20,
  /** Analytics tags on a request or a click, and their length. */
  tagsMax: 16,
  tagMaxLength: 64,
  /** App Search's precision tuning scale. */
  precisionMin: 1,
  precisionMax: 11,
  /** Longest document or request id a click may carry. */
  idMaxLength: 256,
  /** Longest engine name. */
  engineNameMaxLength: 64,
});
