/**
 * The driver's only access to the address bar: read the query string, push or replace it, hear back/forward.
 * Query strings are passed without the leading "?". The browser version works on `window.history`; the memory
 * version lets node tests (and pages that must not touch the URL) run the driver.
 */
export interface UrlHistory {
  getQueryString(): string;
  push(queryString: string): void;
  replace(queryString: string): void;
  /** Calls the listener with the new query string on back/forward; returns the unsubscribe function. */
  onPop(listener: (queryString: string) => void): () => void;
}

const withoutPrefix = (queryString: string) => queryString.replace(/^\?/, '');

/** The part of `window` the browser history uses. */
export type HistoryWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

/** Keeps the path and the #fragment; only the query string changes. */
export function createBrowserHistory(win: HistoryWindow = window): UrlHistory {
  const urlWith = (queryString: string) => {
    const query = withoutPrefix(queryString);
    return `${win.location.pathname}${query ? `?${query}` : ''}${win.location.hash}`;
  };
  const getQueryString = () => withoutPrefix(win.location.search);
  return {
    getQueryString,
    push(queryString) {
      win.history.pushState(null, '', urlWith(queryString));
    },
    replace(queryString) {
      // Keeps the entry's state object: other scripts of the page may have stored theirs.
      win.history.replaceState(win.history.state, '', urlWith(queryString));
    },
    onPop(listener) {
      const handler = () => listener(getQueryString());
      win.addEventListener('popstate', handler);
      return () => win.removeEventListener('popstate', handler);
    },
  };
}

export interface MemoryHistory extends UrlHistory {
  /** Every entry, oldest first. */
  readonly entries: readonly string[];
  /** The current entry's position in `entries`. */
  readonly index: number;
  /** Like the browser's back button: moves one entry back and tells the listeners. */
  back(): void;
  forward(): void;
}

export function createMemoryHistory(initialQueryString = ''): MemoryHistory {
  const entries = [withoutPrefix(initialQueryString)];
  let index = 0;
  const listeners = new Set<(queryString: string) => void>();
  const go = (delta: number) => {
    const target = index + delta;
    if (target < 0 || target >= entries.length) return;
    index = target;
    for (const listener of [...listeners]) listener(entries[index]);
  };
  return {
    get entries() {
      return [...entries];
    },
    get index() {
      return index;
    },
    getQueryString: () => entries[index],
    push(queryString) {
      entries.splice(index + 1, entries.length, withoutPrefix(queryString));
      index += 1;
    },
    replace(queryString) {
      entries[index] = withoutPrefix(queryString);
    },
    onPop(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    back: () => go(-1),
    forward: () => go(1),
  };
}
