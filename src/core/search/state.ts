/**
 * The search state, with Elastic Search UI's names and defaults, so code and URLs written for
 * Search UI read the same here. Types and defaults only.
 */
import { DEFAULT_RESULTS_PER_PAGE } from '../constants';
import type { ApiRange, ApiResult } from './app-search-api';

export type FilterType = 'any' | 'all' | 'none';
/** A range value: `{ from, to }` bounds and an optional `name` (a range facet's label, which identifies it). */
export type FilterValueRange = ApiRange;
export type FilterValue = string | number | boolean | FilterValueRange;
export interface Filter {
  field: string;
  values: FilterValue[];
  type: FilterType;
}

export type SortDirection = 'asc' | 'desc' | '';
export interface SortOption {
  field: string;
  direction: SortDirection;
}

/** What a search asks for: the part of the state the URL carries. */
export interface RequestState {
  current: number;
  filters: Filter[];
  resultsPerPage: number;
  searchTerm: string;
  sortDirection: SortDirection;
  sortField: string;
  sortList: SortOption[];
}

export interface FacetValue {
  /** A value facet's value, or a range facet's range `{ from, to, name }`. */
  value: FilterValue;
  count: number;
  /** True when a filter on the facet's field holds this value (set by the driver). */
  selected?: boolean;
}
export interface Facet {
  field: string;
  type: 'value' | 'range';
  name?: string;
  data: FacetValue[];
}

/** What a search answers. */
export interface SearchResponseState {
  results: ApiResult[];
  facets: Record<string, Facet[]>;
  requestId: string;
  /** At most MAX_TOTAL_PAGES. */
  totalPages: number;
  totalResults: number;
}

export interface Suggestion {
  suggestion: string;
}
/** What an autocomplete call answers. Suggestions are grouped by type: `{ documents: [{ suggestion }] }`. */
export interface AutocompleteResponseState {
  autocompletedResults: ApiResult[];
  autocompletedResultsRequestId: string;
  autocompletedSuggestions: Record<string, Suggestion[]>;
  autocompletedSuggestionsRequestId: string;
}

export interface SearchState extends RequestState, SearchResponseState, AutocompleteResponseState {
  error: string;
  isLoading: boolean;
  /** True once any search has answered. */
  wasSearched: boolean;
  pagingStart: number;
  pagingEnd: number;
  /** The term the shown results were found for (the field may have changed since). */
  resultSearchTerm: string;
}

/** A failure with exactly this message keeps the connector's state and shows no error. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

export const REQUEST_STATE_KEYS = [
  'current',
  'filters',
  'resultsPerPage',
  'searchTerm',
  'sortDirection',
  'sortField',
  'sortList',
] as const satisfies readonly (keyof RequestState)[];

export function defaultRequestState(): RequestState {
  return {
    current: 1,
    filters: [],
    resultsPerPage: DEFAULT_RESULTS_PER_PAGE,
    searchTerm: '',
    sortDirection: '',
    sortField: '',
    sortList: [],
  };
}

export function defaultSearchState(): SearchState {
  return {
    ...defaultRequestState(),
    results: [],
    facets: {},
    requestId: '',
    totalPages: 0,
    totalResults: 0,
    autocompletedResults: [],
    autocompletedResultsRequestId: '',
    autocompletedSuggestions: {},
    autocompletedSuggestionsRequestId: '',
    error: '',
    isLoading: false,
    wasSearched: false,
    pagingStart: 0,
    pagingEnd: 0,
    resultSearchTerm: '',
  };
}

/** The request part of a state; keys that are missing or undefined in `state` are left out. */
export function pickRequestState(state: Partial<RequestState> | undefined): Partial<RequestState> {
  const picked: Partial<Record<keyof RequestState, unknown>> = {};
  if (!state) return picked as Partial<RequestState>;
  for (const key of REQUEST_STATE_KEYS) {
    if (state[key] !== undefined) picked[key] = state[key];
  }
  return picked as Partial<RequestState>;
}
