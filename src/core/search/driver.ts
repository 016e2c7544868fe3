/**
 * The headless search driver (issue 3): Elastic Search UI's state, actions and transitions, with no rendering.
 * Elements subscribe to its state and call its actions.
 *
 * - Actions change the request part of the state at once; the search itself runs once per tick (a microtask),
 *   so several actions in a row make one request.
 * - Answers older than the last one applied are dropped (search and autocomplete keep separate sequences); the
 *   failure of a request that a newer one has replaced is dropped too.
 * - With a history (the default in a browser), the URL is read at start, written URL_PUSH_DEBOUNCE_MS after each
 *   successful search (the first write of a search run on load replaces, later writes push), and back/forward
 *   re-run the search from the URL without writing it again. The URL module (with qs) is loaded only then.
 */
import { URL_PUSH_DEBOUNCE_MS } from '../constants';
import { format, mergeMessages } from '../i18n';
import { resultsNotice, type ResultsNoticeValues } from './a11y-notice';
import { createDebouncer } from './debounce';
import { addFilterValue, clearFilterValues, markSelectedFacetValues, mergeFilters, removeFilterValue, setFilterValue } from './filters';
import { searchMessages, type SearchMessages } from './messages';
import { capTotalPages, pagingRange, toPageNumber, toResultsPerPage } from './paging';
import { createRequestSequencer } from './request-sequencer';
import type {
  AutocompleteCall,
  AutocompleteQueryConfig,
  ClickCall,
  ResultClickContext,
  SearchCall,
  SearchConnector,
  SearchQueryConfig,
  SuggestionClick,
} from './search-connector';
import {
  defaultSearchState,
  INVALID_CREDENTIALS,
  pickRequestState,
  type AutocompleteResponseState,
  type FilterType,
  type FilterValue,
  type RequestState,
  type SearchResponseState,
  type SearchState,
  type SortDirection,
  type SortOption,
} from './state';
import { createBrowserHistory, type UrlHistory } from './url-history';

type UrlStateModule = typeof import('./url-state');

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

interface RequestFlags {
  skipPushToUrl: boolean;
  replaceUrl: boolean;
}

/** A handler the driver needs was not configured: a mistake of the page, reported loudly. */
export class MissingHandlerError extends Error {
  override name = 'MissingHandlerError';
}

function errorText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  const message = typeof reason === 'object' && reason !== null ? (reason as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(reason);
}

/** Runs a call and always gives a promise: a handler that throws becomes a rejection. */
function attempt<T>(call: () => Promise<T> | T): Promise<T> {
  return new Promise<T>((resolve) => resolve(call()));
}

function defaultHistory(): UrlHistory | null {
  return typeof window === 'undefined' ? null : createBrowserHistory();
}

