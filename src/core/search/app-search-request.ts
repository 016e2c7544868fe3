/** Request bodies of the App Search calls, built from the search state and the page's configuration. */
import { SUGGESTIONS_SHOWN } from '../constants';
import type { ApiClickRequest, ApiFilter, ApiQuerySuggestionRequest, ApiSearchRequest, ApiSort } from './app-search-api';
import type { AutocompleteQueryConfig, ResultClick, SearchQueryConfig } from './search-connector';
import type { Filter, FilterValue, RequestState } from './state';

/** A range sent to the API without its label. */
function withoutName(value: FilterValue): FilterValue {
  if (typeof value !== 'object' || value === null) return value;
  const { from, to } = value;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

/** `[{field: 'topic', values: ['a', 'b'], type: 'any'}]` → `{ all: [ { any: [ {topic: 'a'}, {topic: 'b'} ] } ] }`. */
export function apiFilters(filters: readonly Filter[]): ApiFilter | undefined {
  const all = filters
    .filter((filter) => filter.values.length > 0)
    .map((filter) => ({ [filter.type || 'any']: filter.values.map((value) => ({ [filter.field]: withoutName(value) })) }));
  return all.length > 0 ? { all } : undefined;
}

/** A sort list wins; else the sort field with its direction; else relevance (no sort sent). */
export function apiSort({
  sortList,
  sortField,
  sortDirection,
}: Pick<RequestState, 'sortList' | 'sortField' | 'sortDirection'>): ApiSort | undefined {
  const list = sortList.filter((option) => option.field && option.direction);
  if (list.length > 0) return list.map((option) => ({ [option.field]: option.direction as 'asc' | 'desc' }));
  if (sortField && sortDirection) return { [sortField]: sortDirection };
  return undefined;
}

export function buildSearchRequest(request: RequestState, config: SearchQueryConfig = {}): ApiSearchRequest {
  const sort = apiSort(request);
  const filters = apiFilters(request.filters);
  const { facets, result_fields, search_fields } = config;
  return {
    query: request.searchTerm,
    ...(sort && { sort }),
    page: { size: request.resultsPerPage, current: request.current },
    ...(filters && { filters }),
    // App Search refuses empty facets and filters objects.
    ...(facets && Object.keys(facets).length > 0 && { facets }),
    ...(result_fields && { result_fields }),
    ...(search_fields && { search_fields }),
  };
}

/** The facet-only search that counts one disjunctive facet: no results, that field's filters left out. */
export function buildDisjunctiveFacetRequest(request: RequestState, config: SearchQueryConfig, field: string): ApiSearchRequest {
  const facet = config.facets?.[field];
  const body = buildSearchRequest(
    { ...request, current: 1, resultsPerPage: 0, filters: request.filters.filter((filter) => filter.field !== field) },
    { facets: facet ? { [field]: facet } : {} },
  );
  delete body.sort;
  return body;
}

/** Fields of the disjunctive facets that the request filters (only those need a facet-only search). */
export function disjunctiveFacetFields(request: RequestState, config: SearchQueryConfig): string[] {
  const filtered = new Set(request.filters.map((filter) => filter.field));
  return [...new Set(config.disjunctiveFacets ?? [])].filter((field) => filtered.has(field) && config.facets?.[field] !== undefined);
}

export function buildSuggestionRequest(
  searchTerm: string,
  config: NonNullable<AutocompleteQueryConfig['suggestions']>,
): ApiQuerySuggestionRequest {
  return { query: searchTerm, ...(config.types && { types: config.types }), size: config.size ?? SUGGESTIONS_SHOWN };
}

export function buildAutocompleteResultsRequest(
  searchTerm: string,
  config: NonNullable<AutocompleteQueryConfig['results']>,
): ApiSearchRequest {
  const { resultsPerPage, result_fields, search_fields } = config;
  return {
    query: searchTerm,
    ...(resultsPerPage !== undefined && { page: { size: resultsPerPage } }),
    ...(result_fields && { result_fields }),
    ...(search_fields && { search_fields }),
  };
}

export function buildClickRequest({ query, documentId, requestId, tags }: ResultClick): ApiClickRequest {
  return { query, document_id: documentId, ...(requestId && { request_id: requestId }), tags };
}
