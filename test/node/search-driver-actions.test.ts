import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RESULTS_PER_PAGE, MAX_TOTAL_PAGES } from '../../src/core/constants';
import { createSearchDriver, MissingHandlerError } from '../../src/core/search/driver';
import { answer, fakeConnector, flush, setupDriver } from './search-fakes';

const HOUSING = { field: 'topic', values: ['Housing'], type: 'any' as const };

describe('search driver: start', () => {
  it('starts from Search UI’s defaults', () => {
    const { driver } = setupDriver();
    const state = driver.getState();
    assert.equal(state.current, 1);
    assert.equal(state.resultsPerPage, DEFAULT_RESULTS_PER_PAGE);
    assert.deepEqual(state.filters, []);
    assert.equal(state.searchTerm, '');
    assert.equal(state.sortField, '');
    assert.equal(state.sortDirection, '');
    assert.deepEqual(state.sortList, []);
    assert.deepEqual(state.results, []);
    assert.equal(state.isLoading, false);
    assert.equal(state.wasSearched, false);
    assert.equal(state.error, '');
  });

  it('does not search on load without a term or filters', async () => {
    const { driver, searches } = setupDriver({ initialState: { resultsPerPage: 10 } });
    await driver.ready;
    await flush();
    assert.equal(searches.length, 0);
    assert.equal(driver.getState().resultsPerPage, 10);
  });

  it('searches on load when the starting state holds a term, or only filters', async () => {
    const withTerm = setupDriver({ initialState: { searchTerm: 'rates' } });
    await withTerm.driver.ready;
    await flush();
    assert.equal(withTerm.searches.length, 1);
    assert.equal(withTerm.searches[0].request.searchTerm, 'rates');

    const withFilters = setupDriver({ initialState: { filters: [HOUSING] } });
    await withFilters.driver.ready;
    await flush();
    assert.equal(withFilters.searches.length, 1);
    assert.deepEqual(withFilters.searches[0].request.filters, [HOUSING]);
  });

  it('takes the connector’s state, and ignores keys of initialState that are not request state', () => {
    const fake = fakeConnector({ totalResults: 7 });
    const driver = createSearchDriver({
      connector: fake.connector,
      history: null,
      initialState: { searchTerm: 'x', results: [{}] } as never,
    });
    assert.equal(driver.getState().totalResults, 7);
    assert.equal(driver.getState().searchTerm, 'x');
    assert.deepEqual(driver.getState().results, []);
  });

  it('throws the exact configuration error without a connector or a handler', () => {
    assert.throws(
      () => createSearchDriver({ history: null }),
      (error: unknown) =>
        error instanceof MissingHandlerError &&
        error.message === 'No onSearch handler provided and no Connector provided. You must configure one or the other.',
    );
  });
});

