/**
 * The headless search driver: Elastic Search UI's state, actions and transitions, with no rendering.
 * Elements subscribe to its state and call its actions. This file only wires the parts together:
 *
 * - store.ts: the state and its subscribers; core.ts: what every part shares (state, destroyed, timers);
 * - handlers.ts: the connector and the page's handlers, as the calls the driver makes;
 * - run-search.ts / run-autocomplete.ts: requests, their order, the loading, results and error states;
 * - url-sync.ts: the state in the URL (its module, with qs, loaded lazily);
 * - actions/: one file per action, each given the small part of the context it needs.
 */
import { mergeMessages } from '../../i18n';
import { resultsNotice, type ResultsNoticeValues } from '../a11y-notice';
import { createDebouncer } from '../debounce';
import { searchMessages } from '../messages';
import { defaultSearchState, pickRequestState, type RequestState, type SearchState } from '../state';
import { createBrowserHistory, type UrlHistory } from '../url-history';
import { a11yNotify } from './actions/a11y-notify';
import { addFilter } from './actions/add-filter';
import { clearFilters } from './actions/clear-filters';
import type { ActionContext } from './actions/context';
import type { DriverCore } from './core';
import { removeFilter } from './actions/remove-filter';
import { reset } from './actions/reset';
import { setCurrent } from './actions/set-current';
import { setFilter } from './actions/set-filter';
import { setResultsPerPage } from './actions/set-results-per-page';
import { setSearchTerm } from './actions/set-search-term';
import { setSort } from './actions/set-sort';
import { trackAutocompleteClickThrough } from './actions/track-autocomplete-click-through';
import { trackAutocompleteSuggestionClickThrough } from './actions/track-autocomplete-suggestion-click-through';
import { trackClickThrough } from './actions/track-click-through';
import { resolveHandlers } from './handlers';
import { createAutocompleteRunner } from './run-autocomplete';
import { createSearchRunner } from './run-search';
import { createStore } from './store';
import type { SearchActions, SearchDriver, SearchDriverOptions } from './types';
import { createUrlSync } from './url-sync';

function defaultHistory(): UrlHistory | null {
  return typeof window === 'undefined' ? null : createBrowserHistory();
}

export function createSearchDriver(options: SearchDriverOptions = {}): SearchDriver {
  const messages = mergeMessages(searchMessages, options.messages, 'search driver');
  const { connector, searchQuery = {}, autocompleteQuery = {}, onA11yNotice } = options;
  const handlers = resolveHandlers(options, messages);
  const history = options.history === undefined ? defaultHistory() : options.history;
  const startingState: SearchState = {
    ...defaultSearchState(),
    ...connector?.state,
    ...pickRequestState(options.initialState),
  };
  const store = createStore(startingState);
  const timers = createDebouncer();
  const connectorState = () => connector?.state;
  const announce = (values: ResultsNoticeValues) => onA11yNotice?.(resultsNotice(values, messages));
  /** Set by the first action: the visitor's own choice then wins over a URL still loading. */
  let touched = false;

  const core: DriverCore = { getState: store.get, setState: store.set, isDestroyed: store.isClosed, timers };
  const searches = createSearchRunner({
    ...core,
    search: handlers.search,
    searchQuery,
    messages,
    connectorState,
    announce,
    onAnswered: (request, flags) => url.afterSearch(request, flags),
  });
  const autocompletes = createAutocompleteRunner({ ...core, autocomplete: handlers.autocomplete, autocompleteQuery, connectorState });
  const url = createUrlSync({ ...core, history, startingState, updateSearch: searches.update, isTouched: () => touched });

  const cancelPending = () => {
    timers.cancelAll();
    searches.cancel();
    autocompletes.cancel();
  };
  const context: ActionContext = {
    ...core,
    resultClick: handlers.resultClick,
    autocompleteClick: handlers.autocompleteClick,
    suggestionClick: handlers.suggestionClick,
    visitorActed: () => {
      touched = true;
    },
    act: (patch: Partial<RequestState>) => {
      touched = true;
      searches.update(patch);
    },
    updateSearch: searches.update,
    autocomplete: autocompletes.run,
    cancelPending,
    startingState,
    writeUrl: url.write,
    announce,
  };

  const actions: SearchActions = {
    addFilter: addFilter(context),
    setFilter: setFilter(context),
    removeFilter: removeFilter(context),
    clearFilters: clearFilters(context),
    reset: reset(context),
    setCurrent: setCurrent(context),
    setResultsPerPage: setResultsPerPage(context),
    setSearchTerm: setSearchTerm(context),
    setSort: setSort(context),
    trackClickThrough: trackClickThrough(context),
    trackAutocompleteClickThrough: trackAutocompleteClickThrough(context),
    trackAutocompleteSuggestionClickThrough: trackAutocompleteSuggestionClickThrough(context),
    a11yNotify: a11yNotify(context),
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    actions,
    ready: url.ready,
    destroy() {
      store.close();
      cancelPending();
      url.stop();
    },
  };
}
