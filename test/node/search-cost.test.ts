import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type {
  ApiQuerySuggestionRequest,
  ApiSearchRequest,
  ApiSearchResponse,
} from '../../src/core/search/app-search-api';
import { searchProxy, trustedHeaderAddress, createCostBudget, DEFAULT_COST_BUDGET } from '../../packages/civic-search/src/search-proxy';
import type { SearchBackend } from '../../packages/civic-search/src/search/types';
import { ENGINE, capturingErrors, errorsOf, postJson } from './support/proxy-requests';
import { PROXY_PATH } from '../../src/core/search/app-search-api';
import { createSearchService } from '../../packages/civic-search/src/service/create-search-service';
import { readServeSettings, serveHelp } from '../../packages/civic-search/src/cli/serve-options';

/**
 * A backend whose answers weigh what a real engine's would: 2,000 documents, each field as long as a content
 * page's (a long body), cut to the sizes asked, value facets with as many values as asked (up to what exists).
 */
const DOCUMENTS = 2000;
const FIELD_LENGTHS: Record<string, number> = {
  title: 60,
  summary: 200,
  body: 2500,
  url: 40,
  document_type: 10,
  published_date: 10,
  topic: 20,
};
const FACET_VALUES: Record<string, number> = { document_type: 8, topic: 40, subtopic: 120, subsite: 4, body: DOCUMENTS };
/** A value facet of a text field lists whole texts. */
const facetValue = (name: string, n: number) => (name === 'body' ? `${n} ${'w'.repeat(FIELD_LENGTHS.body)}` : `${name} ${n}`);

function sizedBackend(): SearchBackend & { searches: number } {
  let requests = 0;
  const backend = {
    name: 'sized',
    searches: 0,
    async search(engine: string, request: ApiSearchRequest): Promise<ApiSearchResponse> {
      backend.searches += 1;
      const size = request.page?.size ?? 10;
      const current = request.page?.current ?? 1;
      const count = Math.max(0, Math.min(size, DOCUMENTS - (current - 1) * size));
      const fields = request.result_fields ?? Object.fromEntries(Object.keys(FIELD_LENGTHS).map((name) => [name, { raw: {} }]));
      const results = Array.from({ length: count }, (_, index) => {
        const result: ApiSearchResponse['results'][number] = { _meta: { id: `doc-${index}`, engine, score: 1 } };
        for (const [name, asked] of Object.entries(fields)) {
          const text = 'w'.repeat(FIELD_LENGTHS[name] ?? 20);
          result[name] = {
            ...(asked.raw && { raw: text.slice(0, asked.raw.size ?? text.length) }),
            ...(asked.snippet && { snippet: text.slice(0, asked.snippet.size ?? 100) }),
          };
        }
        return result;
      });
      const facets: NonNullable<ApiSearchResponse['facets']> = {};
      for (const [name, asked] of Object.entries(request.facets ?? {})) {
        facets[name] = [asked].flat().map((facet) =>
          facet.type === 'range'
            ? { type: 'range' as const, data: facet.ranges.map((range) => ({ ...range, count: 3 })) }
            : {
                type: 'value' as const,
                data: Array.from({ length: Math.min(facet.size ?? 10, FACET_VALUES[name] ?? 10) }, (_, n) => ({ value: facetValue(name, n), count: n })),
              },
        );
      }
      requests += 1;
      return {
        meta: {
          alerts: [],
          warnings: [],
          page: { current, size, total_pages: Math.ceil(DOCUMENTS / Math.max(size, 1)), total_results: DOCUMENTS },
          engine: { name: engine, type: 'default' },
          request_id: `request-${requests}`,
        },
        results,
        facets,
      };
    },
    async suggest(_engine: string, request: ApiQuerySuggestionRequest) {
      return {
        results: { documents: Array.from({ length: request.size ?? 5 }, (_, n) => ({ suggestion: `${request.query} ${n}` })) },
        meta: { request_id: 'suggest' },
      };
    },
    async click() {},
  };
  return backend;
}

/** What the search element asks for: a page of 20 with short snippets, two facets. */
function visitorSearch(query: string, current = 1): ApiSearchRequest {
  return {
    query,
    page: { size: 20, current },
    result_fields: {
      title: { raw: {} },
      url: { raw: {} },
      document_type: { raw: {} },
      published_date: { raw: {} },
      summary: { raw: {}, snippet: { size: 250, fallback: true } },
      body: { snippet: { size: 250, fallback: false } },
    },
    facets: { document_type: { type: 'value', size: 20 }, topic: { type: 'value', size: 20 } },
  } as ApiSearchRequest;
}

