import type { ApiSearchResponse } from '../../src/core/search/app-search-api';
// The public entry, as the example site imports it: the same BackendError class the service checks for.
import { BackendError, type SearchBackend } from 'civic-search';

/**
 * How the wrapped backend behaves, switched by a test while the site runs:
 * - `normal`: the real backend answers.
 * - `slow`: the real answer, but only after `slowMs` (longer than the proxy's timeout); the signal is honoured.
 * - `hang`: never answers and ignores the signal (the proxy must give up on its own).
 * - `failing`: throws a BackendError (the backend's own, readable failure).
 * - `crashing`: throws a plain TypeError (a bug in a backend).
 * - `garbage`: resolves with a value that is not an App Search answer.
 * - `odd` (search only): the real answer, well-formed but with hostile or absurd values (see `oddAnswer`).
 */
export type FaultMode = 'normal' | 'slow' | 'hang' | 'failing' | 'crashing' | 'garbage' | 'odd';

/** The message a `failing` backend throws with (the proxy passes it on to the visitor). */
export const FAILING_MESSAGE = 'the search cluster is unreachable';
/** Not the shape of any App Search answer: no meta, results not a list. */
export const GARBAGE_ANSWER: unknown = { results: 'not a list', meta: { page: 'one' } };

/** A total an `odd` answer claims: more results and pages than any page may show. */
export const ODD_TOTAL = 2 ** 31;
/** The address an `odd` answer gives its first result. */
export const ODD_URL = 'javascript:alert(document.domain)';
/** The snippet an `odd` answer gives its third result: markup that must reach the page as text. */
export const ODD_SNIPPET = '<em>rates</em> <script>alert(1)</script><img src=x onerror=alert(1)>';

/**
 * The shape App Search promises, the values not: a title that is an object, a number, a `javascript:` address, an
 * impossible date, markup in a snippet, a facet value that is a number, and a total of 2^31 results and pages.
 */
export function oddAnswer(answer: ApiSearchResponse): ApiSearchResponse {
  const results = answer.results.map((result) => ({ ...result }));
  if (results[0]) Object.assign(results[0], { title: { raw: { nested: true } }, url: { raw: ODD_URL } });
  if (results[1]) Object.assign(results[1], { title: { raw: 42 }, published_date: { raw: '2024-99-99' } });
  if (results[2]) Object.assign(results[2], { summary: { snippet: ODD_SNIPPET }, body: { snippet: null } });
  const facets = Object.fromEntries(
    Object.entries(answer.facets ?? {}).map(([field, list]) => [
      field,
      list.map((facet) => ({ ...facet, data: [...facet.data, { value: 12345, count: ODD_TOTAL }, { value: '<b>bold</b>', count: 0 }] })),
    ]),
  );
  return {
    ...answer,
    meta: { ...answer.meta, page: { ...answer.meta.page, total_results: ODD_TOTAL, total_pages: ODD_TOTAL } },
    results,
    facets,
  };
}

export interface FaultBackend extends SearchBackend {
  /** How `search` behaves from now on. */
  searchMode: FaultMode;
  /** How `suggest` behaves from now on. */
  suggestMode: FaultMode;
  /** Calls that reached this backend, per method (a test can see the proxy did call it). */
  readonly calls: { search: number; suggest: number; click: number };
  /** Both methods back to `normal`. */
  reset(): void;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `real`, wrapped so that a test can make its searches and suggestions slow, failing or garbage. */
export function createFaultBackend(real: SearchBackend, { slowMs = 60_000 } = {}): FaultBackend {
  const calls = { search: 0, suggest: 0, click: 0 };
  async function run<T>(mode: FaultMode, answer: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    switch (mode) {
      case 'normal':
        return answer();
      case 'slow':
        await delay(slowMs, signal);
        return answer();
      case 'hang':
        return new Promise<T>(() => {});
      case 'failing':
        throw new BackendError(FAILING_MESSAGE);
      case 'crashing':
        throw new TypeError("Cannot read properties of undefined (reading 'hits')");
      case 'garbage':
        return GARBAGE_ANSWER as T;
      case 'odd':
        throw new Error('odd answers are made by search only');
    }
  }
  const backend: FaultBackend = {
    name: `faulty ${real.name}`,
    searchMode: 'normal',
    suggestMode: 'normal',
    calls,
    reset() {
      backend.searchMode = 'normal';
      backend.suggestMode = 'normal';
    },
    search(engine, request, signal) {
      calls.search += 1;
      if (backend.searchMode === 'odd') return real.search(engine, request, signal).then(oddAnswer);
      return run(backend.searchMode, () => real.search(engine, request, signal), signal);
    },
    suggest(engine, request, signal) {
      calls.suggest += 1;
      return run(backend.suggestMode, () => real.suggest(engine, request, signal), signal);
    },
    click(engine, click, signal) {
      calls.click += 1;
      return real.click(engine, click, signal);
    },
    close: () => real.close?.() ?? Promise.resolve(),
  };
  return backend;
}
