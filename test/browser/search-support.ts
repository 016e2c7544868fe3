/**
 * Shared by the <site-search> and <search-results> tests: a stubbed proxy (window.fetch) that records each
 * form-encoded call of the real App Search connector and answers it with App Search JSON when the test says so,
 * in any order; answers as the proxy writes them; and a clean address for each test.
 */
import { waitUntil } from '@open-wc/testing';
import type { ApiFacetResponse, ApiQuerySuggestionResponse, ApiResult, ApiSearchResponse } from '../../src/core/search/app-search-api';

export interface ProxyCall {
  url: string;
  engine: string;
  action: 'search' | 'query_suggestion' | 'click';
  key: string;
  /** The App Search request body. */
  params: Record<string, unknown>;
  init: RequestInit;
  /**
   * Answers with JSON (status 200 unless given). The promise resolves once the page has read the answer and every
   * step queued on that reading has run: the answer was either used or dropped by then.
   */
  respond(body: unknown, status?: number): Promise<void>;
  /** Fails as a network error does. */
  fail(message?: string): void;
}

export interface ProxyStub {
  calls: ProxyCall[];
  /** Calls of one action, in order. */
  of(action: ProxyCall['action']): ProxyCall[];
  /** Waits for the n-th call (1-based) of an action and returns it. */
  call(action: ProxyCall['action'], n: number): Promise<ProxyCall>;
  /** Answers every call as it comes with `answer(call)` (a function or nothing: then calls stay pending). */
  autoRespond(answer: ((call: ProxyCall) => unknown) | undefined): void;
  restore(): void;
}

export function stubProxy(): ProxyStub {
  const original = window.fetch;
  const calls: ProxyCall[] = [];
  let auto: ((call: ProxyCall) => unknown) | undefined;
  window.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const body = new URLSearchParams(init.body instanceof URLSearchParams ? init.body : String(init.body ?? ''));
      const call: ProxyCall = {
        url: String(input),
        engine: body.get('engine') ?? '',
        action: body.get('action') as ProxyCall['action'],
        key: body.get('key') ?? '',
        params: JSON.parse(body.get('params') ?? '{}') as Record<string, unknown>,
        init,
        respond: (answer, status = 200) => {
          const response = new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
          const read = new Promise<void>((done) => {
            for (const method of ['text', 'json'] as const) {
              const original = response[method].bind(response);
              // A task after the reading resolves: the reader's own continuations (microtasks) have all run.
              response[method] = () =>
                original().then((value: unknown) => {
                  setTimeout(done);
                  return value;
                }) as never;
            }
          });
          resolve(response);
          return read;
        },
        fail: (message = 'Failed to fetch') => reject(new TypeError(message)),
      };
      calls.push(call);
      if (auto) queueMicrotask(() => void call.respond(auto!(call) ?? {}));
    })) as typeof window.fetch;
  return {
    calls,
    of: (action) => calls.filter((call) => call.action === action),
    async call(action, n) {
      await waitUntil(() => calls.filter((call) => call.action === action).length >= n, `${action} call ${n} was not made`, {
        timeout: 3000,
      });
      return calls.filter((call) => call.action === action)[n - 1];
    },
    autoRespond(answer) {
      auto = answer;
    },
    restore() {
      window.fetch = original;
    },
  };
}

export function suggestionAnswer(suggestions: readonly string[], requestId = 'suggest-1'): ApiQuerySuggestionResponse {
  return { results: { documents: suggestions.map((suggestion) => ({ suggestion })) }, meta: { request_id: requestId } };
}

export interface TestDocument {
  id: string;
  title: string;
  url?: string;
  type?: string;
  date?: string;
  snippet?: string;
  summary?: string;
}

export function result(doc: TestDocument): ApiResult {
  return {
    _meta: { id: doc.id, engine: 'harbourton', score: 1 },
    title: { raw: doc.title },
    url: { raw: doc.url ?? `/docs/${doc.id}` },
    document_type: { raw: doc.type ?? 'Guidance' },
    published_date: { raw: doc.date ?? '2026-03-09' },
    body: { snippet: doc.snippet ?? null },
    summary: { raw: doc.summary ?? `About ${doc.title}`, snippet: doc.summary ?? `About ${doc.title}` },
  };
}

/** Titles for a page of results: "Result 21" to "Result 40" for page 2 of 20. */
export function pageOfDocs(current: number, size: number, total: number): TestDocument[] {
  const first = (current - 1) * size + 1;
  const last = Math.min(total, current * size);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => ({
    id: `doc-${first + index}`,
    title: `Result ${first + index}`,
  }));
}

export function searchAnswer({
  docs,
  total = docs.length,
  current = 1,
  size = 20,
  requestId = 'request-1',
  facets = {},
}: {
  docs: readonly TestDocument[];
  total?: number;
  current?: number;
  size?: number;
  requestId?: string;
  facets?: Record<string, Array<[string, number]>>;
}): ApiSearchResponse {
  const facetAnswer: Record<string, ApiFacetResponse[]> = {};
  for (const [field, values] of Object.entries(facets)) {
    facetAnswer[field] = [{ type: 'value', data: values.map(([value, count]) => ({ value, count })) }];
  }
  return {
    meta: {
      alerts: [],
      warnings: [],
      page: { current, size, total_pages: Math.ceil(total / size), total_results: total },
      engine: { name: 'harbourton', type: 'default' },
      request_id: requestId,
    },
    results: docs.map(result),
    facets: facetAnswer,
  };
}

/** The test page's own address, put back after each test. */
const runnerUrl = location.href;

/** Starts a test at a search page address (the results element reads it when it upgrades). */
export function startAt(path: string): void {
  history.replaceState(null, '', path);
}

export function restoreRunnerUrl(): void {
  history.replaceState(null, '', runnerUrl);
}

/** Stops form submissions from leaving the test page, and records them. */
export function catchSubmits(): { submitted: Array<{ action: string; term: string | null }>; stop(): void } {
  const submitted: Array<{ action: string; term: string | null }> = [];
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    if (!event.defaultPrevented)
      submitted.push({ action: new URL(form.action).pathname, term: new FormData(form).get('Search') as string | null });
    event.preventDefault();
  };
  document.addEventListener('submit', onSubmit);
  return { submitted, stop: () => document.removeEventListener('submit', onSubmit) };
}
