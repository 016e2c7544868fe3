import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH } from '../../src/core/search/app-search-api';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { createInMemoryBackend, type InMemoryBackend } from './support/in-memory-search-backend';
import { ENGINE, errorsOf, postAction, postForm, postJson } from './support/proxy-requests';

let backend: InMemoryBackend;
let app: ReturnType<typeof searchProxy>;
beforeEach(() => {
  backend = createInMemoryBackend();
  app = searchProxy({ backend, engines: [ENGINE], maxBodyBytes: 2048, rateLimit: { windowMs: 60_000, limit: 10_000 } });
});

/** A refused call: the status, an App Search errors body of readable strings, and nothing reached the backend. */
async function assertRefused(response: Response, status: number, pattern: RegExp) {
  assert.equal(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const errors = await errorsOf(response);
  assert.ok(errors.length > 0 && errors.every((error) => typeof error === 'string' && error.length > 0));
  assert.match(errors.join('\n'), pattern);
  assert.doesNotMatch(errors.join('\n'), /\n\s+at /, 'no stack trace');
  assert.equal(backend.calls.length, 0, 'nothing reached the backend');
}

const search = (params: unknown) => postAction(app, 'search', params);

describe('malformed form posts', () => {
  const valid = { key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action: 'search', params: '{"query":"rates"}' };

  it('refuses a form body with a broken % escape', async () => {
    const response = await app.request(PROXY_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'key=%7Bkey%7D&engine=site&action=search&params=%7B%zz',
    });
    await assertRefused(response, 400, /not valid form encoding/);
  });

  it('refuses a body that is not form-encoded (415)', async () => {
    const response = await app.request(PROXY_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await assertRefused(response, 415, /application\/x-www-form-urlencoded/);
    const none = await app.request(PROXY_PATH, { method: 'POST', body: new URLSearchParams(valid).toString() });
    assert.equal(none.status, 415);
  });

  it('refuses missing, unknown and repeated form fields', async () => {
    await assertRefused(await postForm(app, { key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action: 'search' }), 400, /form\.params/);
    await assertRefused(await postForm(app, { ...valid, extra: '1' }), 400, /unknown field "extra"/);
    const repeated = await app.request(PROXY_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(valid)}&engine=other`,
    });
    await assertRefused(repeated, 400, /"engine" is given more than once/);
  });

  it('refuses a key other than the placeholder, or none', async () => {
    await assertRefused(await postForm(app, { ...valid, key: 'search-abc' }), 400, /form\.key: must be the placeholder "\{key\}"/);
    const { key: _key, ...withoutKey } = valid;
    await assertRefused(await postForm(app, withoutKey), 400, /form\.key/);
  });

  it('refuses an unknown action', async () => {
    await assertRefused(
      await postForm(app, { ...valid, action: 'documents' }),
      400,
      /form\.action: must be one of search, query_suggestion, click/,
    );
  });

  it('refuses params that are not JSON, or not a JSON object', async () => {
    await assertRefused(await postForm(app, { ...valid, params: '{query:' }), 400, /form\.params: is not valid JSON/);
    await assertRefused(await postForm(app, { ...valid, params: '["rates"]' }), 400, /form\.params: must be a JSON object/);
    await assertRefused(await postForm(app, { ...valid, params: 'null' }), 400, /must be a JSON object/);
  });
});

describe('malformed JSON bodies at the App Search paths', () => {
  it('refuses malformed JSON and non-objects', async () => {
    await assertRefused(await postJson(app, 'search.json', '{"query": "rates"'), 400, /request: is not valid JSON/);
    await assertRefused(await postJson(app, 'search.json', '"rates"'), 400, /must be a JSON object/);
  });

  it('refuses a body that is not JSON (415)', async () => {
    const response = await app.request(`${PROXY_PATH}/api/as/v1/engines/${ENGINE}/search.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"query":"rates"}',
    });
    await assertRefused(response, 415, /application\/json/);
  });
});

describe('unknown engines', () => {
  it('answers 404 on the form post and the REST paths', async () => {
    await assertRefused(await postAction(app, 'search', { query: 'x' }, 'secret-engine'), 404, /Engine "secret-engine" is not known here/);
    await assertRefused(await postJson(app, 'search.json', { query: 'x' }, 'other'), 404, /is not known here/);
  });
});

describe('bodies over the limit', () => {
  it('answers 413 before reading the body', async () => {
    await assertRefused(await search({ query: 'x'.repeat(3000) }), 413, /larger than 2048 bytes/);
    await assertRefused(await postJson(app, 'search.json', { query: 'x', padding: 'y'.repeat(3000) }), 413, /larger than 2048 bytes/);
  });
});

