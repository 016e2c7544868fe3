/**
 * What the driver asks of a connector (or of handlers given instead): search, autocomplete, and the two kinds of
 * click tracking. The App Search connector (connector.ts) is the kit's implementation; a page may bring another.
 */
import type { ApiFacetRequest, ApiQuerySuggestionRequest, ApiSearchRequest } from './app-search-api';
import type { AutocompleteResponseState, Filter, RequestState, SearchResponseState, SearchState } from './state';

/** The search configuration of a page, sent with every search. */
export interface SearchQueryConfig {
  facets?: Record<string, ApiFacetRequest>;
  result_fields?: ApiSearchRequest['result_fields'];
  search_fields?: ApiSearchRequest['search_fields'];
  /** Facets counted as if their own field were not filtered, so a visitor can pick several of their values. */
  disjunctiveFacets?: string[];
  /** Filters applied to every search (a listing's scope), unless the visitor filters that field and type. */
  filters?: Filter[];
}

export interface AutocompleteQueryConfig {
  /** Query suggestions; `size` defaults to SUGGESTIONS_SHOWN. */
  suggestions?: { size?: number; types?: ApiQuerySuggestionRequest['types'] };
  /** Results shown under the field while typing. */
  results?: Pick<SearchQueryConfig, 'result_fields' | 'search_fields'> & { resultsPerPage?: number };
}

/** A click on a result (query, documentId, requestId, tags). */
export interface ResultClick {
  query: string;
  documentId: string;
  requestId: string;
  tags: string[];
}
export interface ResultClickContext extends ResultClick {
  result?: SearchState['results'][number];
  page?: number;
  resultsPerPage?: number;
  /** Position on the page (results) or in the list (autocomplete); -1 when the id is not shown. */
  resultIndexOnPage?: number;
  resultIndex?: number;
}

export interface SuggestionClick {
  suggestion: string;
  position: number;
  query: string;
  tags: string[];
}

export type SearchCall = (request: RequestState, config: SearchQueryConfig) => Promise<Partial<SearchResponseState>>;
export type AutocompleteCall = (
  request: { searchTerm: string },
  config: AutocompleteQueryConfig,
) => Promise<Partial<AutocompleteResponseState>>;
export type ClickCall = (click: ResultClickContext) => Promise<void> | void;

export interface SearchConnector {
  onSearch: SearchCall;
  onAutocomplete: AutocompleteCall;
  onResultClick: ClickCall;
  onAutocompleteResultClick: ClickCall;
  onAutocompleteSuggestionClick?: (click: SuggestionClick) => Promise<void> | void;
  /** Taken into the driver's state at start and after an "Invalid credentials" failure. */
  readonly state?: Partial<SearchState>;
}
