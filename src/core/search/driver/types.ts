/** The driver's public types: its options, its actions and the driver itself. */
import type { ResultsNoticeValues } from '../a11y-notice';
import type { SearchMessages } from '../messages';
import type {
  AutocompleteCall,
  AutocompleteQueryConfig,
  ClickCall,
  ResultClickContext,
  SearchCall,
  SearchConnector,
  SearchQueryConfig,
  SuggestionClick,
} from '../search-connector';
import type {
  AutocompleteResponseState,
  FilterType,
  FilterValue,
  RequestState,
  SearchResponseState,
  SearchState,
  SortDirection,
  SortOption,
} from '../state';
import type { UrlHistory } from '../url-history';

/** A handler given instead of (or in front of) the connector; `next` is the connector's own call. */
export type SearchHandler = (request: RequestState, config: SearchQueryConfig, next: SearchCall) => Promise<Partial<SearchResponseState>>;
export type AutocompleteHandler = (
  request: { searchTerm: string },
  config: AutocompleteQueryConfig,
  next: AutocompleteCall,
) => Promise<Partial<AutocompleteResponseState>>;
export type ClickHandler = (click: ResultClickContext, next: ClickCall) => Promise<void> | void;

export interface SearchDriverOptions {
  connector?: SearchConnector;
  onSearch?: SearchHandler;
  onAutocomplete?: AutocompleteHandler;
  onResultClick?: ClickHandler;
  onAutocompleteResultClick?: ClickHandler;
  onAutocompleteSuggestionClick?: (click: SuggestionClick) => Promise<void> | void;
  /** Where the URL state lives. `null`: nowhere (the header search box). Default: the browser's history. */
  history?: UrlHistory | null;
  /** The request state to start from (and to return to on reset); the URL overrides it. */
  initialState?: Partial<RequestState>;
  searchQuery?: SearchQueryConfig;
  autocompleteQuery?: AutocompleteQueryConfig;
  messages?: Partial<SearchMessages>;
  /** Receives the screen-reader notice after each search; put it in a live region. */
  onA11yNotice?: (message: string) => void;
}

export interface SetSearchTermOptions {
  /** Search now (default true); false only updates the term (and autocomplete). */
  refresh?: boolean;
  /** Wait this many ms of quiet before searching and autocompleting (default 0). */
  debounce?: number;
  /** Clear the filters with the new term (default true). */
  shouldClearFilters?: boolean;
  autocompleteSuggestions?: boolean;
  autocompleteResults?: boolean;
  /** Autocomplete only from this many characters (default 0). */
  autocompleteMinimumCharacters?: number;
}

export interface SearchActions {
  addFilter(field: string, value: FilterValue, type?: FilterType): void;
  setFilter(field: string, value: FilterValue, type?: FilterType): void;
  removeFilter(field: string, value?: FilterValue, type?: FilterType): void;
  clearFilters(except?: string[]): void;
  reset(): void;
  setCurrent(current: number): void;
  setResultsPerPage(resultsPerPage: number): void;
  setSearchTerm(searchTerm: string, options?: SetSearchTermOptions): void;
  setSort(sort: SortOption[] | string, sortDirection?: SortDirection): void;
  trackClickThrough(documentId: string, tags?: string[]): void;
  trackAutocompleteClickThrough(documentId: string, tags?: string[]): void;
  trackAutocompleteSuggestionClickThrough(suggestion: string, position: number, tags?: string[]): void;
  /** Announces the results notice again; values not given are taken from the state. */
  a11yNotify(messageName?: 'searchResults', values?: Partial<ResultsNoticeValues>): void;
}

export interface SearchDriver {
  getState(): SearchState;
  /** Calls the listener after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: SearchState) => void): () => void;
  readonly actions: SearchActions;
  /** Settles once the URL state has been read (at once without a history). */
  readonly ready: Promise<void>;
  /** Stops listening to the URL, cancels timers and drops answers still on their way. */
  destroy(): void;
}
