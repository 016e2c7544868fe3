import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import { createSearchDriver } from '../../src/core/search/driver';
import type { SearchState } from '../../src/core/search/state';
import { answer, fakeConnector, flush, setupDriver } from './search-fakes';

/** Records each state change as the fields named. */
function record<K extends keyof SearchState>(driver: ReturnType<typeof setupDriver>['driver'], ...keys: K[]) {
  const seen: Pick<SearchState, K>[] = [];
  driver.subscribe((state) => seen.push(Object.fromEntries(keys.map((key) => [key, state[key]])) as Pick<SearchState, K>));
  return seen;
}

describe('search driver: idle, loading, results', () => {
  it('goes idle → loading → results with wasSearched, paging and the notice', async () => {
    const { driver, searches, notices } = setupDriver();
    const seen = record(driver, 'isLoading', 'wasSearched');
    driver.actions.setSearchTerm('rates');
    await flush();
    assert.deepEqual(seen.at(-1), { isLoading: true, wasSearched: false });
    driver.actions.setCurrent(2);
    await flush();
    searches[1].resolve(answer(45, ['a', 'b'], { requestId: 'req-1' }));
    await flush();
    const state = driver.getState();
    assert.deepEqual(seen.at(-1), { isLoading: false, wasSearched: true });
    assert.deepEqual(
      [state.totalResults, state.totalPages, state.requestId, state.pagingStart, state.pagingEnd, state.resultSearchTerm],
      [45, 3, 'req-1', 21, 40, 'rates'],
    );
    assert.deepEqual(notices, ['Showing 21 to 40 results out of 45, searching for "rates"']);
  });

  it('shows 0 to 0 when nothing is found, and the notice has no term part without a term', async () => {
    const { driver, searches, notices } = setupDriver();
    driver.actions.addFilter('topic', 'Nothing');
    await flush();
    searches[0].resolve(answer(0));
    await flush();
    assert.deepEqual([driver.getState().pagingStart, driver.getState().pagingEnd], [0, 0]);
    assert.deepEqual(notices, ['Showing 0 to 0 results out of 0']);
  });

  it('caps total pages at MAX_TOTAL_PAGES, whatever the handler answers', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('a');
    await flush();
    searches[0].resolve(answer(10_000, [], { totalPages: 500 }));
    await flush();
    assert.equal(driver.getState().totalPages, MAX_TOTAL_PAGES);
  });

  it('marks facet values selected from the filters, and again when the filters change', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.addFilter('topic', 'Housing', 'any');
    await flush();
    searches[0].resolve(
      answer(5, [], {
        facets: {
          topic: [
            {
              field: 'topic',
              type: 'value',
              data: [
                { value: 'Housing', count: 3 },
                { value: 'Roads', count: 2 },
              ],
            },
          ],
          published_date: [{ field: 'published_date', type: 'range', data: [{ value: { from: '2025-01-01', name: 'Recent' }, count: 4 }] }],
        },
      }),
    );
    await flush();
    const selected = () =>
      Object.values(driver.getState().facets).flatMap((facets) =>
        facets.flatMap((facet) => facet.data.filter((entry) => entry.selected).map((entry) => JSON.stringify(entry.value))),
      );
    assert.deepEqual(selected(), ['"Housing"']);
    driver.actions.addFilter('topic', 'Roads', 'any');
    driver.actions.addFilter('published_date', { from: '2025-06-01', name: 'Recent' }, 'any');
    assert.deepEqual(selected(), ['"Housing"', '"Roads"', '{"from":"2025-01-01","name":"Recent"}']);
  });
});

describe('search driver: one request per tick', () => {
  it('several actions in the same tick make one request with all their changes', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('rates');
    driver.actions.addFilter('topic', 'Housing', 'any');
    driver.actions.setSort('title', 'asc');
    driver.actions.setResultsPerPage(10);
    await flush();
    assert.equal(searches.length, 1);
    const { request } = searches[0];
    assert.deepEqual(
      [request.searchTerm, request.filters, request.sortField, request.sortDirection, request.resultsPerPage, request.current],
      ['rates', [{ field: 'topic', values: ['Housing'], type: 'any' }], 'title', 'asc', 10, 1],
    );
    driver.actions.setCurrent(2);
    await flush();
    assert.equal(searches.length, 2, 'an action in a later tick makes a new request');
  });
});

