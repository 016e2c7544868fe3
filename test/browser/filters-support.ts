/**
 * Shared by the <doc-filters> and <listing-filters> tests: a fetch stub whose answers the test releases (in any
 * order), fragment markup as a server writes it, stylesheets, and a clean URL for each test.
 */
import { html, waitUntil } from '@open-wc/testing';
import { loadStyles } from './helpers';

export interface StubbedRequest {
  url: URL;
  init: RequestInit | undefined;
  signal: AbortSignal | undefined;
  /** Answers with HTML (status 200 unless given). */
  respond(body: string, status?: number): void;
  /** Fails as a network error does. */
  fail(message?: string): void;
}

export interface FetchStub {
  requests: StubbedRequest[];
  /** Waits for the n-th request (1-based) and returns it. */
  request(n: number): Promise<StubbedRequest>;
  restore(): void;
}

/**
 * Replaces window.fetch. Requests stay pending until the test answers them. By default an aborted request
 * rejects as a browser's does; `honourAbort: false` answers anyway, as a response already on its way.
 */
export function stubFetch({ honourAbort = true } = {}): FetchStub {
  const original = window.fetch;
  const requests: StubbedRequest[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const signal = init?.signal ?? undefined;
      if (honourAbort) signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      requests.push({
        url,
        init,
        signal,
        respond: (body, status = 200) => resolve(new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } })),
        fail: (message = 'Failed to fetch') => reject(new TypeError(message)),
      });
    })) as typeof window.fetch;
  return {
    requests,
    async request(n) {
      await waitUntil(() => requests.length >= n, `request ${n} was not made (${requests.length} made)`, { timeout: 3000 });
      return requests[n - 1];
    },
    restore() {
      window.fetch = original;
    },
  };
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The results region a listing answers for `?fragment=results`. */
export function resultsFragment(
  titles: readonly string[],
  { count = titles.length, sortOptions = [] as Array<[string, string]> } = {},
): string {
  const sort = sortOptions.length
    ? `<form class="filters__sort" action="/library/sort"><label for="sort">Sort by</label><select id="sort" name="url" data-sort-select>${sortOptions
        .map(([value, label]) => `<option value="${value}">${label}</option>`)
        .join('')}</select><button type="submit" data-sort-submit>Sort</button></form>`
    : '';
  const items = titles
    .map((title) => `<li class="filters__result" data-result><h3><a href="/docs/${slug(title)}">${title}</a></h3></li>`)
    .join('');
  return `<!doctype html><div class="filters__results" data-results><h2 class="filters__count" data-results-count="${count}">${count} documents</h2>${sort}<ol class="filters__list">${items}</ol></div>`;
}

/** The theme, the filters' and date fields' styles, and flatpickr's base stylesheet (the build bundles it). */
export async function loadFilterStyles(): Promise<void> {
  await loadStyles('filters');
  await loadStyles('date-field');
  const href = '/node_modules/flatpickr/dist/flatpickr.css';
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  const loaded = new Promise<void>((resolve) => link.addEventListener('load', () => resolve()));
  document.head.prepend(link);
  await loaded;
}

/** The test page's own address, put back after each test. */
const runnerUrl = location.href;

/** Starts a test on a clean listing address (the element reads the URL when it upgrades). */
export function startAt(path: string): void {
  history.replaceState(null, '', path);
}

export function restoreRunnerUrl(): void {
  history.replaceState(null, '', runnerUrl);
}

/** Module requests for the date tools (mask and calendar) the page has made so far. */
export function dateToolRequests(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /\/node_modules\/(flatpickr|imask)\/.*\.js|\/date-field\/date-tools\.(ts|js)/.test(name));
}

/**
 * A small document library as its server writes it: the filter form (keywords `#<ids>-keywords`, a Document type
 * dropdown with `#<ids>-policy`) and a results region with one result.
 */
export const libraryMarkup = (ids: string) => html`
  <form class="filters__form" action="/library" method="get" role="search" aria-label="Filter documents">
    <label for="${ids}-keywords">Search</label>
    <input id="${ids}-keywords" name="keywords" type="search" />
    <div class="filters__bar">
      <div class="filters__dropdown" data-dropdown>
        <fieldset class="filters__group">
          <legend class="filters__legend">Document type</legend>
          <input type="checkbox" id="${ids}-policy" name="type" value="Policy" /><label for="${ids}-policy">Policy</label>
        </fieldset>
      </div>
    </div>
    <button type="submit">Apply filters</button>
  </form>
  <div class="filters__results" data-results>
    <h2 data-results-count="1">1 document</h2>
    <ol>
      <li data-result><a href="/docs/rates-policy">Rates policy</a></li>
    </ol>
  </div>
`;
