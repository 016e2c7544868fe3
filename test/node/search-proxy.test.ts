import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PROXY_PATH, type ApiSearchResponse, type ApiQuerySuggestionResponse } from '../../src/core/search/app-search-api';
import { MAX_TOTAL_PAGES, SUGGESTIONS_SHOWN } from '../../src/core/constants';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { BackendError } from '../../packages/civic-search/src/search/types';
import { createInMemoryBackend, type InMemoryBackend } from './support/in-memory-search-backend';
import { capturingErrors, ENGINE, errorsOf, postAction, postJson } from './support/proxy-requests';

const PRIVATE_KEY = 'private-key-0123456789abcdef';
const UNLIMITED = { windowMs: 60_000, limit: 10_000 };

let backend: InMemoryBackend;
let app: ReturnType<typeof searchProxy>;
beforeEach(() => {
  backend = createInMemoryBackend();
  app = searchProxy({ backend, engines: [ENGINE], privateKey: PRIVATE_KEY, rateLimit: UNLIMITED });
});

describe('POST /_search-proxy (the kit connector form post)', () => {
  it('answers a search in the App Search response shape', async () => {
    const response = await postAction(app, 'search', { query: 'building consent', page: { size: 1, current: 2 } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = (await response.json()) as ApiSearchResponse;
    assert.deepEqual(body.meta.page, { current: 2, size: 1, total_pages: 2, total_results: 2 });
    assert.equal(body.meta.request_id, 'request-1');
    assert.deepEqual(body.meta.engine, { name: ENGINE, type: 'test' });
    assert.equal(body.results.length, 1);
    assert.equal(body.results[0]._meta.id, 'doc-2');
    assert.deepEqual(backend.calls[0], {
      method: 'search',
      engine: ENGINE,
      request: { query: 'building consent', page: { size: 1, current: 2 } },
    });
  });

  it('answers a query suggestion with at most the suggestions shown by default', async () => {
    const response = await postAction(app, 'query_suggestion', { query: 'a', size: SUGGESTIONS_SHOWN });
    assert.equal(response.status, 200);
    const body = (await response.json()) as ApiQuerySuggestionResponse;
    assert.ok(body.results.documents.length > 0 && body.results.documents.length <= SUGGESTIONS_SHOWN);
    assert.ok(body.results.documents.every((document) => typeof document.suggestion === 'string'));
    assert.equal(typeof body.meta.request_id, 'string');
  });

  it('trims suggestions to the size asked for, without duplicates', async () => {
    backend.suggest = async () => ({
      results: { documents: ['rates', 'rates', 'rates due', 'rates rebate', 'road'].map((suggestion) => ({ suggestion })) },
      meta: { request_id: 'r' },
    });
    const body = (await (await postAction(app, 'query_suggestion', { query: 'r', size: 2 })).json()) as ApiQuerySuggestionResponse;
    assert.deepEqual(
      body.results.documents.map((document) => document.suggestion),
      ['rates', 'rates due'],
    );
  });

  it('records a click and answers 200 with an empty object', async () => {
    const click = { query: 'rates', document_id: 'doc-3', request_id: 'request-9', tags: ['results'] };
    const response = await postAction(app, 'click', click);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {});
    assert.deepEqual(backend.clicks, [click]);
  });

  it('caps total_pages at the spec limit even when the backend does not', async () => {
    const search = backend.search.bind(backend);
    backend.search = async (engine, request) => {
      const answer = await search(engine, request);
      answer.meta.page = { ...answer.meta.page, total_pages: 5000, total_results: 100_000 };
      return answer;
    };
    const body = (await (await postAction(app, 'search', { query: '' })).json()) as ApiSearchResponse;
    assert.equal(body.meta.page.total_pages, MAX_TOTAL_PAGES);
    assert.equal(body.meta.page.total_results, 100_000);
  });

  it('answers with no-store and nosniff, success or not', async () => {
    for (const response of [
      await postAction(app, 'search', { query: 'rates' }),
      await postAction(app, 'search', { query: 1 }),
      await app.request(PROXY_PATH),
      await app.request(`${PROXY_PATH}/elsewhere`),
    ]) {
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const response = await app.request(PROXY_PATH, { method: 'GET' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST');
    assert.match((await errorsOf(response))[0], /GET is not allowed/);
  });
});

describe('App Search REST paths under the proxy (a stock Search UI app)', () => {
  it('answers search.json and search, ignoring the bearer key', async () => {
    for (const endpoint of ['search.json', 'search']) {
      const response = await postJson(app, endpoint, { query: 'rates' });
      assert.equal(response.status, 200, endpoint);
      const body = (await response.json()) as ApiSearchResponse;
      assert.deepEqual(
        body.results.map((result) => result._meta.id),
        ['doc-3', 'doc-4'],
      );
    }
  });

  it('accepts what the App Search connector sends for autocomplete results and analytics', async () => {
    const response = await postJson(app, 'search.json', {
      query: 'rates',
      page: { size: 5, current: 1 },
      filters: { all: [{ any: [{ topic: ['Rates and property', 'Council'] }] }] },
      facets: { document_type: { type: 'value', size: 10 } },
      result_fields: { title: { raw: {}, snippet: { size: 100, fallback: true } }, url: { raw: {} } },
      search_fields: { title: { weight: 3 }, body: {} },
      sort: [{ _score: 'desc' }, { published_date: 'desc' }],
      analytics: { tags: ['results'] },
      record_analytics: false,
    });
    assert.equal(response.status, 200);
    const sent = backend.calls[0].request as unknown as Record<string, unknown>;
    assert.equal(sent.analytics, undefined, 'analytics options stay in the proxy');
    assert.equal(sent.record_analytics, undefined);
    assert.deepEqual(sent.sort, [{ _score: 'desc' }, { published_date: 'desc' }]);
  });

  it('answers a facet-only (disjunctive) request of page size 0 with facets and no results', async () => {
    const response = await postJson(app, 'search.json', {
      query: 'building',
      page: { size: 0, current: 1 },
      facets: { document_type: { type: 'value' } },
      analytics: { tags: ['Facet-Only'] },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as ApiSearchResponse;
    assert.deepEqual(body.results, []);
    assert.equal(body.meta.page.size, 0);
    assert.equal(body.meta.page.total_results, 3);
    assert.deepEqual(body.facets?.document_type[0].data, [
      { value: 'Guidance', count: 1 },
      { value: 'Policy', count: 1 },
      { value: 'Report', count: 1 },
    ]);
    assert.deepEqual((backend.calls[0].request as { page: unknown }).page, { size: 1, current: 1 });
  });

  it('hands group and precision to the backend; a precision matched as a lower level says so in meta.warnings', async () => {
    const group = { field: 'topic', size: 3, collapse: true };
    const response = await postJson(app, 'search.json', { query: 'rates', group, precision: 10 });
    assert.equal(response.status, 200);
    assert.deepEqual(backend.calls.at(-1), { method: 'search', engine: ENGINE, request: { query: 'rates', group, precision: 10 } });
    const body = (await response.json()) as ApiSearchResponse;
    assert.deepEqual(body.meta.warnings, ['Precision 10 is matched as precision 9 by this search service.']);
    const exact = await postJson(app, 'search.json', { query: 'rates', precision: 9 });
    assert.deepEqual(((await exact.json()) as ApiSearchResponse).meta.warnings, []);
  });

  it('answers query_suggestion and query_suggestion.json', async () => {
    for (const endpoint of ['query_suggestion', 'query_suggestion.json']) {
      const response = await postJson(app, endpoint, { query: 'rat', types: { documents: { fields: ['title'] } }, size: 5 });
      assert.equal(response.status, 200, endpoint);
      const body = (await response.json()) as ApiQuerySuggestionResponse;
      assert.deepEqual(body.results.documents, [{ suggestion: 'Pay your rates' }]);
    }
  });

  it('records clicks at click.json and click', async () => {
    for (const endpoint of ['click.json', 'click']) {
      const response = await postJson(app, endpoint, { query: 'rates', document_id: 'doc-3', request_id: 'r1', tags: ['results'] });
      assert.equal(response.status, 200, endpoint);
    }
    assert.equal(backend.clicks.length, 2);
  });

  it('answers a search given as a GET query string, numbers and booleans typed', async () => {
    const query = 'query=building&page[size]=1&page[current]=1&filters[all][0][document_type]=Policy&record_analytics=false';
    const response = await app.request(`${PROXY_PATH}/api/as/v1/engines/${ENGINE}/search.json?${query}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as ApiSearchResponse;
    assert.deepEqual(
      body.results.map((result) => result._meta.id),
      ['doc-2'],
    );
    assert.deepEqual(backend.calls[0].request, {
      query: 'building',
      page: { size: 1, current: 1 },
      filters: { all: [{ document_type: 'Policy' }] },
    });
  });

  it('refuses GET for clicks (405) and unknown endpoints (404)', async () => {
    const click = await app.request(`${PROXY_PATH}/api/as/v1/engines/${ENGINE}/click.json`);
    assert.equal(click.status, 405);
    assert.equal(click.headers.get('allow'), 'POST');
    for (const endpoint of ['documents', 'search_explain', 'search.xml']) {
      const response = await postJson(app, endpoint, { query: 'x' });
      assert.equal(response.status, 404, endpoint);
      assert.ok((await errorsOf(response)).length === 1);
    }
  });

  it('forwards nothing to any other path', async () => {
    for (const path of [
      `${PROXY_PATH}/api/as/v1/engines`,
      `${PROXY_PATH}/api/as/v1/engines/site/search.json/x`,
      `${PROXY_PATH}/../admin`,
    ]) {
      const response = await app.request(path, { method: 'POST' });
      assert.ok(response.status === 404 || response.status === 405, path);
    }
    assert.equal(backend.calls.length, 0);
  });
});

describe('snippets', () => {
  it('sends snippets that hold no markup but <em>, even when the backend slips some through', async () => {
    backend.search = async (engine) => ({
      meta: {
        alerts: [],
        warnings: [],
        page: { current: 1, size: 20, total_pages: 1, total_results: 1 },
        engine: { name: engine, type: 'test' },
        request_id: 'r',
      },
      results: [
        {
          _meta: { id: 'x', engine, score: 1 },
          title: { raw: '<b>Fees</b>', snippet: '<script>alert(1)</script> <em>Fees</em> &amp; charges <b>bold</b> <em>open' },
          summary: { raw: 'plain', snippet: null },
        },
      ],
    });
    const body = (await (await postAction(app, 'search', { query: 'fees' })).json()) as ApiSearchResponse;
    const title = body.results[0].title as { raw: string; snippet: string };
    assert.equal(title.raw, '<b>Fees</b>', 'raw values are data, sent as they are');
    assert.equal(title.snippet, '&lt;script&gt;alert(1)&lt;/script&gt; <em>Fees</em> &amp; charges &lt;b&gt;bold&lt;/b&gt; <em>open</em>');
    assert.deepEqual(body.results[0].summary, { raw: 'plain', snippet: null });
  });
});

describe('the private key', () => {
  it('is refused in the key field: only the placeholder is accepted, and the key is not echoed', async () => {
    const response = await app.request(PROXY_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: PRIVATE_KEY, engine: ENGINE, action: 'search', params: '{"query":"x"}' }).toString(),
    });
    assert.equal(response.status, 400);
    const text = await response.text();
    assert.ok(!text.includes(PRIVATE_KEY));
    assert.match(text, /placeholder/);
  });

  it('never appears in an answer: backend error messages are scrubbed', async () => {
    backend.search = async () => {
      throw new BackendError(`auth failed for ${PRIVATE_KEY}`);
    };
    const { result: response, logged } = await capturingErrors(() => postAction(app, 'search', { query: 'x' }));
    assert.equal(response.status, 502);
    const text = await response.text();
    assert.ok(!text.includes(PRIVATE_KEY));
    assert.match(text, /auth failed for \[redacted\]/);
    assert.equal(logged.length, 1, 'logged once');
    assert.ok(!logged[0].includes(PRIVATE_KEY), 'logged without the key');
  });

  it('an answer that would carry the key is withheld', async () => {
    const search = backend.search.bind(backend);
    backend.search = async (engine, request) => {
      const answer = await search(engine, request);
      answer.results[0].title = { raw: `leaked ${PRIVATE_KEY}` };
      return answer;
    };
    const { result: response, logged } = await capturingErrors(() => postAction(app, 'search', { query: 'rates' }));
    assert.equal(response.status, 502);
    assert.ok(!(await response.text()).includes(PRIVATE_KEY));
    assert.equal(logged.length, 1);
  });

  it('must be long enough to be scrubbed safely', () => {
    assert.throws(() => searchProxy({ backend, engines: [ENGINE], privateKey: 'short' }), /at least 16 characters/);
    assert.throws(() => searchProxy({ backend, engines: [] }), /at least one engine/);
  });
});