describe('search driver: setSearchTerm', () => {
  it('sets the term at once, searches page 1 and clears the filters by default', async () => {
    const { driver, searches } = setupDriver({ initialState: { filters: [HOUSING], current: 3 } });
    driver.actions.setSearchTerm('rates');
    assert.equal(driver.getState().searchTerm, 'rates');
    await flush();
    const last = searches[searches.length - 1];
    assert.equal(last.request.searchTerm, 'rates');
    assert.equal(last.request.current, 1);
    assert.deepEqual(last.request.filters, []);
    assert.deepEqual(driver.getState().filters, []);
  });

  it('keeps the filters with shouldClearFilters: false', async () => {
    const { driver, searches } = setupDriver({ initialState: { filters: [HOUSING] } });
    await flush();
    driver.actions.setSearchTerm('rates', { shouldClearFilters: false });
    await flush();
    assert.deepEqual(searches[searches.length - 1].request.filters, [HOUSING]);
  });

  it('only updates the term with refresh: false', async () => {
    const { driver, searches } = setupDriver();
    const states: string[] = [];
    driver.subscribe((state) => states.push(state.searchTerm));
    driver.actions.setSearchTerm('rat', { refresh: false });
    await flush();
    assert.equal(searches.length, 0);
    assert.deepEqual(states, ['rat']);
  });

  it('debounces: only the last term of a burst is searched, after the wait', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { driver, searches } = setupDriver();
    driver.actions.setSearchTerm('r', { debounce: 300 });
    driver.actions.setSearchTerm('ra', { debounce: 300 });
    t.mock.timers.tick(200);
    driver.actions.setSearchTerm('rates', { debounce: 300 });
    t.mock.timers.tick(299);
    await flush();
    assert.equal(searches.length, 0);
    assert.equal(driver.getState().searchTerm, 'rates', 'the field shows the term at once');
    t.mock.timers.tick(1);
    await flush();
    assert.deepEqual(
      searches.map((search) => search.request.searchTerm),
      ['rates'],
    );
  });

  it('asks for suggestions from the minimum length, with the page’s suggestion settings', async () => {
    const { driver, autocompletes, searches } = setupDriver({ autocompleteQuery: { suggestions: { size: 4 } } });
    const options = { refresh: false, autocompleteSuggestions: true, autocompleteMinimumCharacters: 3 };
    driver.actions.setSearchTerm('ra', options);
    await flush();
    assert.equal(autocompletes.length, 0);
    driver.actions.setSearchTerm('rat', options);
    await flush();
    assert.equal(autocompletes.length, 1);
    assert.deepEqual(autocompletes[0].request, { searchTerm: 'rat' });
    assert.deepEqual(autocompletes[0].config, { suggestions: { size: 4 } });
    autocompletes[0].resolve({
      autocompletedSuggestions: { documents: [{ suggestion: 'rates' }, { suggestion: 'rates rebate' }] },
      autocompletedSuggestionsRequestId: 'sugg-1',
    });
    await flush();
    assert.deepEqual(driver.getState().autocompletedSuggestions.documents, [{ suggestion: 'rates' }, { suggestion: 'rates rebate' }]);
    assert.equal(driver.getState().autocompletedSuggestionsRequestId, 'sugg-1');
    assert.equal(searches.length, 0);
  });

  it('asks for autocomplete results with their own settings, and debounces them too', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { driver, autocompletes } = setupDriver({ autocompleteQuery: { results: { resultsPerPage: 3 } } });
    driver.actions.setSearchTerm('ra', { refresh: false, autocompleteResults: true, debounce: 200 });
    driver.actions.setSearchTerm('rat', { refresh: false, autocompleteResults: true, debounce: 200 });
    t.mock.timers.tick(200);
    await flush();
    assert.equal(autocompletes.length, 1);
    assert.deepEqual(autocompletes[0].request, { searchTerm: 'rat' });
    assert.deepEqual(autocompletes[0].config, { results: { resultsPerPage: 3 } });
    autocompletes[0].resolve({ autocompletedResults: answer(1, ['a1']).results, autocompletedResultsRequestId: 'ac-1' });
    await flush();
    assert.equal(driver.getState().autocompletedResults.length, 1);
    assert.equal(driver.getState().autocompletedResultsRequestId, 'ac-1');
  });
});

