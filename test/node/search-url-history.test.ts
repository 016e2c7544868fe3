import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBrowserHistory, createMemoryHistory, type HistoryWindow } from '../../src/core/search/url-history';

/** Just enough of window.location, window.history and popstate for the adapter. */
function fakeWindow(url: string) {
  const location = new URL(url);
  const calls: [string, unknown, string][] = [];
  const listeners = new Set<() => void>();
  const win = {
    location,
    history: {
      state: { fromAnotherScript: true },
      pushState(state: unknown, _title: string, next: string) {
        calls.push(['push', state, next]);
        Object.assign(location, { href: new URL(next, location.href).href });
      },
      replaceState(state: unknown, _title: string, next: string) {
        calls.push(['replace', state, next]);
        Object.assign(location, { href: new URL(next, location.href).href });
      },
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const popTo = (next: string) => {
    location.href = new URL(next, location.href).href;
    for (const listener of listeners) listener();
  };
  return { win: win as unknown as HistoryWindow, calls, listeners, popTo };
}

describe('browser URL history', () => {
  it('reads the query string without its "?"', () => {
    const { win } = fakeWindow('https://example.gov/search?q=rates#results');
    assert.equal(createBrowserHistory(win).getQueryString(), 'q=rates');
  });

  it('pushes and replaces only the query string, keeping the path and the #fragment', () => {
    const { win, calls } = fakeWindow('https://example.gov/search/results?q=a#main');
    const history = createBrowserHistory(win);
    history.push('q=b');
    history.replace('q=c');
    history.push('');
    assert.deepEqual(calls, [
      ['push', null, '/search/results?q=b#main'],
      ['replace', { fromAnotherScript: true }, '/search/results?q=c#main'],
      ['push', null, '/search/results#main'],
    ]);
  });

  it('tells the listener the new query string on popstate, until unsubscribed', () => {
    const { win, popTo, listeners } = fakeWindow('https://example.gov/search?q=b');
    const heard: string[] = [];
    const stop = createBrowserHistory(win).onPop((queryString) => heard.push(queryString));
    popTo('/search?q=a');
    stop();
    popTo('/search?q=b');
    assert.deepEqual(heard, ['q=a']);
    assert.equal(listeners.size, 0);
  });
});

describe('memory URL history', () => {
  it('pushes, replaces, goes back and forward, and drops the forward entries on push', () => {
    const history = createMemoryHistory('?q=a');
    const heard: string[] = [];
    history.onPop((queryString) => heard.push(queryString));
    history.push('q=b');
    history.push('q=c');
    history.back();
    history.back();
    history.back();
    assert.deepEqual(heard, ['q=b', 'q=a'], 'no entry before the first');
    history.forward();
    history.replace('q=B');
    history.push('q=d');
    assert.deepEqual(history.entries, ['q=a', 'q=B', 'q=d']);
    assert.equal(history.index, 2);
    history.forward();
    assert.equal(history.getQueryString(), 'q=d');
    assert.deepEqual(heard, ['q=b', 'q=a', 'q=b'], 'push and replace tell no listener');
  });
});