describe('search driver: stale answers', () => {
  it('drops an answer that arrives after a newer one was applied', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('rat');
    await flush();
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[1].resolve(answer(7, ['new'], { requestId: 'for-rates' }));
    await flush();
    searches[0].resolve(answer(99, ['old'], { requestId: 'for-rat' }));
    await flush();
    const state = driver.getState();
    assert.deepEqual([state.requestId, state.totalResults, state.resultSearchTerm], ['for-rates', 7, 'rates']);
  });

  it('applies an older answer that arrives first, and stays loading until the newest answers', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('rat');
    await flush();
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].resolve(answer(99, ['old'], { requestId: 'for-rat' }));
    await flush();
    assert.deepEqual([driver.getState().requestId, driver.getState().isLoading], ['for-rat', true]);
    searches[1].resolve(answer(7, ['new'], { requestId: 'for-rates' }));
    await flush();
    assert.deepEqual([driver.getState().requestId, driver.getState().isLoading], ['for-rates', false]);
  });

  it('drops the failure of a request a newer one has replaced', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('rat');
    await flush();
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].reject(new Error('timeout'));
    await flush();
    assert.deepEqual([driver.getState().error, driver.getState().isLoading], ['', true]);
    searches[1].resolve(answer(7));
    await flush();
    assert.deepEqual([driver.getState().error, driver.getState().isLoading], ['', false]);
  });

  it('keeps separate sequences for autocomplete and search', async () => {
    const { driver, searches, autocompletes } = setupDriver();
    driver.actions.setSearchTerm('ra', { autocompleteSuggestions: true });
    await flush();
    driver.actions.setSearchTerm('rat', { refresh: false, autocompleteSuggestions: true });
    await flush();
    autocompletes[1].resolve({ autocompletedSuggestions: { documents: [{ suggestion: 'rates' }] } });
    await flush();
    autocompletes[0].resolve({ autocompletedSuggestions: { documents: [{ suggestion: 'radio' }] } });
    await flush();
    assert.deepEqual(driver.getState().autocompletedSuggestions, { documents: [{ suggestion: 'rates' }] });
    // The search sent before both suggestion calls is not stale for its own sequence.
    searches[0].resolve(answer(3, [], { requestId: 'search-ra' }));
    await flush();
    assert.equal(driver.getState().requestId, 'search-ra');
  });
});

describe('search driver: failures', () => {
  it('shows "An unexpected error occurred: " and the message, and stops loading', async () => {
    const { driver, searches } = setupDriver();
    const seen = record(driver, 'isLoading', 'error');
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].reject(new Error('The search service answered with HTTP status 502.'));
    await flush();
    assert.deepEqual(seen.at(-1), {
      isLoading: false,
      error: 'An unexpected error occurred: The search service answered with HTTP status 502.',
    });
  });

  it('clears the error with the next action, and keeps the previous results on failure', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].resolve(answer(2, ['a', 'b']));
    await flush();
    driver.actions.setCurrent(2);
    await flush();
    searches[1].reject(new Error('down'));
    await flush();
    assert.equal(driver.getState().results.length, 2);
    driver.actions.setCurrent(1);
    assert.equal(driver.getState().error, '');
  });

  it('"Invalid credentials" takes the connector’s state and shows no error', async () => {
    const fake = fakeConnector();
    const driver = createSearchDriver({ connector: fake.connector, history: null });
    driver.actions.setSearchTerm('rates');
    await flush();
    Object.assign(fake.connector, { state: { results: [], totalResults: 0, requestId: 'signed-out' } });
    fake.searches[0].reject(new Error('Invalid credentials'));
    await flush();
    const state = driver.getState();
    assert.deepEqual([state.error, state.isLoading, state.requestId], ['', false, 'signed-out']);
  });

  it('reads rejections that are not Errors (a thrown string, an object with a message)', async () => {
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('a');
    await flush();
    searches[0].reject('plain text');
    await flush();
    assert.equal(driver.getState().error, 'An unexpected error occurred: plain text');
    driver.actions.setSearchTerm('b');
    await flush();
    searches[1].reject({ message: 'from an object' });
    await flush();
    assert.equal(driver.getState().error, 'An unexpected error occurred: from an object');
  });

  it('a handler that throws at once is a failure like any other', async () => {
    const driver = createSearchDriver({
      history: null,
      onSearch: () => {
        throw new Error('bad handler');
      },
    });
    driver.actions.setSearchTerm('a');
    await flush();
    assert.equal(driver.getState().error, 'An unexpected error occurred: bad handler');
    assert.equal(driver.getState().isLoading, false);
  });

  it('a search without a search handler fails with the missing-handler text', async () => {
    const driver = createSearchDriver({ history: null, onAutocomplete: async () => ({}) });
    driver.actions.setSearchTerm('a');
    await flush();
    assert.equal(
      driver.getState().error,
      'An unexpected error occurred: No onSearch handler provided and no Connector provided. You must configure one or the other.',
    );
  });

  it('click tracking without a click handler throws the missing-handler text', () => {
    const driver = createSearchDriver({ history: null, onSearch: async () => ({}) });
    assert.throws(() => driver.actions.trackClickThrough('doc-1'), {
      message: 'No onResultClick handler provided and no Connector provided. You must configure one or the other.',
    });
    assert.throws(() => driver.actions.trackAutocompleteClickThrough('doc-1'), /No onAutocompleteResultClick handler/);
  });

  it('an autocomplete failure clears the suggestions, shows no error and is reported to the console', async (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const { driver, autocompletes } = setupDriver();
    driver.actions.setSearchTerm('ra', { refresh: false, autocompleteSuggestions: true });
    await flush();
    autocompletes[0].resolve({ autocompletedSuggestions: { documents: [{ suggestion: 'rates' }] } });
    await flush();
    driver.actions.setSearchTerm('rat', { refresh: false, autocompleteSuggestions: true });
    await flush();
    autocompletes[1].reject(new Error('down'));
    await flush();
    assert.deepEqual(driver.getState().autocompletedSuggestions, {});
    assert.equal(driver.getState().error, '');
    assert.equal(warn.mock.callCount(), 1);
  });

  it('an autocomplete "Invalid credentials" takes the connector’s state', async () => {
    const fake = fakeConnector({ autocompletedSuggestionsRequestId: 'from-connector' });
    const driver = createSearchDriver({ connector: fake.connector, history: null });
    driver.actions.setSearchTerm('ra', { refresh: false, autocompleteSuggestions: true });
    await flush();
    Object.assign(fake.connector, { state: { autocompletedSuggestionsRequestId: 'signed-out' } });
    fake.autocompletes[0].reject(new Error('Invalid credentials'));
    await flush();
    assert.equal(driver.getState().autocompletedSuggestionsRequestId, 'signed-out');
    assert.equal(driver.getState().error, '');
  });
});

