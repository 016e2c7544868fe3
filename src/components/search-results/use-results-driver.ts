import { useEffect, useState } from 'react';
import { createSearchDriver, type SearchActions, type SearchMessages, type SearchState } from '../../core/search';
import { readPageParams, withPageParams } from '../../core/search-page-params';
import { searchQueryConfig, type SearchResultsConfig } from '../../core/search-results-config';
import { dispatch, useLatest } from '../../web-component';
import { connectSearch } from '../site-search/search-connection';

type UrlStateModule = typeof import('../../core/search/url-state');

export interface ResultsDriver {
  state: SearchState;
  actions: SearchActions;
  /** Writes a query string for a state (paging links that work as addresses). */
  queryString: UrlStateModule['stateToQueryString'];
}

export interface ResultsDriverOptions {
  host: HTMLElement;
  /** The element's own engine name; else the header search element's. */
  engineName: string | undefined;
  config: SearchResultsConfig;
  messages: Partial<SearchMessages>;
  /** The screen-reader notice after each search. */
  onNotice: (message: string) => void;
  /** Every state the driver reaches, and whether it is the first after the address was read. */
  onState?: (state: SearchState) => void;
}

/** The header search element's engine (it carries the data attribute). */
function headerEngineName(): string | undefined {
  return document.querySelector(':is(site-search, [data-civic="site-search"])[data-engine-name]')?.getAttribute('data-engine-name') ?? undefined;
}

/** The server form's own parameters (`Search`, `type`, `page`, ...) rewritten as Search UI keys, in place. */
function adoptPageParams(urlState: UrlStateModule, config: SearchResultsConfig): void {
  const own = readPageParams(location.search, config);
  if (!own) return;
  const query = urlState.stateToQueryString(withPageParams(urlState.queryStringToState(location.search), own));
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
}

/**
 * The search driver of the results page: URL state in the browser's history (Search UI's keys, read on arrival,
 * written URL_PUSH_DEBOUNCE_MS after results, back and forward restored), the App Search connector, the page's
 * facets and fields. Null until the URL module has loaded, and when no engine name is configured.
 */
export function useResultsDriver({ host, engineName, config, messages, onNotice, onState }: ResultsDriverOptions): ResultsDriver | null {
  const [driver, setDriver] = useState<ResultsDriver | null>(null);
  const callbacks = useLatest({ onNotice, onState });

  useEffect(() => {
    const connector = connectSearch(host, engineName?.trim() || headerEngineName(), messages);
    if (!connector) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('../../core/search/url-state').then((urlState) => {
      if (stopped) return;
      adoptPageParams(urlState, config);
      const searchDriver = createSearchDriver({
        connector,
        messages,
        searchQuery: searchQueryConfig(config),
        onA11yNotice: (message) => callbacks.current.onNotice(message),
      });
      const publish = (state: SearchState) => {
        setDriver({ state, actions: searchDriver.actions, queryString: urlState.stateToQueryString });
        dispatch(host, 'search-state-change', { state });
        callbacks.current.onState?.(state);
      };
      const unsubscribe = searchDriver.subscribe(publish);
      stop = () => {
        unsubscribe();
        searchDriver.destroy();
      };
      void searchDriver.ready.then(() => {
        if (!stopped) publish(searchDriver.getState());
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [host, engineName, config, messages, callbacks]);

  return driver;
}