describe('search driver: filters', () => {
  it('addFilter adds a value to the field’s filter (type all by default), once, and goes back to page 1', async () => {
    const { driver, searches } = setupDriver({ initialState: { current: 4 } });
    driver.actions.addFilter('topic', 'Housing');
    driver.actions.addFilter('topic', 'Roads');
    driver.actions.addFilter('topic', 'Roads');
    driver.actions.addFilter('topic', 'Parks', 'none');
    await flush();
    assert.deepEqual(driver.getState().filters, [
      { field: 'topic', values: ['Housing', 'Roads'], type: 'all' },
      { field: 'topic', values: ['Parks'], type: 'none' },
    ]);
    assert.equal(driver.getState().current, 1);
    assert.equal(searches.length, 1, 'four actions in one tick make one request');
  });

  it('setFilter replaces the values of the field and type', async () => {
    const { driver } = setupDriver({ initialState: { filters: [{ field: 'topic', values: ['A', 'B'], type: 'any' }] } });
    driver.actions.setFilter('topic', 'C', 'any');
    await flush();
    assert.deepEqual(driver.getState().filters, [{ field: 'topic', values: ['C'], type: 'any' }]);
  });

  it('removeFilter by field, by field and type, by field and value, and by field, value and type', async () => {
    const filters = [
      { field: 'topic', values: ['A', 'B'], type: 'any' as const },
      { field: 'topic', values: ['A'], type: 'none' as const },
      { field: 'type', values: ['Report'], type: 'all' as const },
    ];
    const cases: [Parameters<ReturnType<typeof setupDriver>['driver']['actions']['removeFilter']>, unknown][] = [
      [['topic'], [filters[2]]],
      [
        ['topic', undefined, 'none'],
        [filters[0], filters[2]],
      ],
      [
        ['topic', 'A'],
        [{ field: 'topic', values: ['B'], type: 'any' }, filters[2]],
      ],
      [
        ['topic', 'A', 'none'],
        [filters[0], filters[2]],
      ],
      [['type', 'Report'], filters.slice(0, 2)],
    ];
    for (const [args, expected] of cases) {
      const { driver } = setupDriver({ initialState: { filters, current: 2 } });
      driver.actions.removeFilter(...args);
      assert.deepEqual(driver.getState().filters, expected, JSON.stringify(args));
      assert.equal(driver.getState().current, 1);
    }
  });

  it('removeFilter matches a range by its name, whatever its bounds are now', () => {
    const lastYear = { from: '2025-11-02', to: '2026-11-02', name: 'Last 12 months' };
    const { driver } = setupDriver({ initialState: { filters: [{ field: 'published_date', values: [lastYear], type: 'any' }] } });
    driver.actions.removeFilter('published_date', { from: '2025-11-03', to: '2026-11-03', name: 'Last 12 months' });
    assert.deepEqual(driver.getState().filters, []);
  });

  it('clearFilters removes all filters except the fields to keep', () => {
    const subsite = { field: 'subsite', values: ['Parks'], type: 'all' as const };
    const { driver } = setupDriver({ initialState: { filters: [HOUSING, subsite], current: 3 } });
    driver.actions.clearFilters(['subsite']);
    assert.deepEqual(driver.getState().filters, [subsite]);
    assert.equal(driver.getState().current, 1);
    driver.actions.clearFilters();
    assert.deepEqual(driver.getState().filters, []);
  });

  it('sends the page’s fixed filters with every search, without putting them in the state', async () => {
    const scope = { field: 'subsite', values: ['Parks'], type: 'all' as const };
    const { driver, searches } = setupDriver({ searchQuery: { filters: [scope], facets: { topic: { type: 'value' } } } });
    driver.actions.addFilter('topic', 'Housing', 'any');
    await flush();
    assert.deepEqual(searches[0].request.filters, [HOUSING, scope]);
    assert.deepEqual(searches[0].config, { facets: { topic: { type: 'value' } } });
    assert.deepEqual(driver.getState().filters, [HOUSING]);
  });
});

describe('search driver: paging and sorting', () => {
  it('setCurrent changes the page only; a page past the cap is lowered, a bad one ignored', async () => {
    const { driver, searches } = setupDriver({ initialState: { filters: [HOUSING] } });
    await flush();
    driver.actions.setCurrent(3);
    await flush();
    assert.equal(searches[searches.length - 1].request.current, 3);
    assert.deepEqual(searches[searches.length - 1].request.filters, [HOUSING]);
    driver.actions.setCurrent(5000);
    assert.equal(driver.getState().current, MAX_TOTAL_PAGES);
    const count = searches.length;
    for (const bad of [0, -1, 1.5, Number.NaN]) driver.actions.setCurrent(bad);
    await flush();
    assert.equal(driver.getState().current, MAX_TOTAL_PAGES);
    assert.equal(searches.length, count + 1, 'only the valid call searched');
  });

  it('setResultsPerPage changes the size and goes back to page 1; a bad size is ignored', async () => {
    const { driver, searches } = setupDriver({ initialState: { current: 5 } });
    driver.actions.setResultsPerPage(50);
    await flush();
    assert.equal(searches[0].request.resultsPerPage, 50);
    assert.equal(searches[0].request.current, 1);
    driver.actions.setResultsPerPage(0);
    driver.actions.setResultsPerPage(100_000);
    await flush();
    assert.equal(driver.getState().resultsPerPage, 50);
    assert.equal(searches.length, 1);
  });

  it('setSort takes a field and direction, or a sort list, and goes back to page 1', async () => {
    const { driver, searches } = setupDriver({ initialState: { current: 2 } });
    driver.actions.setSort('published_date', 'desc');
    await flush();
    assert.deepEqual(
      [searches[0].request.sortField, searches[0].request.sortDirection, searches[0].request.sortList, searches[0].request.current],
      ['published_date', 'desc', [], 1],
    );
    const list = [
      { field: 'published_date', direction: 'desc' as const },
      { field: 'title', direction: 'asc' as const },
    ];
    driver.actions.setCurrent(2);
    driver.actions.setSort(list);
    await flush();
    const last = searches[searches.length - 1].request;
    assert.deepEqual([last.sortField, last.sortDirection, last.sortList, last.current], ['', '', list, 1]);
  });
});

