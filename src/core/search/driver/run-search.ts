/**
 * Runs the searches: actions change the request part of the state at once, and one search runs per tick (a
 * microtask), so several actions in a row make one request. Sets the loading, results and error states. Answers
 * older than the last one applied are dropped, and so is the failure of a request a newer one has replaced.
 */
import type { ResultsNoticeValues } from '../a11y-notice';
import { mergeFilters } from '../filters';
import type { SearchMessages } from '../messages';
import { capTotalPages, pagingRange } from '../paging';
import { createRequestSequencer } from '../request-sequencer';
import type { SearchCall, SearchQueryConfig } from '../search-connector';
import { INVALID_CREDENTIALS, type RequestState, type SearchState } from '../state';
import { attempt, errorText } from './errors';
import type { DriverCore } from './core';
import { requestStateOf } from './store';

/** What a queued search does with the URL once answered. */
export interface RequestFlags {
  skipPushToUrl: boolean;
  replaceUrl: boolean;
}

/** Its 'search' timer (a debounced setSearchTerm) is cancelled by any newer request change. */
export interface SearchRunnerContext extends DriverCore {
  search: SearchCall;
  searchQuery: SearchQueryConfig;
  messages: Pick<SearchMessages, 'unexpectedError'>;
  /** The connector's state, taken back on an "Invalid credentials" failure. */
  connectorState(): Partial<SearchState> | undefined;
  announce(values: ResultsNoticeValues): void;
  /** After an answer was applied: the request it answered and the flags it was queued with. */
  onAnswered(request: RequestState, flags: RequestFlags): void;
}

export interface SearchRunner {
  /** Applies request changes now and queues one search for this tick. */
  update(patch: Partial<RequestState>, flags?: Partial<RequestFlags>): void;
  /** Drops the queued search and every answer still on its way. */
  cancel(): void;
}

export function createSearchRunner(context: SearchRunnerContext): SearchRunner {
  const { getState, setState, isDestroyed, timers, search, searchQuery, messages, connectorState, announce, onAnswered } = context;
  const sequence = createRequestSequencer();
  let queued: RequestFlags | undefined;

  function applyAnswer(id: number, request: RequestState, flags: RequestFlags, response: Awaited<ReturnType<SearchCall>>): void {
    if (isDestroyed() || sequence.isOld(id)) return;
    sequence.completed(id);
    const totalResults = typeof response?.totalResults === 'number' ? response.totalResults : 0;
    const { pagingStart, pagingEnd } = pagingRange(request.current, request.resultsPerPage, totalResults);
    setState({
      results: Array.isArray(response?.results) ? response.results : [],
      facets: response?.facets ?? {},
      requestId: response?.requestId ?? '',
      totalPages: capTotalPages(response?.totalPages ?? 0),
      totalResults,
      // Still loading when a newer request is on its way.
      isLoading: !sequence.isLatest(id),
      error: '',
      resultSearchTerm: request.searchTerm,
      pagingStart,
      pagingEnd,
      wasSearched: true,
    });
    announce({ start: pagingStart, end: pagingEnd, totalResults, searchTerm: request.searchTerm });
    onAnswered(request, flags);
  }

  function applyFailure(id: number, reason: unknown): void {
    if (isDestroyed() || sequence.isOld(id) || !sequence.isLatest(id)) return;
    sequence.completed(id);
    const message = errorText(reason);
    if (message === INVALID_CREDENTIALS) {
      setState({ ...connectorState(), isLoading: false });
      return;
    }
    setState({ error: messages.unexpectedError + message, isLoading: false });
  }

  function makeSearchRequest(): void {
    const flags = queued;
    queued = undefined;
    if (!flags || isDestroyed()) return;
    const request = requestStateOf(getState());
    const id = sequence.next();
    setState({ isLoading: true });
    const { filters: fixedFilters, ...config } = searchQuery;
    const sent = { ...request, filters: mergeFilters(request.filters, fixedFilters) };
    attempt(() => search(sent, config)).then(
      (response) => applyAnswer(id, request, flags, response),
      (reason: unknown) => applyFailure(id, reason),
    );
  }

  return {
    update(patch, flags = {}) {
      if (isDestroyed()) return;
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
    },
    cancel() {
      queued = undefined;
      sequence.invalidate();
    },
  };
}