export function createSearchDriver(options: SearchDriverOptions = {}): SearchDriver {
  const messages = mergeMessages(searchMessages, options.messages, 'search driver');
  const { connector, searchQuery = {}, autocompleteQuery = {}, onA11yNotice } = options;
  if (!connector && !options.onSearch && !options.onAutocomplete) {
    throw new MissingHandlerError(format(messages.missingHandler, { name: 'onSearch' }));
  }

  const missing = (name: string) => () => {
    throw new MissingHandlerError(format(messages.missingHandler, { name }));
  };
  const connectorSearch: SearchCall = connector ? (request, config) => connector.onSearch(request, config) : missing('onSearch');
  const connectorAutocomplete: AutocompleteCall = connector
    ? (request, config) => connector.onAutocomplete(request, config)
    : missing('onAutocomplete');
  const connectorResultClick: ClickCall = connector ? (click) => connector.onResultClick(click) : missing('onResultClick');
  const connectorAutocompleteClick: ClickCall = connector
    ? (click) => connector.onAutocompleteResultClick(click)
    : missing('onAutocompleteResultClick');
  const { onSearch, onAutocomplete, onResultClick, onAutocompleteResultClick } = options;
  const search: SearchCall = onSearch ? (request, config) => onSearch(request, config, connectorSearch) : connectorSearch;
  const autocomplete: AutocompleteCall = onAutocomplete
    ? (request, config) => onAutocomplete(request, config, connectorAutocomplete)
    : connectorAutocomplete;
  const resultClick: ClickCall = onResultClick ? (click) => onResultClick(click, connectorResultClick) : connectorResultClick;
  const autocompleteClick: ClickCall = onAutocompleteResultClick
    ? (click) => onAutocompleteResultClick(click, connectorAutocompleteClick)
    : connectorAutocompleteClick;
  const suggestionClick = options.onAutocompleteSuggestionClick ?? connector?.onAutocompleteSuggestionClick?.bind(connector);

  const history = options.history === undefined ? defaultHistory() : options.history;
  const startingState: SearchState = {
    ...defaultSearchState(),
    ...connector?.state,
    ...pickRequestState(options.initialState),
  };
  let state: SearchState = startingState;
  const listeners = new Set<(state: SearchState) => void>();
  const searchSequence = createRequestSequencer();
  const autocompleteSequence = createRequestSequencer();
  const timers = createDebouncer();
  let queued: RequestFlags | undefined;
  let destroyed = false;
  /** Set by the first action: the visitor's own choice then wins over a URL still loading. */
  let touched = false;
  let urlState: UrlStateModule | undefined;
  /** The query string of the current history entry as last seen (to tell a #fragment change from back/forward). */
  let currentQueryString = history?.getQueryString() ?? '';
  let stopListening: (() => void) | undefined;

  function setState(patch: Partial<SearchState>): void {
    if (destroyed) return;
    const next = { ...state, ...patch };
    if (patch.facets !== undefined || patch.filters !== undefined) {
      next.facets = markSelectedFacetValues(next.facets, next.filters);
    }
    state = next;
    for (const listener of [...listeners]) listener(state);
  }

  function requestState(): RequestState {
    const { current, filters, resultsPerPage, searchTerm, sortDirection, sortField, sortList } = state;
    return { current, filters, resultsPerPage, searchTerm, sortDirection, sortField, sortList };
  }

  function warn(what: string, reason: unknown): void {
    console.warn(`search driver: ${what} failed: ${errorText(reason)}`);
  }

  function announce(values: ResultsNoticeValues): void {
    onA11yNotice?.(resultsNotice(values, messages));
  }

  function writeUrl(request: RequestState, replace: boolean): void {
    if (!history || destroyed) return;
    if (!urlState) {
      void loadUrlState().then(() => writeUrl(request, replace));
      return;
    }
    const queryString = urlState.stateToQueryString(request);
    currentQueryString = queryString;
    // The same query string again would only add a history entry that changes nothing.
    if (queryString === history.getQueryString()) return;
    if (replace) history.replace(queryString);
    else history.push(queryString);
  }

  function makeSearchRequest(): void {
    const flags = queued;
    queued = undefined;
    if (!flags || destroyed) return;
    const request = requestState();
    const id = searchSequence.next();
    setState({ isLoading: true });
    const { filters: fixedFilters, ...config } = searchQuery;
    const sent = { ...request, filters: mergeFilters(request.filters, fixedFilters) };
    attempt(() => search(sent, config)).then(
      (response) => {
        if (destroyed || searchSequence.isOld(id)) return;
        searchSequence.completed(id);
        const totalResults = typeof response?.totalResults === 'number' ? response.totalResults : 0;
        const { pagingStart, pagingEnd } = pagingRange(request.current, request.resultsPerPage, totalResults);
        setState({
          results: Array.isArray(response?.results) ? response.results : [],
          facets: response?.facets ?? {},
          requestId: response?.requestId ?? '',
          totalPages: capTotalPages(response?.totalPages ?? 0),
          totalResults,
          // Still loading when a newer request is on its way.
          isLoading: !searchSequence.isLatest(id),
          error: '',
          resultSearchTerm: request.searchTerm,
          pagingStart,
          pagingEnd,
          wasSearched: true,
        });
        announce({ start: pagingStart, end: pagingEnd, totalResults, searchTerm: request.searchTerm });
        if (!flags.skipPushToUrl && history) {
          // Debounced, so fast changes (typing in a live search) leave one history entry, not one per answer.
          timers.run('url', URL_PUSH_DEBOUNCE_MS, () => writeUrl(request, flags.replaceUrl));
        }
      },
      (reason: unknown) => {
        if (destroyed || searchSequence.isOld(id) || !searchSequence.isLatest(id)) return;
        searchSequence.completed(id);
        const message = errorText(reason);
        if (message === INVALID_CREDENTIALS) {
          setState({ ...connector?.state, isLoading: false });
          return;
        }
        setState({ error: messages.unexpectedError + message, isLoading: false });
      },
    );
  }

  /** Applies request changes now and queues one search for this tick. */
  function updateSearchResults(patch: Partial<RequestState>, flags: Partial<RequestFlags> = {}): void {
    if (destroyed) return;
    timers.cancel('search');
    setState({ ...patch, error: '' });
    const skipPushToUrl = flags.skipPushToUrl ?? false;
    const replaceUrl = flags.replaceUrl ?? false;
    if (queued) {
      // One request for the tick: it writes the URL if any of its causes would, and replaces if any would.
      queued = { skipPushToUrl: queued.skipPushToUrl && skipPushToUrl, replaceUrl: queued.replaceUrl || replaceUrl };
      return;
    }
    queued = { skipPushToUrl, replaceUrl };
    queueMicrotask(makeSearchRequest);
  }

  /** An action of the visitor: it wins over a URL state still loading. */
  function act(patch: Partial<RequestState>): void {
    touched = true;
    updateSearchResults(patch);
  }

  function updateAutocomplete(searchTerm: string, wanted: { results: boolean; suggestions: boolean }): void {
    if (destroyed) return;
    const id = autocompleteSequence.next();
    const config: AutocompleteQueryConfig = {
      ...(wanted.results && { results: autocompleteQuery.results ?? {} }),
      ...(wanted.suggestions && { suggestions: autocompleteQuery.suggestions ?? {} }),
    };
    attempt(() => autocomplete({ searchTerm }, config)).then(
      (response) => {
        if (destroyed || autocompleteSequence.isOld(id)) return;
        autocompleteSequence.completed(id);
        const patch: Partial<AutocompleteResponseState> = {};
        if (wanted.results) {
          patch.autocompletedResults = response?.autocompletedResults ?? [];
          patch.autocompletedResultsRequestId = response?.autocompletedResultsRequestId ?? '';
        }
        if (wanted.suggestions) {
          patch.autocompletedSuggestions = response?.autocompletedSuggestions ?? {};
          patch.autocompletedSuggestionsRequestId = response?.autocompletedSuggestionsRequestId ?? '';
        }
        setState(patch);
      },
      (reason: unknown) => {
        if (destroyed || autocompleteSequence.isOld(id) || !autocompleteSequence.isLatest(id)) return;
        autocompleteSequence.completed(id);
        if (errorText(reason) === INVALID_CREDENTIALS) {
          setState({ ...connector?.state });
          return;
        }
        // Suggestions are a help, not the page: no error is shown, and none for an earlier term stays up.
        warn('autocomplete', reason);
        setState({
          ...(wanted.results && { autocompletedResults: [], autocompletedResultsRequestId: '' }),
          ...(wanted.suggestions && { autocompletedSuggestions: {}, autocompletedSuggestionsRequestId: '' }),
        });
      },
    );
  }

  function track(what: string, call: () => Promise<void> | void): void {
    let result: Promise<void> | void;
    try {
      result = call();
    } catch (error) {
      // A missing handler is a configuration error: say so loudly, as Search UI does.
      if (error instanceof MissingHandlerError) throw error;
      warn(what, error);
      return;
    }
    if (result && typeof result.then === 'function') result.then(undefined, (reason: unknown) => warn(what, reason));
  }

  const actions: SearchActions = {
    addFilter(field, value, type = 'all') {
      act({ current: 1, filters: addFilterValue(state.filters, field, value, type) });
    },
    setFilter(field, value, type = 'all') {
      act({ current: 1, filters: setFilterValue(state.filters, field, value, type) });
    },
    removeFilter(field, value, type) {
      act({ current: 1, filters: removeFilterValue(state.filters, field, value, type) });
    },
    clearFilters(except = []) {
      act({ current: 1, filters: clearFilterValues(state.filters, except) });
    },
    reset() {
      if (destroyed) return;
      touched = true;
      timers.cancelAll();
      queued = undefined;
      searchSequence.invalidate();
      autocompleteSequence.invalidate();
      setState(startingState);
      writeUrl(requestState(), false);
    },
    setCurrent(current) {
      const page = toPageNumber(current);
      if (page !== undefined) act({ current: page });
    },
    setResultsPerPage(resultsPerPage) {
      const size = toResultsPerPage(resultsPerPage);
      if (size !== undefined) act({ current: 1, resultsPerPage: size });
    },
    setSearchTerm(searchTerm, termOptions = {}) {
      if (destroyed) return;
      const {
        refresh = true,
        debounce = 0,
        shouldClearFilters = true,
        autocompleteSuggestions = false,
        autocompleteResults = false,
        autocompleteMinimumCharacters = 0,
      } = termOptions;
      touched = true;
      setState({ searchTerm });
      if (refresh) {
        const filters = shouldClearFilters ? [] : state.filters;
        timers.run('search', debounce, () => updateSearchResults({ current: 1, filters }));
      }
      if ((autocompleteSuggestions || autocompleteResults) && searchTerm.length >= autocompleteMinimumCharacters) {
        timers.run('autocomplete', debounce, () =>
          updateAutocomplete(searchTerm, { results: autocompleteResults, suggestions: autocompleteSuggestions }),
        );
      }
    },
    setSort(sort, sortDirection = '') {
      if (Array.isArray(sort)) act({ current: 1, sortList: sort, sortField: '', sortDirection: '' });
      else act({ current: 1, sortList: [], sortField: sort, sortDirection });
    },
    trackClickThrough(documentId, tags = []) {
      const index = state.results.findIndex((result) => result?._meta?.id === documentId);
      const click: ResultClickContext = {
        query: state.resultSearchTerm,
        documentId,
        requestId: state.requestId,
        tags,
        result: state.results[index],
        page: state.current,
        resultsPerPage: state.resultsPerPage,
        resultIndexOnPage: index,
      };
      track('click tracking', () => resultClick(click));
    },
    trackAutocompleteClickThrough(documentId, tags = []) {
      const index = state.autocompletedResults.findIndex((result) => result?._meta?.id === documentId);
      const click: ResultClickContext = {
        query: state.searchTerm,
        documentId,
        requestId: state.autocompletedResultsRequestId,
        tags,
        result: state.autocompletedResults[index],
        resultIndex: index,
      };
      track('autocomplete click tracking', () => autocompleteClick(click));
    },
    trackAutocompleteSuggestionClickThrough(suggestion, position, tags = []) {
      if (!suggestionClick) return;
      const click: SuggestionClick = { suggestion, position, query: state.searchTerm, tags };
      track('suggestion click tracking', () => suggestionClick(click));
    },
    a11yNotify(messageName = 'searchResults', values = {}) {
      if (messageName !== 'searchResults') {
        console.warn(`search driver: no a11y message named "${String(messageName)}".`);
        return;
      }
      announce({
        start: state.pagingStart,
        end: state.pagingEnd,
        totalResults: state.totalResults,
        searchTerm: state.resultSearchTerm,
        ...values,
      });
    },
  };

  function loadUrlState(): Promise<UrlStateModule> {
    return import('./url-state').then((module) => (urlState = module));
  }

  /** Back/forward: search for what the entry's URL says, without writing the URL again. */
  function onPop(queryString: string): void {
    if (destroyed || !urlState) return;
    // A #fragment link also fires popstate; the search only runs when the query string changed.
    if (queryString === currentQueryString) return;
    currentQueryString = queryString;
    timers.cancel('url');
    updateSearchResults({ ...pickRequestState(startingState), ...urlState.queryStringToState(queryString) }, { skipPushToUrl: true });
  }

  /** Searches on load when the starting state (URL included) holds a term or filters. */
  function start(fromUrl: Partial<RequestState>): void {
    if (touched || destroyed) return;
    if (Object.keys(fromUrl).length > 0) setState(fromUrl);
    if (state.searchTerm || state.filters.length > 0) updateSearchResults({}, { replaceUrl: true });
  }

  const ready: Promise<void> = history
    ? loadUrlState().then(
        (module) => {
          if (destroyed) return;
          start(module.queryStringToState(currentQueryString));
          stopListening = history.onPop(onPop);
        },
        (error: unknown) => warn('loading the URL state', error),
      )
    : Promise.resolve().then(() => start({}));

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    actions,
    ready,
    destroy() {
      destroyed = true;
      timers.cancelAll();
      queued = undefined;
      searchSequence.invalidate();
      autocompleteSequence.invalidate();
      stopListening?.();
      listeners.clear();
    },
  };
}