describe('search driver: reset', () => {
  it('returns to the starting state and drops an answer still on its way', async () => {
    const { driver, searches } = setupDriver({ initialState: { resultsPerPage: 10 } });
    driver.actions.setSearchTerm('rates');
    driver.actions.addFilter('topic', 'Housing');
    await flush();
    assert.equal(driver.getState().isLoading, true);
    driver.actions.reset();
    searches[0].resolve(answer(30, ['a']));
    await flush();
    const state = driver.getState();
    assert.deepEqual(
      [state.searchTerm, state.filters, state.resultsPerPage, state.isLoading, state.wasSearched, state.results],
      ['', [], 10, false, false, []],
    );
  });
});

describe('search driver: click tracking', () => {
  it('trackClickThrough sends the query the results are for, the document, the request id and the tags', async () => {
    const { driver, searches, resultClicks } = setupDriver();
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].resolve(answer(2, ['doc-1', 'doc-2'], { requestId: 'req-9' }));
    await flush();
    driver.actions.setSearchTerm('rates rebate', { refresh: false });
    driver.actions.trackClickThrough('doc-2', ['listing']);
    assert.equal(resultClicks.length, 1);
    const [click] = resultClicks;
    assert.deepEqual(
      [click.query, click.documentId, click.requestId, click.tags, click.resultIndexOnPage, click.page],
      ['rates', 'doc-2', 'req-9', ['listing'], 1, 1],
    );
    assert.equal(click.result, driver.getState().results[1]);
  });

  it('trackAutocompleteClickThrough sends the autocomplete request id', async () => {
    const { driver, autocompletes, autocompleteClicks } = setupDriver();
    driver.actions.setSearchTerm('rat', { refresh: false, autocompleteResults: true });
    await flush();
    autocompletes[0].resolve({ autocompletedResults: answer(1, ['doc-5']).results, autocompletedResultsRequestId: 'ac-7' });
    await flush();
    driver.actions.trackAutocompleteClickThrough('doc-5');
    assert.deepEqual(
      autocompleteClicks.map((click) => [click.query, click.documentId, click.requestId, click.tags, click.resultIndex]),
      [['rat', 'doc-5', 'ac-7', [], 0]],
    );
  });

  it('trackAutocompleteSuggestionClickThrough calls the suggestion handler, and does nothing without one', () => {
    const clicks: unknown[] = [];
    const withHandler = setupDriver({ onAutocompleteSuggestionClick: (click) => void clicks.push(click) });
    withHandler.driver.actions.setSearchTerm('rat', { refresh: false });
    withHandler.driver.actions.trackAutocompleteSuggestionClickThrough('rates', 0, ['header']);
    assert.deepEqual(clicks, [{ suggestion: 'rates', position: 0, query: 'rat', tags: ['header'] }]);
    const without = setupDriver();
    assert.doesNotThrow(() => without.driver.actions.trackAutocompleteSuggestionClickThrough('rates', 0));
  });

  it('a failed click call is reported to the console, never thrown at the page', async (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const fake = fakeConnector();
    fake.connector.onResultClick = () => Promise.reject(new Error('offline'));
    const driver = createSearchDriver({ connector: fake.connector, history: null });
    assert.doesNotThrow(() => driver.actions.trackClickThrough('doc-1'));
    await flush();
    assert.equal(warn.mock.callCount(), 1);
    assert.match(String(warn.mock.calls[0].arguments[0]), /click tracking failed: offline/);
  });
});

describe('search driver: a11yNotify', () => {
  it('announces the notice of the current results, with values overridden on request', async () => {
    const { driver, searches, notices } = setupDriver();
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].resolve(answer(45, ['a']));
    await flush();
    assert.deepEqual(notices, ['Showing 1 to 20 results out of 45, searching for "rates"']);
    driver.actions.a11yNotify();
    driver.actions.a11yNotify('searchResults', { searchTerm: '' });
    assert.deepEqual(notices.slice(1), ['Showing 1 to 20 results out of 45, searching for "rates"', 'Showing 1 to 20 results out of 45']);
  });

  it('warns about an unknown message name and announces nothing', () => {
    const warn = mock.method(console, 'warn', () => {});
    try {
      const { driver, notices } = setupDriver();
      driver.actions.a11yNotify('other' as never);
      assert.deepEqual(notices, []);
      assert.equal(warn.mock.callCount(), 1);
    } finally {
      warn.mock.restore();
    }
  });
});
