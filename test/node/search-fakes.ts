/** Fakes shared by the search core's node tests: a connector whose answers the test releases, and a flush. */
import { createSearchDriver, type SearchDriverOptions } from '../../src/core/search/driver';
import type { SearchConnector } from '../../src/core/search/search-connector';
import type { AutocompleteResponseState, RequestState, SearchResponseState } from '../../src/core/search/state';
import type { AutocompleteQueryConfig, ResultClickContext, SearchQueryConfig } from '../../src/core/search/search-connector';

export interface Pending<Request, Config, Answer> {
  request: Request;
  config: Config;
  resolve(answer: Answer): void;
  reject(reason: unknown): void;
}

export function fakeConnector(state?: SearchConnector['state']) {
  const searches: Pending<RequestState, SearchQueryConfig, Partial<SearchResponseState>>[] = [];
  const autocompletes: Pending<{ searchTerm: string }, AutocompleteQueryConfig, Partial<AutocompleteResponseState>>[] = [];
  const resultClicks: ResultClickContext[] = [];
  const autocompleteClicks: ResultClickContext[] = [];
  const connector: SearchConnector = {
    onSearch: (request, config) => new Promise((resolve, reject) => searches.push({ request, config, resolve, reject })),
    onAutocomplete: (request, config) => new Promise((resolve, reject) => autocompletes.push({ request, config, resolve, reject })),
    onResultClick: (click) => {
      resultClicks.push(click);
    },
    onAutocompleteResultClick: (click) => {
      autocompleteClicks.push(click);
    },
    ...(state && { state }),
  };
  return { connector, searches, autocompletes, resultClicks, autocompleteClicks };
}

/** Lets every pending promise callback and microtask run (setImmediate is not mocked by the tests' clocks). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A search answer: `total` results, one result object per id. */
export function answer(total: number, ids: string[] = [], extra: Partial<SearchResponseState> = {}): Partial<SearchResponseState> {
  return {
    results: ids.map((id) => ({ _meta: { id, engine: 'site', score: 1 }, title: { raw: `Title ${id}` } })),
    totalResults: total,
    totalPages: Math.ceil(total / 20),
    requestId: `request-${ids.join('-') || total}`,
    facets: {},
    ...extra,
  };
}

/** A driver on the fake connector, without URL state unless the options give a history. */
export function setupDriver(options: Partial<SearchDriverOptions> = {}) {
  const fake = fakeConnector();
  const notices: string[] = [];
  const driver = createSearchDriver({
    connector: fake.connector,
    history: null,
    onA11yNotice: (message) => notices.push(message),
    ...options,
  });
  return { ...fake, driver, notices };
}
