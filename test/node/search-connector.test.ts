import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOTAL_PAGES, SUGGESTIONS_SHOWN } from '../../src/core/constants';
import type { ApiSearchResponse } from '../../src/core/search/app-search-api';
import { createAppSearchConnector } from '../../src/core/search/connector';
import { defaultSearchState, type RequestState } from '../../src/core/search/state';

interface Sent {
  url: string;
  init: RequestInit;
  fields: Record<string, string>;
  params: Record<string, unknown>;
}

/** A fetch that records each post and answers with the next of `answers` (or throws it when it is an Error). */
function fakeFetch(...answers: (Response | Error | ((sent: Sent) => Response))[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const fields = Object.fromEntries(new URLSearchParams(init.body as URLSearchParams));
    const entry = { url, init, fields, params: JSON.parse(fields.params) as Record<string, unknown> };
    sent.push(entry);
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(entry) : next.clone();
  };
  return { fetch, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function searchAnswer(overrides: Partial<ApiSearchResponse> = {}): ApiSearchResponse {
  return {
    meta: {
      alerts: [],
      warnings: [],
      page: { current: 1, size: 20, total_pages: 3, total_results: 45 },
      engine: { name: 'site', type: 'default' },
      request_id: 'req-1',
    },
    results: [{ _meta: { id: 'doc-1', engine: 'site', score: 2 }, title: { raw: 'Rates', snippet: '<em>Rates</em>' } }],
    facets: {
      topic: [{ type: 'value', data: [{ value: 'Housing', count: 3 }] }],
      published_date: [{ type: 'range', data: [{ from: '2025-01-01', name: 'Recent', count: 4 }] }],
    },
    ...overrides,
  };
}

const request = (patch: Partial<RequestState> = {}): RequestState => {
  const { current, filters, resultsPerPage, searchTerm, sortDirection, sortField, sortList } = defaultSearchState();
  return { current, filters, resultsPerPage, searchTerm, sortDirection, sortField, sortList, ...patch };
};

describe('App Search connector: configuration', () => {
  it('throws the exact text without an engine name or with an empty endpoint', () => {
    const message = 'hostIdentifier or endpointBase, and engineName are required';
    assert.throws(() => createAppSearchConnector({ engineName: '' }), { message });
    assert.throws(() => createAppSearchConnector({ engineName: '   ' }), { message });
    assert.throws(() => createAppSearchConnector({} as never), { message });
    assert.throws(() => createAppSearchConnector({ engineName: 'site', endpointBase: '' }), { message });
  });
});

describe('App Search connector: search', () => {
  it('posts the form fields to /_search-proxy with the key placeholder and the App Search body', async () => {
    const { fetch, sent } = fakeFetch(json(searchAnswer()));
    const connector = createAppSearchConnector({ engineName: 'site', fetch });
    await connector.onSearch(
      request({
        searchTerm: 'rates',
        current: 2,
        resultsPerPage: 10,
        sortField: 'published_date',
        sortDirection: 'desc',
        filters: [
          { field: 'topic', values: ['Housing', 'Roads'], type: 'any' },
          { field: 'published_date', values: [{ from: '2025-01-01', name: 'Recent' }], type: 'all' },
        ],
      }),
      { facets: { topic: { type: 'value', size: 30 } }, result_fields: { title: { raw: {} } } },
    );
    assert.equal(sent.length, 1);
    const [{ url, init, fields, params }] = sent;
    assert.equal(url, '/_search-proxy');
    assert.equal(init.method, 'POST');
    assert.match(String((init.headers as Record<string, string>)['Content-Type']), /^application\/x-www-form-urlencoded/);
    assert.deepEqual(Object.keys(fields), ['key', 'engine', 'action', 'params']);
    assert.deepEqual([fields.key, fields.engine, fields.action], ['{key}', 'site', 'search']);
    assert.deepEqual(params, {
      query: 'rates',
      sort: { published_date: 'desc' },
      page: { size: 10, current: 2 },
      filters: {
        all: [{ any: [{ topic: 'Housing' }, { topic: 'Roads' }] }, { all: [{ published_date: { from: '2025-01-01' } }] }],
      },
      facets: { topic: { type: 'value', size: 30 } },
      result_fields: { title: { raw: {} } },
    });
  });

  it('sends a sort list as a list, no sort for relevance, and no empty filters or facets', async () => {
    const { fetch, sent } = fakeFetch(json(searchAnswer()));
    const connector = createAppSearchConnector({ engineName: 'site', endpointBase: '/proxy', fetch });
    await connector.onSearch(
      request({
        sortList: [
          { field: 'date', direction: 'desc' },
          { field: 'title', direction: 'asc' },
        ],
      }),
      {
        facets: {},
      },
    );
    await connector.onSearch(request(), {});
    assert.equal(sent[0].url, '/proxy');
    assert.deepEqual(sent[0].params.sort, [{ date: 'desc' }, { title: 'asc' }]);
    assert.deepEqual(sent[1].params, { query: '', page: { size: 20, current: 1 } });
  });

  it('reads facets, the request id, total pages (capped), total results and the raw results', async () => {
    const answer = searchAnswer();
    answer.meta.page.total_pages = 250;
    const { fetch } = fakeFetch(json(answer));
    const state = await createAppSearchConnector({ engineName: 'site', fetch }).onSearch(request(), {});
    assert.deepEqual(state, {
      results: answer.results,
      facets: {
        topic: [{ field: 'topic', type: 'value', data: [{ value: 'Housing', count: 3 }] }],
        published_date: [{ field: 'published_date', type: 'range', data: [{ value: { from: '2025-01-01', name: 'Recent' }, count: 4 }] }],
      },
      requestId: 'req-1',
      totalPages: MAX_TOTAL_PAGES,
      totalResults: 45,
    });
  });

  it('counts a filtered disjunctive facet with a facet-only search without that field’s filters', async () => {
    const { fetch, sent } = fakeFetch((entry) =>
      (entry.params.page as { size: number }).size === 0
        ? json(
            searchAnswer({
              results: [],
              facets: {
                topic: [
                  {
                    type: 'value',
                    data: [
                      { value: 'Housing', count: 3 },
                      { value: 'Roads', count: 9 },
                    ],
                  },
                ],
              },
            }),
          )
        : json(searchAnswer()),
    );
    const connector = createAppSearchConnector({ engineName: 'site', fetch });
    const state = await connector.onSearch(
      request({
        searchTerm: 'rates',
        filters: [
          { field: 'topic', values: ['Housing'], type: 'any' },
          { field: 'type', values: ['Report'], type: 'all' },
        ],
      }),
      {
        facets: { topic: { type: 'value' }, type: { type: 'value' }, subsite: { type: 'value' } },
        disjunctiveFacets: ['topic', 'subsite'],
      },
    );
    assert.equal(sent.length, 2, 'subsite is not filtered, so it needs no extra call');
    assert.deepEqual(sent[1].params, {
      query: 'rates',
      page: { size: 0, current: 1 },
      filters: { all: [{ all: [{ type: 'Report' }] }] },
      facets: { topic: { type: 'value' } },
    });
    assert.deepEqual(
      state.facets?.topic?.[0].data.map((entry) => entry.count),
      [3, 9],
    );
    assert.ok(state.facets?.published_date, 'the other facets of the main answer are kept');
  });
});

describe('App Search connector: suggestions and autocomplete results', () => {
  it('asks for SUGGESTIONS_SHOWN suggestions of the term and reads documents[].suggestion and the request id', async () => {
    const { fetch, sent } = fakeFetch(
      json({
        results: { documents: [{ suggestion: 'rates' }, { suggestion: 'rates rebate' }, { other: 1 }] },
        meta: { request_id: 'sugg-1' },
      }),
    );
    const state = await createAppSearchConnector({ engineName: 'site', fetch }).onAutocomplete({ searchTerm: 'rat' }, { suggestions: {} });
    assert.equal(sent[0].fields.action, 'query_suggestion');
    assert.deepEqual(sent[0].params, { query: 'rat', size: SUGGESTIONS_SHOWN });
    assert.deepEqual(state, {
      autocompletedSuggestions: { documents: [{ suggestion: 'rates' }, { suggestion: 'rates rebate' }] },
      autocompletedSuggestionsRequestId: 'sugg-1',
    });
  });

  it('asks for results and suggestions together when both are wanted', async () => {
    const { fetch, sent } = fakeFetch((entry) =>
      entry.fields.action === 'search'
        ? json(searchAnswer())
        : json({ results: { documents: [{ suggestion: 'rates' }] }, meta: { request_id: 'sugg-2' } }),
    );
    const state = await createAppSearchConnector({ engineName: 'site', fetch }).onAutocomplete(
      { searchTerm: 'rat' },
      { results: { resultsPerPage: 3, result_fields: { title: { raw: {} } } }, suggestions: { size: 2 } },
    );
    assert.deepEqual(
      sent.map((entry) => [entry.fields.action, entry.params]),
      [
        ['search', { query: 'rat', page: { size: 3 }, result_fields: { title: { raw: {} } } }],
        ['query_suggestion', { query: 'rat', size: 2 }],
      ],
    );
    assert.equal(state.autocompletedResultsRequestId, 'req-1');
    assert.equal(state.autocompletedResults?.length, 1);
    assert.equal(state.autocompletedSuggestionsRequestId, 'sugg-2');
  });
});

describe('App Search connector: click tracking', () => {
  it('posts query, document_id, request_id and the tags, with "results" or "autocomplete" added', async () => {
    const { fetch, sent } = fakeFetch(new Response(null, { status: 200 }));
    const connector = createAppSearchConnector({ engineName: 'site', fetch });
    await connector.onResultClick({ query: 'rates', documentId: 'doc-1', requestId: 'req-1', tags: ['listing'] });
    await connector.onAutocompleteResultClick({ query: 'rat', documentId: 'doc-2', requestId: '', tags: [] });
    assert.deepEqual(
      sent.map((entry) => [entry.fields.action, entry.params]),
      [
        ['click', { query: 'rates', document_id: 'doc-1', request_id: 'req-1', tags: ['listing', 'results'] }],
        ['click', { query: 'rat', document_id: 'doc-2', tags: ['autocomplete'] }],
      ],
    );
  });
});

describe('App Search connector: failures', () => {
  const connectorAnswering = (...answers: Parameters<typeof fakeFetch>) =>
    createAppSearchConnector({ engineName: 'site', fetch: fakeFetch(...answers).fetch });

  it('"Invalid credentials" in the errors becomes exactly that message', async () => {
    await assert.rejects(connectorAnswering(json({ errors: ['Invalid credentials'] }, 401)).onSearch(request(), {}), {
      message: 'Invalid credentials',
    });
  });

  it('an error status gives its status and App Search’s errors, or the status alone', async () => {
    await assert.rejects(connectorAnswering(json({ errors: ['Backend down', 'retry later'] }, 502)).onSearch(request(), {}), {
      message: 'The search service answered with HTTP status 502: Backend down, retry later',
    });
    await assert.rejects(connectorAnswering(new Response('<h1>Oops</h1>', { status: 500 })).onSearch(request(), {}), {
      message: 'The search service answered with HTTP status 500.',
    });
  });

  it('a network failure and a non-JSON answer are readable errors', async () => {
    await assert.rejects(connectorAnswering(new TypeError('fetch failed')).onSearch(request(), {}), {
      message: 'The search service could not be reached (fetch failed).',
    });
    await assert.rejects(connectorAnswering(new Response('<html>login</html>', { status: 200 })).onSearch(request(), {}), {
      message: 'The search service answered with something other than JSON (HTTP status 200).',
    });
  });

  it('JSON of another shape is an "unexpected format" error, for searches and suggestions', async () => {
    for (const body of [null, [], { meta: {} }, { results: [] }, 'text']) {
      await assert.rejects(connectorAnswering(json(body)).onSearch(request(), {}), {
        message: 'The search service answered in an unexpected format.',
      });
    }
    await assert.rejects(connectorAnswering(json({ meta: {} })).onAutocomplete({ searchTerm: 'a' }, { suggestions: {} }), {
      message: 'The search service answered in an unexpected format.',
    });
  });

  it('drops malformed facets and results instead of passing them on', async () => {
    const answer = {
      ...searchAnswer(),
      results: [null, 'x', { _meta: { id: 'ok' } }],
      facets: { topic: 'bad', type: [{ data: [{ value: {}, count: 1 }, { count: 'x' }] }] },
    };
    const state = await connectorAnswering(json(answer)).onSearch(request(), {});
    assert.deepEqual(state.results, [{ _meta: { id: 'ok' } }]);
    assert.deepEqual(state.facets, { topic: [], type: [{ field: 'type', type: 'value', data: [] }] });
  });

  it('uses overridden messages', async () => {
    const connector = createAppSearchConnector({
      engineName: 'site',
      fetch: fakeFetch(new TypeError('offline')).fetch,
      messages: { networkError: 'Methu cysylltu ({reason}).' },
    });
    await assert.rejects(connector.onSearch(request(), {}), { message: 'Methu cysylltu (offline).' });
  });
});