describe('search driver: handlers, messages and destroy', () => {
  it('a handler given with a connector runs in front of it and can call it through next', async () => {
    const fake = fakeConnector();
    const driver = createSearchDriver({
      connector: fake.connector,
      history: null,
      onSearch: async (request, config, next) => {
        const response = await next({ ...request, searchTerm: `${request.searchTerm}*` }, config);
        return { ...response, requestId: `wrapped-${response.requestId}` };
      },
    });
    driver.actions.setSearchTerm('rate');
    await flush();
    assert.equal(fake.searches[0].request.searchTerm, 'rate*');
    fake.searches[0].resolve(answer(1, ['a'], { requestId: 'r1' }));
    await flush();
    assert.equal(driver.getState().requestId, 'wrapped-r1');
  });

  it('uses overridden messages for the error prefix and the notice', async () => {
    const { driver, searches, notices } = setupDriver({
      messages: {
        unexpectedError: 'Digwyddodd gwall annisgwyl: ',
        resultsNotice: 'Yn dangos {start} i {end} o {total}',
        resultsNoticeSearchTerm: ', yn chwilio am "{searchTerm}"',
      },
    });
    driver.actions.setSearchTerm('trethi');
    await flush();
    searches[0].resolve(answer(3));
    await flush();
    assert.deepEqual(notices, ['Yn dangos 1 i 3 o 3, yn chwilio am "trethi"']);
    driver.actions.setCurrent(2);
    await flush();
    searches[1].reject(new Error('x'));
    await flush();
    assert.equal(driver.getState().error, 'Digwyddodd gwall annisgwyl: x');
  });

  it('subscribe returns an unsubscribe; after destroy nothing changes and no one is called', async () => {
    const { driver, searches } = setupDriver();
    let calls = 0;
    const unsubscribe = driver.subscribe(() => {
      calls += 1;
    });
    driver.actions.setSearchTerm('a');
    assert.equal(calls, 2, 'the term, then the request state');
    unsubscribe();
    driver.actions.setSearchTerm('b');
    assert.equal(calls, 2);
    driver.subscribe(() => {
      calls += 1;
    });
    await flush();
    const before = calls;
    driver.destroy();
    searches[0].resolve(answer(5, ['a']));
    driver.actions.setSearchTerm('c');
    await flush();
    assert.equal(calls, before);
    assert.equal(driver.getState().wasSearched, false);
  });
});
