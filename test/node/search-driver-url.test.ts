import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { URL_PUSH_DEBOUNCE_MS } from '../../src/core/constants';
import { createMemoryHistory } from '../../src/core/search/url-history';
import { answer, flush, setupDriver } from './search-fakes';

const RATES_HOUSING =
  'q=rates&size=n_20_n&filters%5B0%5D%5Bfield%5D=topic&filters%5B0%5D%5Bvalues%5D%5B0%5D=Housing&filters%5B0%5D%5Btype%5D=any';

describe('search driver: URL state', () => {
  it('reads the URL at start and searches when it holds a term; the first write replaces the entry', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('?q=rates&filters[0][field]=topic&filters[0][values][0]=Housing&filters[0][type]=any');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    assert.equal(searches.length, 1);
    assert.equal(searches[0].request.searchTerm, 'rates');
    assert.deepEqual(searches[0].request.filters, [{ field: 'topic', values: ['Housing'], type: 'any' }]);
    searches[0].resolve(answer(3));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    assert.deepEqual(history.entries, [RATES_HOUSING], 'replaced, in Search UI’s own form');
  });

  it('searches on load for filters alone, and not for a URL with neither term nor filters', async () => {
    const filtersOnly = setupDriver({ history: createMemoryHistory('filters[0][field]=topic&filters[0][values][0]=Roads') });
    await filtersOnly.driver.ready;
    await flush();
    assert.equal(filtersOnly.searches.length, 1);

    const sizeOnly = setupDriver({ history: createMemoryHistory('size=n_50_n&current=n_3_n') });
    await sizeOnly.driver.ready;
    await flush();
    assert.equal(sizeOnly.searches.length, 0);
    assert.deepEqual([sizeOnly.driver.getState().resultsPerPage, sizeOnly.driver.getState().current], [50, 3]);
  });

  it('the URL overrides the initial state, key by key', async () => {
    const history = createMemoryHistory('q=parks');
    const { driver } = setupDriver({ history, initialState: { searchTerm: 'rates', resultsPerPage: 10 } });
    await driver.ready;
    assert.deepEqual([driver.getState().searchTerm, driver.getState().resultsPerPage], ['parks', 10]);
  });

  it('writes the URL 500 ms after a successful answer, pushing a new entry', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].resolve(answer(3));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS - 1);
    assert.deepEqual(history.entries, ['']);
    t.mock.timers.tick(1);
    assert.deepEqual(history.entries, ['', 'q=rates&size=n_20_n']);
    assert.equal(history.index, 1);
  });

  it('writes nothing after a failure', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    driver.actions.setSearchTerm('rates');
    await flush();
    searches[0].reject(new Error('down'));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS * 2);
    assert.deepEqual(history.entries, ['']);
  });

  it('answers in quick succession leave one history entry (debounced)', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    for (const [index, term] of ['r', 'ra', 'rat'].entries()) {
      driver.actions.setSearchTerm(term);
      await flush();
      searches[index].resolve(answer(1));
      await flush();
      t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS / 2);
    }
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    assert.deepEqual(history.entries, ['', 'q=rat&size=n_20_n']);
  });

  it('back and forward re-run the search from the URL without writing it again', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('q=rates&size=n_20_n');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    searches[0].resolve(answer(3));
    await flush();
    driver.actions.addFilter('topic', 'Housing', 'any');
    await flush();
    searches[1].resolve(answer(1));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    assert.deepEqual(history.entries, ['q=rates&size=n_20_n', RATES_HOUSING]);

    history.back();
    await flush();
    assert.equal(searches.length, 3);
    assert.deepEqual(searches[2].request.filters, []);
    assert.deepEqual(driver.getState().filters, []);
    searches[2].resolve(answer(3));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);

    history.forward();
    await flush();
    assert.deepEqual(searches[3].request.filters, [{ field: 'topic', values: ['Housing'], type: 'any' }]);
    searches[3].resolve(answer(1));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    assert.deepEqual(history.entries, ['q=rates&size=n_20_n', RATES_HOUSING], 'no entry added');
    assert.equal(history.index, 1);
  });

  it('back cancels a URL write still waiting, so it cannot undo the navigation', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('q=a&size=n_20_n');
    history.push('q=b&size=n_20_n');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    searches[0].resolve(answer(1));
    await flush();
    driver.actions.setSearchTerm('c');
    await flush();
    searches[1].resolve(answer(1));
    await flush();
    history.back();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    assert.deepEqual(history.entries, ['q=a&size=n_20_n', 'q=b&size=n_20_n']);
    assert.equal(history.index, 0);
    assert.equal(driver.getState().searchTerm, 'a');
  });

  it('a popstate that leaves the query string as it was (a #fragment link) does not search', async () => {
    const history = createMemoryHistory('q=rates&size=n_20_n');
    history.push('q=rates&size=n_20_n');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    history.back();
    await flush();
    assert.equal(searches.length, 1, 'only the search on load');
  });

  it('an entry without some keys falls back to the starting state for them', async () => {
    const history = createMemoryHistory('');
    history.push('q=rates&size=n_50_n&sort-field=title&sort-direction=asc');
    const { driver } = setupDriver({ history, initialState: { resultsPerPage: 10 } });
    await driver.ready;
    assert.equal(driver.getState().resultsPerPage, 50);
    history.back();
    history.forward();
    history.back();
    const state = driver.getState();
    assert.deepEqual([state.searchTerm, state.resultsPerPage, state.sortField], ['', 10, '']);
  });

  it('does not add an entry for the query string already in the address bar', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const history = createMemoryHistory('q=rates&size=n_20_n');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    searches[0].resolve(answer(1));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    driver.actions.setCurrent(1);
    await flush();
    searches[1].resolve(answer(1));
    await flush();
    t.mock.timers.tick(URL_PUSH_DEBOUNCE_MS);
    assert.deepEqual(history.entries, ['q=rates&size=n_20_n']);
  });

  it('reset pushes the starting state at once', async () => {
    const history = createMemoryHistory('q=rates&size=n_20_n');
    const { driver } = setupDriver({ history });
    await driver.ready;
    driver.actions.reset();
    assert.deepEqual(history.entries, ['q=rates&size=n_20_n', 'size=n_20_n']);
  });

  it('an action taken before the URL is read wins over the URL', async () => {
    const history = createMemoryHistory('q=rates');
    const { driver, searches } = setupDriver({ history });
    driver.actions.setSearchTerm('parks');
    await driver.ready;
    await flush();
    assert.deepEqual(
      searches.map((search) => search.request.searchTerm),
      ['parks'],
    );
    assert.equal(driver.getState().searchTerm, 'parks');
  });

  it('a hostile query string starts an empty search state, and pollutes nothing', async () => {
    const history = createMemoryHistory('__proto__[polluted]=1&constructor[prototype][polluted]=1&filters[0][__proto__][x]=1&q[]=');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    assert.equal(searches.length, 0);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('destroy stops listening to back/forward', async () => {
    const history = createMemoryHistory('');
    history.push('q=rates');
    const { driver, searches } = setupDriver({ history });
    await driver.ready;
    await flush();
    driver.destroy();
    history.back();
    await flush();
    assert.equal(searches.length, 1, 'only the search on load');
  });
});