describe('search requests', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['an unknown top-level field', { query: 'x', boost: {} }, /form\.params: unknown field "boost"/],
    [
      'a boost a text field cannot take',
      { query: 'x', boosts: { title: { type: 'functional', function: 'linear' } } },
      /form\.params\.boosts: title\.type must be "value" for a text field/,
    ],
    [
      'boosts on a field the documents lack',
      { query: 'x', boosts: { colour: { type: 'value', value: 'red' } } },
      /form\.params\.boosts: colour is not a field of the documents/,
    ],
    ['an unknown field inside page', { query: 'x', page: { size: 5, offset: 10 } }, /form\.params\.page: unknown field "offset"/],
    ['a query that is not text', { query: 42 }, /form\.params\.query: must be text/],
    ['a query over 128 characters', { query: 'q'.repeat(129) }, /query: must be at most 128 characters/],
    ['a page size given as text', { query: 'x', page: { size: '20' } }, /page\.size: must be a whole number from 1 to 1000/],
    ['a page size over 1000', { query: 'x', page: { size: 1001 } }, /page\.size: must be a whole number from 1 to 1000/],
    ['a negative page size', { query: 'x', page: { size: -1 } }, /page\.size/],
    ['a fractional page size', { query: 'x', page: { size: 2.5 } }, /page\.size/],
    ['page current 0', { query: 'x', page: { current: 0 } }, /page\.current: must be a whole number from 1 to 100/],
    ['page current 101', { query: 'x', page: { current: 101 } }, /page\.current: must be a whole number from 1 to 100/],
    ['filters that are not an object', { query: 'x', filters: 'topic:Rates' }, /filters: must be an object/],
    [
      'a filter on a field the documents lack',
      { query: 'x', filters: { all: [{ colour: 'red' }] } },
      /filters\.all\[0\]\.colour: is not a field of the documents/,
    ],
    [
      'all mixed with a field',
      { query: 'x', filters: { all: [{ topic: 'a' }], topic: 'b' } },
      /cannot mix "all", "any" or "none" with other keys \("topic"\)/,
    ],
    ['a date that is not a date', { query: 'x', filters: { published_date: '14/03/2026' } }, /published_date: must be an ISO date/],
    ['an impossible date', { query: 'x', filters: { published_date: { from: '2026-02-31x' } } }, /must be an ISO date/],
    ['a range with neither end', { query: 'x', filters: { published_date: { name: 'Any time' } } }, /a range needs "from", "to" or both/],
    ['a range on a value field', { query: 'x', filters: { topic: { from: 'a' } } }, /filters\.topic/],
    ['an empty list of values', { query: 'x', filters: { topic: [] } }, /must list at least one value/],
    ['filters nested too deep', { query: 'x', filters: nest(10) }, /filters nest at most 8 levels deep/],
    [
      'a facet on an unknown field',
      { query: 'x', facets: { colour: { type: 'value' } } },
      /facets\.colour: is not a field of the documents/,
    ],
    ['a facet without a type', { query: 'x', facets: { topic: { size: 5 } } }, /facets\.topic/],
    [
      'a range facet on a value field',
      { query: 'x', facets: { topic: { type: 'range', ranges: [{ from: '2020-01-01' }] } } },
      /only a "value" facet fits this field/,
    ],
    [
      'a value facet on a date field',
      { query: 'x', facets: { published_date: { type: 'value' } } },
      /only a "range" facet fits this field/,
    ],
    [
      'a facet size of 0',
      { query: 'x', facets: { topic: { type: 'value', size: 0 } } },
      /facets\.topic\.size: must be a whole number from 1 to 250/,
    ],
    [
      'a facet size over 250',
      { query: 'x', facets: { topic: { type: 'value', size: 251 } } },
      /facets\.topic\.size: must be a whole number from 1 to 250/,
    ],
    [
      'a range facet with no ranges',
      { query: 'x', facets: { published_date: { type: 'range', ranges: [] } } },
      /must list at least one range/,
    ],
    ['an unknown facet option', { query: 'x', facets: { topic: { type: 'value', limit: 3 } } }, /facets\.topic: unknown field "limit"/],
    ['a sort direction other than asc or desc', { query: 'x', sort: { title: 'up' } }, /sort/],
    ['a sort clause naming two fields', { query: 'x', sort: [{ title: 'asc', topic: 'desc' }] }, /sort\[0\]: must name exactly one field/],
    [
      'a search field that is not full-text',
      { query: 'x', search_fields: { url: {} } },
      /search_fields\.url: cannot be used as a search field/,
    ],
    [
      'a search field weight over 10',
      { query: 'x', search_fields: { title: { weight: 11 } } },
      /search_fields\.title\.weight: must be a number from 0 to 10/,
    ],
    [
      'a result field the documents lack',
      { query: 'x', result_fields: { colour: { raw: {} } } },
      /result_fields\.colour: is not a field of the documents/,
    ],
    [
      'a snippet size under 20',
      { query: 'x', result_fields: { title: { snippet: { size: 10 } } } },
      /result_fields\.title\.snippet\.size: must be a whole number from 20 to 1000/,
    ],
    ['analytics tags that are not text', { query: 'x', analytics: { tags: [1] } }, /analytics\.tags\[0\]: must be text/],
    ['record_analytics that is not a boolean', { query: 'x', record_analytics: 'no' }, /record_analytics: must be true or false/],
    ['precision out of range', { query: 'x', precision: 12 }, /precision: must be a whole number from 1 to 11/],
  ];
  it('lets every text field filter, facet, sort and group, as App Search does', async () => {
    for (const params of [
      { query: 'x', filters: { body: 'rates' } },
      { query: 'x', facets: { url: { type: 'value' } } },
      { query: 'x', sort: { body: 'asc' } },
      { query: 'x', group: { field: 'title' } },
    ]) {
      const response = await search(params);
      assert.equal(response.status, 200, JSON.stringify(params));
    }
  });

  it('refuses a sort by a field the documents do not have, listing those it can sort by', async () => {
    await assertRefused(
      await search({ query: 'x', sort: { colour: 'asc' } }),
      400,
      /sort: can sort only by _score, title, summary, body, url, document_type/,
    );
  });

  for (const [what, params, pattern] of cases) {
    it(`refuses ${what}`, async () => {
      await assertRefused(await search(params), 400, pattern);
    });
  }

  it('reports several problems at once, each with its path', async () => {
    const response = await search({ query: 1, page: { size: 0.5, current: 500 }, extra: true });
    const errors = await errorsOf(response);
    assert.equal(response.status, 400);
    assert.equal(errors.length, 4);
  });

  it('names paths the same way at the REST paths', async () => {
    await assertRefused(await postJson(app, 'search.json', { query: 'x', page: { size: 5000 } }), 400, /^request\.page\.size: /);
  });

  it('accepts every documented option in range (the refusals above are not refusing everything)', async () => {
    const response = await search({
      query: 'building',
      page: { size: 1000, current: 100 },
      sort: [{ published_date: 'desc' }, { _score: 'desc' }],
      filters: {
        all: [
          { any: [{ topic: 'Building and planning' }, { topic: 'Council' }] },
          { none: [{ document_type: 'News' }] },
          { published_date: { from: '2020-01-01', to: '2027-01-01T00:00:00Z' } },
        ],
      },
      facets: {
        topic: [{ type: 'value', size: 250, sort: { value: 'asc' } }],
        published_date: { type: 'range', ranges: [{ from: '2026-01-01', name: 'This year' }] },
      },
      search_fields: { title: { weight: 10 }, summary: { weight: 0.5 }, body: {} },
      result_fields: { title: { raw: { size: 20 }, snippet: { size: 1000, fallback: false } }, url: { raw: {} } },
    });
    assert.equal(response.status, 200);
  });
});