/** The costliest search that still fits under the answer cap: 150 results with every searched field whole and snippeted at 1,000 characters, and every facet at its largest. */
function costlySearch(size = 150): ApiSearchRequest {
  const snippet = { size: 1000, fallback: true };
  return {
    query: '',
    page: { size, current: 1 },
    result_fields: { title: { raw: {}, snippet }, summary: { raw: {}, snippet }, body: { raw: {}, snippet } },
    facets: {
      document_type: { type: 'value', size: 250 },
      topic: { type: 'value', size: 250 },
      subtopic: { type: 'value', size: 250 },
      subsite: { type: 'value', size: 250 },
    },
  } as ApiSearchRequest;
}

const UNLIMITED_RATE = { windowMs: 60_000, limit: 1_000_000 };

/** A proxy on a clock the test moves; clients told apart by X-Forwarded-For. */
function proxyOnClock(options: Partial<Parameters<typeof searchProxy>[0]> = {}) {
  const clock = { now: 0 };
  const backend = sizedBackend();
  const app = searchProxy({
    backend,
    engines: [ENGINE],
    rateLimit: { ...UNLIMITED_RATE, clientKey: trustedHeaderAddress('X-Forwarded-For') },
    costBudget: { ...DEFAULT_COST_BUDGET, now: () => clock.now },
    ...options,
  });
  const search = (request: ApiSearchRequest, client = '203.0.113.7') =>
    app.request(`${PROXY_PATH}/api/as/v1/engines/${ENGINE}/search.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify(request),
    });
  const suggest = (query: string, client = '203.0.113.7') =>
    app.request(`${PROXY_PATH}/api/as/v1/engines/${ENGINE}/query_suggestion`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ query, size: 5 }),
    });
  return { app, backend, clock, search, suggest };
}

describe('the per-client cost budget', () => {
  it('holds a client sending the costliest searches to 429 within a few calls, with Retry-After and App Search errors', async () => {
    const { search, clock } = proxyOnClock();
    const statuses: number[] = [];
    let refused: Response | undefined;
    // Five a second: the request limit's pace.
    for (let call = 0; call < 10; call++) {
      const response = await search(costlySearch());
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
      else await response.arrayBuffer();
      clock.now += 200;
    }
    assert.ok(statuses.slice(0, 2).every((status) => status === 200), `the first answers are given: ${statuses}`);
    assert.ok(statuses.indexOf(429) > 0 && statuses.indexOf(429) <= 3, `refused from the third or fourth call: ${statuses}`);
    assert.ok(refused);
    const seconds = Number(refused.headers.get('retry-after'));
    assert.ok(Number.isInteger(seconds) && seconds >= 1, `Retry-After in whole seconds: ${refused.headers.get('retry-after')}`);
    assert.match((await errorsOf(refused))[0], /more than its share of searching.*wait \d+ seconds?/);
  });

  it('gives a client sending the costliest searches for a minute only a small share of what it asked', async () => {
    const { search, clock } = proxyOnClock();
    let answered = 0;
    let bytes = 0;
    for (let call = 0; call < 300; call++) {
      const response = await search(costlySearch());
      if (response.status === 200) {
        answered += 1;
        bytes += (await response.arrayBuffer()).byteLength;
      } else await response.arrayBuffer();
      clock.now += 200;
    }
    assert.ok(answered <= 12, `at most a dozen of 300 answered, got ${answered}`);
    assert.ok(bytes < 12 * 2 ** 20, `under 12 MB in a minute, got ${(bytes / 2 ** 20).toFixed(1)} MB`);
  });

  it("never refuses a visitor's pattern: a search a second, suggestions while typing, paging", async () => {
    const { search, suggest, clock } = proxyOnClock();
    const refusals: string[] = [];
    const words = ['rates', 'rubbish collection', 'building consent', 'dog registration', 'library hours'];
    for (let minute = 0; minute < 3; minute++) {
      for (const phrase of words) {
        // Typing: a suggestion each keystroke, five a second.
        for (let length = 1; length <= phrase.length; length++) {
          const response = await suggest(phrase.slice(0, length));
          if (response.status !== 200) refusals.push(`suggest ${phrase.slice(0, length)}: ${response.status}`);
          await response.arrayBuffer();
          clock.now += 200;
        }
        // Then a search a second, paging through the first five pages.
        for (let page = 1; page <= 5; page++) {
          const response = await search(visitorSearch(phrase, page));
          if (response.status !== 200) refusals.push(`search ${phrase} page ${page}: ${response.status}`);
          await response.arrayBuffer();
          clock.now += 1000;
        }
      }
    }
    assert.deepEqual(refusals, []);
  });

  it('is per client: one client over budget does not hold another back', async () => {
    const { search, clock } = proxyOnClock();
    let attacker = 0;
    for (let call = 0; call < 6; call++) {
      attacker = (await search(costlySearch(), '198.51.100.1')).status;
      clock.now += 200;
    }
    assert.equal(attacker, 429);
    const visitor = await search(visitorSearch('rates'), '198.51.100.2');
    assert.equal(visitor.status, 200);
    const stillRefused = await search(costlySearch(), '198.51.100.1');
    assert.equal(stillRefused.status, 429);
  });

  it('lets a client back in once its budget has refilled, after the time Retry-After said', async () => {
    const { search, clock } = proxyOnClock();
    let refused: Response | undefined;
    for (let call = 0; call < 6 && !refused; call++) {
      const response = await search(costlySearch());
      if (response.status === 429) refused = response;
      clock.now += 200;
    }
    assert.ok(refused);
    clock.now += Number(refused.headers.get('retry-after')) * 1000;
    assert.equal((await search(visitorSearch('rates'))).status, 200);
  });

  it('can be turned off', async () => {
    const { search, clock } = proxyOnClock({ costBudget: false });
    for (let call = 0; call < 10; call++) {
      assert.equal((await search(costlySearch())).status, 200);
      clock.now += 200;
    }
  });
});

describe('the answer size cap', () => {
  it('refuses an answer over the cap with 400 naming what to ask less of; once answers are known, before running it', async () => {
    const { search, backend } = proxyOnClock();
    const huge = costlySearch(1000);
    const first = await search(huge);
    assert.equal(first.status, 400);
    const [message] = await errorsOf(first);
    assert.match(message, /The answer to this search is \d+\.\d MB, more than the 1\.0 MB one answer may hold/);
    assert.match(message, /page\.size/);
    assert.match(message, /raw\.size, snippet\.size/);
    assert.equal(backend.searches, 1);

    const second = await search(huge);
    assert.equal(second.status, 400);
    assert.match((await errorsOf(second))[0], /would be about \d+\.\d MB/);
    assert.equal(backend.searches, 1, 'the backend is not asked again');

    // Smaller asks of the same engine still run.
    assert.equal((await search(costlySearch(100))).status, 200);
  });

  it('names facets first when they weigh the most', async () => {
    const { search, backend } = proxyOnClock();
    const request = { query: '', page: { size: 5, current: 1 }, facets: { body: [1, 2, 3].map(() => ({ type: 'value', size: 250 })) } } as ApiSearchRequest;
    assert.equal((await search(request)).status, 400);
    const refused = await search(request);
    assert.equal(refused.status, 400);
    assert.match((await errorsOf(refused))[0], /would be about 1\.\d MB, .* Ask for fewer facets or facet values \(facets: size; a facet of a long text field lists whole texts\), or fewer results/);
    assert.equal(backend.searches, 1);
  });

  it('keeps App Search limits for requests: the largest page of short fields is answered', async () => {
    const { search } = proxyOnClock();
    const response = await search({ query: '', page: { size: 1000, current: 1 }, result_fields: { title: { raw: {} } } } as ApiSearchRequest);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as ApiSearchResponse).results.length, 1000);
  });

  it('takes its cap from the options', async () => {
    const { search } = proxyOnClock({ maxAnswerBytes: 64 * 1024 });
    assert.equal((await search(visitorSearch('rates'))).status, 200);
    const response = await search(costlySearch(20));
    assert.equal(response.status, 400);
    assert.match((await errorsOf(response))[0], /more than the 0\.06 MB one answer may hold/);
  });
});

describe('the cost budget itself', () => {
  it('remembers a bounded number of clients, forgetting the least recently seen', () => {
    const budget = createCostBudget({ refillPerSecond: 1, burst: 10, maxClients: 100, now: () => 0 });
    for (let client = 0; client < 10_000; client++) budget.take(`client-${client}`, 10);
    assert.equal(budget.clients, 100);
    assert.equal(budget.balance('client-9999'), 0, 'a recent client keeps its spending');
    assert.equal(budget.balance('client-0'), 10, 'a forgotten client starts afresh');
  });

  it('lets a call dearer than the burst run once when full, leaving the client in debt', () => {
    const budget = createCostBudget({ refillPerSecond: 10, burst: 100, now: () => 0 });
    assert.deepEqual(budget.take('a', 500), { ok: true });
    assert.equal(budget.balance('a'), -100);
    const refused = budget.take('a', 1);
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.retryAfterMs, 10_100);
  });

  it('gives back what a call was over-charged and takes what it was under-charged', () => {
    const budget = createCostBudget({ refillPerSecond: 10, burst: 100, now: () => 0 });
    budget.take('a', 50);
    budget.settle('a', 50, 5);
    assert.equal(budget.balance('a'), 95);
    budget.take('a', 5);
    budget.settle('a', 5, 80);
    assert.equal(budget.balance('a'), 15);
  });

  it('refuses options that cannot work, naming them', () => {
    assert.throws(() => createCostBudget({ refillPerSecond: 0, burst: 10 }), /costBudget\.refillPerSecond must be a positive number/);
    assert.throws(() => createCostBudget({ refillPerSecond: 10, burst: 5 }), /costBudget\.burst must be a number of units at least refillPerSecond/);
    assert.throws(() => createCostBudget({ refillPerSecond: 10, burst: 50, maxClients: 0 }), /costBudget\.maxClients/);
    const backend = sizedBackend();
    assert.throws(
      () => searchProxy({ backend, engines: [ENGINE], costBudget: { refillPerSecond: Number.NaN, burst: 10 } }),
      /searchProxy: costBudget\.refillPerSecond/,
    );
    assert.throws(() => searchProxy({ backend, engines: [ENGINE], maxAnswerBytes: 10 }), /searchProxy: maxAnswerBytes must be a whole number of bytes from 1024/);
  });
});

describe('the proxy with its defaults', () => {
  it('answers the REST and form paths as before', async () => {
    const backend = sizedBackend();
    const app = searchProxy({ backend, engines: [ENGINE] });
    const { result } = await capturingErrors(() => postJson(app, 'search.json', visitorSearch('rates')));
    assert.equal(result.status, 200);
  });
});

describe('configuration', () => {
  it('createSearchService refuses limits that cannot work before any engine starts', async () => {
    await assert.rejects(createSearchService({ costBudget: { refillPerSecond: 100, burst: 10 } }), /createSearchService: costBudget\.burst must be/);
    await assert.rejects(createSearchService({ maxAnswerBytes: 100.5 }), /createSearchService: maxAnswerBytes must be a whole number/);
  });

  it('civic-search serve reads --cost-budget and --max-answer-bytes, their variables and the configuration file', async () => {
    const flags = await readServeSettings(['--cost-budget', '50/500', '--max-answer-bytes', '262144'], {});
    assert.deepEqual(flags.service.costBudget, { refillPerSecond: 50, burst: 500 });
    assert.equal(flags.service.maxAnswerBytes, 262144);
    const variables = await readServeSettings([], { CIVIC_SEARCH_COST_BUDGET: 'off', CIVIC_SEARCH_MAX_ANSWER_BYTES: '2097152' });
    assert.equal(variables.service.costBudget, false);
    assert.equal(variables.service.maxAnswerBytes, 2097152);
    const defaults = await readServeSettings([], {});
    assert.equal(defaults.service.costBudget, undefined);
    assert.equal(defaults.service.maxAnswerBytes, undefined);
    assert.match(serveHelp(), /--cost-budget <rate>\/<burst>/);
  });

  it('civic-search serve names a wrong value', async () => {
    await assert.rejects(readServeSettings(['--cost-budget', '100'], {}), /--cost-budget "100": write it as <units a second>\/<burst>/);
    await assert.rejects(readServeSettings(['--cost-budget', '100/10'], {}), /the burst at least the rate/);
    await assert.rejects(readServeSettings(['--max-answer-bytes', '1MB'], {}), /--max-answer-bytes "1MB": give a whole number of bytes from 1024/);
  });
});
