/** The driver's state and its subscribers. Facet values are marked selected from the filters on every change. */
import { markSelectedFacetValues } from '../filters';
import type { RequestState, SearchState } from '../state';

export interface SearchStore {
  get(): SearchState;
  /** Merges the patch and calls every subscriber; does nothing once closed. */
  set(patch: Partial<SearchState>): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (state: SearchState) => void): () => void;
  /** After this, the state never changes again and no subscriber is called. */
  close(): void;
  isClosed(): boolean;
}

export function createStore(initial: SearchState): SearchStore {
  let state = initial;
  let closed = false;
  const listeners = new Set<(state: SearchState) => void>();
  return {
    get: () => state,
    set(patch) {
      if (closed) return;
      const next = { ...state, ...patch };
      if (patch.facets !== undefined || patch.filters !== undefined) {
        next.facets = markSelectedFacetValues(next.facets, next.filters);
      }
      state = next;
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      listeners.clear();
    },
    isClosed: () => closed,
  };
}

/** The request part of a state: what a search is sent and what the URL holds. */
export function requestStateOf(state: SearchState): RequestState {
  const { current, filters, resultsPerPage, searchTerm, sortDirection, sortField, sortList } = state;
  return { current, filters, resultsPerPage, searchTerm, sortDirection, sortField, sortList };
}