describe('query suggestion and click requests', () => {
  it('refuses a suggestion size over 20 and fields that are not full-text', async () => {
    await assertRefused(
      await postAction(app, 'query_suggestion', { query: 'r', size: 21 }),
      400,
      /size: must be a whole number from 1 to 20/,
    );
    await assertRefused(
      await postAction(app, 'query_suggestion', { query: 'r', types: { documents: { fields: ['url'] } } }),
      400,
      /types\.documents\.fields\[0\]: must be one of title, summary, body/,
    );
    await assertRefused(await postAction(app, 'query_suggestion', { size: 5 }), 400, /query/);
  });

  it('refuses a click without a document id, or with unknown fields or too many tags', async () => {
    await assertRefused(await postAction(app, 'click', { query: 'r' }), 400, /document_id/);
    await assertRefused(await postAction(app, 'click', { query: 'r', document_id: '' }), 400, /document_id: must not be empty/);
    await assertRefused(
      await postAction(app, 'click', { query: 'r', document_id: 'd', documentId: 'd' }),
      400,
      /unknown field "documentId"/,
    );
    const tags = Array.from({ length: 17 }, (_, index) => `t${index}`);
    await assertRefused(await postAction(app, 'click', { query: 'r', document_id: 'd', tags }), 400, /tags: must list at most 16 tags/);
  });
});

function nest(levels: number): unknown {
  return levels === 0 ? { topic: 'x' } : { all: [nest(levels - 1)] };
}
