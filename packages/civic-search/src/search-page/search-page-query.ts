import {
  apiFilters,
  type ApiSort,
  DEFAULT_RESULTS_PER_PAGE,
  type Filter,
  queryStringToState,
  type RequestState,
  stateToQueryString,
  toPageNumber,
  toResultsPerPage,
} from 'civic-elements/core';
import { REQUEST_LIMITS } from '../search-proxy/limits';
import { createRequestSchemas } from '../search-proxy/schemas';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../engines/page-schema';

/** The header form's field (the name the header search box posts its words under). */
export const TERM_PARAM = 'Search';
export const PAGE_PARAM = 'page';
export const SORT_PARAM = 'sort';
export const SIZE_PARAM = 'size';
/** Results a page may show: more would make a slow, long page without JavaScript. */
export const PAGE_SIZE_MAX = 100;

/** The facets shown as checkboxes, and the query-string name of each. */
export const FACET_PARAMS = { document_type: 'type', topic: 'topic' } as const;
export type FacetField = keyof typeof FACET_PARAMS;
export const FACET_FIELDS = Object.keys(FACET_PARAMS) as FacetField[];

/** The orders the sort select offers. */
export const SORTS = {
  relevance: undefined,
  newest: { published_date: 'desc' },
  oldest: { published_date: 'asc' },
  title: { title: 'asc' },
} as const satisfies Record<string, ApiSort | undefined>;
export type SortId = keyof typeof SORTS;
const SORT_IDS = Object.keys(SORTS) as SortId[];

/** What the page searches for, read from its query string. */
export interface SearchPageQuery {
  term: string;
  current: number;
  size: number;
  sort: SortId;
  /** Values ticked for each facet (matching any of them). */
  facetValues: Record<FacetField, string[]>;
  /** Filters on other fields that came in a Search UI link (the search element's URL), kept as they came. */
  otherFilters: Filter[];
}

function isFacetField(field: string): field is FacetField {
  return Object.hasOwn(FACET_PARAMS, field);
}

/** A Search UI sort (a list, or field and direction) as one of the page's orders, when it is one. */
function sortFromSearchUi(state: Partial<RequestState>): SortId | undefined {
  const wanted = state.sortList?.[0] ?? (state.sortField ? { field: state.sortField, direction: state.sortDirection } : undefined);
  if (!wanted) return undefined;
  return SORT_IDS.find((id) => {
    const sort = SORTS[id] as Record<string, string> | undefined;
    return sort && sort[wanted.field] === wanted.direction;
  });
}

/** The page lists, filters and sorts by the fields of content pages. */
const { searchRequestSchema } = createRequestSchemas(PAGE_SCHEMA, PAGE_SEARCH_FIELDS);

/** A filter the search proxy would accept (known field, real dates); others are dropped, not sent. */
function acceptable(filter: Filter): boolean {
  return searchRequestSchema.safeParse({ query: '', filters: apiFilters([filter]) }).success;
}

const textValues = (values: readonly unknown[]) =>
  values.filter((value): value is string => typeof value === 'string' && value.length > 0 && value.length <= REQUEST_LIMITS.queryMaxLength);

/**
 * Reads the page's own keys (`Search`, `type`, `topic`, `sort`, `page`, `size`) and the keys of a Search UI URL
 * (`q`, `current`, `size`, `filters`, `sort-field`, `sort-direction`, read with qs and SEARCH_URL_QUERY_LIMITS), so
 * a link written by the search element works here without JavaScript. The page's own keys win. Never throws.
 */
export function readSearchPageQuery(search: string): SearchPageQuery {
  const params = new URLSearchParams(search);
  const searchUi = queryStringToState(search);
  const term = (params.get(TERM_PARAM) ?? searchUi.searchTerm ?? '').trim().slice(0, REQUEST_LIMITS.queryMaxLength);
  const current = toPageNumber(params.get(PAGE_PARAM)) ?? searchUi.current ?? 1;
  const size = Math.min(toResultsPerPage(params.get(SIZE_PARAM)) ?? searchUi.resultsPerPage ?? DEFAULT_RESULTS_PER_PAGE, PAGE_SIZE_MAX);
  const sortParam = params.get(SORT_PARAM);
  const sort = SORT_IDS.find((id) => id === sortParam) ?? sortFromSearchUi(searchUi) ?? 'relevance';

  const facetValues = Object.fromEntries(FACET_FIELDS.map((field) => [field, textValues(params.getAll(FACET_PARAMS[field]))])) as Record<
    FacetField,
    string[]
  >;
  const otherFilters: Filter[] = [];
  for (const filter of searchUi.filters ?? []) {
    const strings = textValues(filter.values);
    if (isFacetField(filter.field) && filter.type === 'any' && strings.length === filter.values.length) {
      facetValues[filter.field].push(...strings);
    } else if (acceptable(filter)) {
      otherFilters.push(filter);
    }
  }
  for (const field of FACET_FIELDS) facetValues[field] = [...new Set(facetValues[field])];
  return { term, current, size, sort, facetValues, otherFilters };
}

/** Every filter of the query, the ticked facets as `any` filters. */
export function queryFilters(query: SearchPageQuery, withoutField?: FacetField): Filter[] {
  const facets = FACET_FIELDS.filter((field) => field !== withoutField && query.facetValues[field].length > 0).map((field): Filter => ({
    field,
    values: query.facetValues[field],
    type: 'any',
  }));
  return [...query.otherFilters, ...facets];
}

export function hasFilters(query: SearchPageQuery): boolean {
  return queryFilters(query).length > 0;
}

/** The other filters as form fields (Search UI's names), so the page's own forms keep them. */
export function otherFilterFields(query: SearchPageQuery): Array<[string, string]> {
  return [...new URLSearchParams(stateToQueryString({ filters: query.otherFilters }))];
}

/** The address of the page at `path` for `query` with `changes` (page 1 unless `current` is given). */
export function searchPageHref(path: string, query: SearchPageQuery, changes: Partial<SearchPageQuery> = {}): string {
  const next = { ...query, current: 1, ...changes };
  const params = new URLSearchParams();
  if (next.term) params.set(TERM_PARAM, next.term);
  for (const field of FACET_FIELDS) for (const value of next.facetValues[field]) params.append(FACET_PARAMS[field], value);
  if (next.sort !== 'relevance') params.set(SORT_PARAM, next.sort);
  if (next.size !== DEFAULT_RESULTS_PER_PAGE) params.set(SIZE_PARAM, String(next.size));
  for (const [name, value] of otherFilterFields(next)) params.append(name, value);
  if (next.current > 1) params.set(PAGE_PARAM, String(next.current));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
