/**
 * The search state in the URL. With a history (the default in a browser), the URL is read at start, written
 * URL_PUSH_DEBOUNCE_MS after each successful search (the first write of a search run on load replaces, later
 * writes push), and back/forward re-run the search from the URL without writing it again.
 *
 * The URL module (with qs, about 18 KB gzipped) is loaded here with a dynamic import, and only when there is a
 * history: a page with only the header search box never loads it. Keep that import dynamic.
 */
import { URL_PUSH_DEBOUNCE_MS } from '../../constants';
import { pickRequestState, type RequestState, type SearchState } from '../state';
import type { UrlHistory } from '../url-history';
import { warn } from './errors';
import type { RequestFlags, SearchRunner } from './run-search';
import type { DriverCore } from './core';

type UrlStateModule = typeof import('../url-state');

/** Its 'url' timer holds the debounced write. */
export interface UrlSyncContext extends DriverCore {
  /** `null`: the URL is neither read nor written. */
  history: UrlHistory | null;
  /** Keys an entry's URL does not set are taken from here on back/forward. */
  startingState: SearchState;
  updateSearch: SearchRunner['update'];
  /** True once the visitor has acted: their choice then wins over a URL still loading. */
  isTouched(): boolean;
}

export interface UrlSync {
  /** Settles once the URL state has been read and the search on load (if any) queued; at once without a history. */
  readonly ready: Promise<void>;
  /** Writes the request to the URL now (after loading the URL module if needed). */
  write(request: RequestState, replace: boolean): void;
  /** After an answer: writes its request to the URL, debounced, unless the flags skip it. */
  afterSearch(request: RequestState, flags: RequestFlags): void;
  /** Stops listening to back/forward. */
  stop(): void;
}

export function createUrlSync(context: UrlSyncContext): UrlSync {
  const { history, getState, setState, isDestroyed, timers, startingState, updateSearch, isTouched } = context;
  let urlState: UrlStateModule | undefined;
  /** The query string of the current history entry as last seen (to tell a #fragment change from back/forward). */
  let currentQueryString = history?.getQueryString() ?? '';
  let stopListening: (() => void) | undefined;

  function loadUrlState(): Promise<UrlStateModule> {
    return import('../url-state').then((module) => (urlState = module));
  }

  function write(request: RequestState, replace: boolean): void {
    if (!history || isDestroyed()) return;
    if (!urlState) {
      void loadUrlState().then(() => write(request, replace));
      return;
    }
    const queryString = urlState.stateToQueryString(request);
    currentQueryString = queryString;
    // The same query string again would only add a history entry that changes nothing.
    if (queryString === history.getQueryString()) return;
    if (replace) history.replace(queryString);
    else history.push(queryString);
  }

  /** Back/forward: search for what the entry's URL says, without writing the URL again. */
  function onPop(queryString: string): void {
    if (isDestroyed() || !urlState) return;
    // A #fragment link also fires popstate; the search only runs when the query string changed.
    if (queryString === currentQueryString) return;
    currentQueryString = queryString;
    timers.cancel('url');
    updateSearch({ ...pickRequestState(startingState), ...urlState.queryStringToState(queryString) }, { skipPushToUrl: true });
  }

  /** Searches on load when the starting state (URL included) holds a term or filters. */
  function start(fromUrl: Partial<RequestState>): void {
    if (isTouched() || isDestroyed()) return;
    if (Object.keys(fromUrl).length > 0) setState(fromUrl);
    const { searchTerm, filters } = getState();
    if (searchTerm || filters.length > 0) updateSearch({}, { replaceUrl: true });
  }

  const ready: Promise<void> = history
    ? loadUrlState().then(
        (module) => {
          if (isDestroyed()) return;
          start(module.queryStringToState(currentQueryString));
          stopListening = history.onPop(onPop);
        },
        (error: unknown) => warn('loading the URL state', error),
      )
    : Promise.resolve().then(() => start({}));

  return {
    ready,
    write,
    afterSearch(request, flags) {
      if (flags.skipPushToUrl || !history) return;
      // Debounced, so fast changes (typing in a live search) leave one history entry, not one per answer.
      timers.run('url', URL_PUSH_DEBOUNCE_MS, () => write(request, flags.replaceUrl));
    },
    stop: () => stopListening?.(),
  };
}
