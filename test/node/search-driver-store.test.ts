import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore, requestStateOf } from '../../src/core/search/driver/store';
import { defaultSearchState, type Facet, type SearchState } from '../../src/core/search/state';

const topicFacet = (): Record<string, Facet[]> => ({
  topic: [{ field: 'topic', type: 'value', data: [{ value: 'Housing', count: 3 }, { value: 'Roads', count: 2 }] }],
});
const selectedValues = (state: SearchState) =>
  Object.values(state.facets).flatMap((facets) => facets.flatMap((facet) => facet.data.filter((entry) => entry.selected).map((entry) => entry.value)));

describe('search driver store', () => {
  it('merges each patch and calls every subscriber with the new state', () => {
    const store = createStore(defaultSearchState());
    const seen: string[] = [];
    store.subscribe((state) => seen.push(`a:${state.searchTerm}`));
    store.subscribe((state) => seen.push(`b:${state.searchTerm}`));
    store.set({ searchTerm: 'rates' });
    assert.deepEqual(seen, ['a:rates', 'b:rates']);
    assert.equal(store.get().searchTerm, 'rates');
    assert.equal(store.get().resultsPerPage, defaultSearchState().resultsPerPage);
  });

  it('calls the subscribers present when the change began, even if one unsubscribes another', () => {
    const store = createStore(defaultSearchState());
    const calls: string[] = [];
    let stopSecond = () => {};
    store.subscribe(() => {
      calls.push('first');
      stopSecond();
    });
    stopSecond = store.subscribe(() => calls.push('second'));
    store.set({ current: 2 });
    store.set({ current: 3 });
    assert.deepEqual(calls, ['first', 'second', 'first']);
  });

  it('marks facet values from the filters when either changes, and leaves the facets alone otherwise', () => {
    const store = createStore(defaultSearchState());
    store.set({ facets: topicFacet(), filters: [{ field: 'topic', values: ['Roads'], type: 'any' }] });
    assert.deepEqual(selectedValues(store.get()), ['Roads']);
    store.set({ filters: [{ field: 'topic', values: ['Housing'], type: 'any' }] });
    assert.deepEqual(selectedValues(store.get()), ['Housing']);
    const facets = store.get().facets;
    store.set({ isLoading: true });
    assert.equal(store.get().facets, facets);
  });

  it('after close, changes nothing and calls no one', () => {
    const store = createStore(defaultSearchState());
    let calls = 0;
    store.subscribe(() => calls++);
    assert.equal(store.isClosed(), false);
    store.close();
    store.set({ searchTerm: 'late' });
    assert.equal(store.isClosed(), true);
    assert.equal(store.get().searchTerm, '');
    assert.equal(calls, 0);
  });

  it('requestStateOf keeps only the request part of the state', () => {
    const state = { ...defaultSearchState(), searchTerm: 'rates', current: 2, results: [], isLoading: true };
    assert.deepEqual(requestStateOf(state), {
      current: 2,
      filters: [],
      resultsPerPage: state.resultsPerPage,
      searchTerm: 'rates',
      sortDirection: '',
      sortField: '',
      sortList: [],
    });
  });
});
