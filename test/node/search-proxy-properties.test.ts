/**
 * Generated input against the search proxy with the real embedded backend behind it (a small corpus, loopback
 * only, in process): arbitrary form bodies, JSON bodies, field values, query strings, paths and methods. Whatever
 * arrives: never a 500, never a stack trace, every refusal an App Search `{"errors": [...]}` body of readable
 * text, the private key never in an answer nor in the server log, and every well-formed request answered 200.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH, type ApiFilter } from '../../src/core/search/app-search-api';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { createEmbeddedBackend, type EmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { generateCorpus } from '../../examples/content/generate-corpus';
import { DOCUMENT_TYPES, TOPICS } from '../../examples/content/phrase-banks';
import { temporaryDataDir } from './embedded-fixtures';
import { ENGINE } from './support/proxy-requests';

const PRIVATE_KEY = 'private-key-5f1e0c9a7b3d2e4f';
const PATHS = {
  search: `${PROXY_PATH}/api/as/v1/engines/${ENGINE}/search.json`,
  suggest: `${PROXY_PATH}/api/as/v1/engines/${ENGINE}/query_suggestion`,
  click: `${PROXY_PATH}/api/as/v1/engines/${ENGINE}/click.json`,
};

let backend: EmbeddedBackend;
let app: ReturnType<typeof searchProxy>;
const logged: string[] = [];
const originalError = console.error;

before(async () => {
  backend = createEmbeddedBackend({ engines: { [ENGINE]: () => generateCorpus({ count: 300 }) }, dataDir: await temporaryDataDir() });
  await backend.ready();
  app = searchProxy({
    backend,
    engines: [ENGINE],
    privateKey: PRIVATE_KEY,
    timeoutMs: 2_000,
    rateLimit: { windowMs: 60_000, limit: Number.MAX_SAFE_INTEGER },
    // Hundreds of generated searches from one client in a few seconds: the per-client limits (their own tests
    // cover them) would answer the later ones 429, which says nothing about how a request is read.
    costBudget: false,
  });
  // Failures are logged by the proxy: keep them to check they never hold the key.
  console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
});
after(async () => {
  console.error = originalError;
  await backend.close();
});

/** What every answer must be, whatever the request. */
async function assertSafe(response: Response, label: string, method = 'POST'): Promise<{ status: number; body: unknown }> {
  const context = `${label} → ${response.status}`;
  assert.notEqual(response.status, 500, context);
  assert.ok(response.status < 500 || response.status === 502 || response.status === 504, context);
  assert.equal(response.headers.get('cache-control'), 'no-store', context);
  const text = await response.text();
  assert.ok(!text.includes(PRIVATE_KEY), `${context}: the private key reached the client`);
  assert.doesNotMatch(text, /\bat (?:\S+ )?\(?(?:file|node):|\n\s+at /, `${context}: a stack trace`);
  if (method === 'HEAD') return { status: response.status, body: undefined };
  const body: unknown = JSON.parse(text);
  if (response.status >= 400) {
    const errors = (body as { errors?: unknown }).errors;
    assert.ok(Array.isArray(errors) && errors.length > 0, `${context}: an errors body`);
    for (const error of errors) assert.ok(typeof error === 'string' && error.trim().length > 0, `${context}: readable errors`);
  }
  return { status: response.status, body };
}

function assertLogsClean() {
  for (const line of logged) assert.ok(!line.includes(PRIVATE_KEY), 'the private key reached the server log');
}

const post = (path: string, body: string, contentType: string) =>
  app.request(path, { method: 'POST', headers: { 'Content-Type': contentType }, body });

/** Text that sometimes carries the private key, markup, escapes or JSON. */
const nastyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(PRIVATE_KEY, `${PRIVATE_KEY}x`, '{key}', '%', '%zz', '%7B', '<script>', '__proto__', 'constructor', '\u0000', '🦆'),
  fc.json({ maxDepth: 2 }),
);

describe('search proxy: generated bad input', () => {
  it('answers any form body with a JSON answer, never a 500 or the key', async () => {
    const field = fc.oneof(fc.constantFrom('key', 'engine', 'action', 'params'), nastyText);
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.dictionary(field, nastyText, { maxKeys: 6 }).map((fields) => new URLSearchParams(fields).toString()),
      fc
        .record({
          engine: fc.oneof(fc.constant(ENGINE), nastyText),
          action: fc.oneof(fc.constantFrom('search', 'query_suggestion', 'click'), nastyText),
          params: nastyText,
        })
        .map((fields) => new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, ...fields }).toString()),
    );
    const contentType = fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
      'text/plain',
      '',
    );
    await fc.assert(
      fc.asyncProperty(body, contentType, async (text, type) => {
        await assertSafe(await post(PROXY_PATH, text, type), `form ${JSON.stringify(text).slice(0, 120)}`);
      }),
      { numRuns: 250 },
    );
    assertLogsClean();
  });

  it('answers any JSON body on every REST endpoint safely', async () => {
    const json = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
      nastyText,
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.values(PATHS)), json, async (path, text) => {
        await assertSafe(await post(path, text, 'application/json'), `${path} ${text.slice(0, 120)}`);
      }),
      { numRuns: 250 },
    );
    assertLogsClean();
  });

  it('answers search requests with arbitrary field values safely, in the form and as JSON', async () => {
    const anyValue = fc.oneof(fc.anything({ maxDepth: 3 }), nastyText, fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e9, 1001, 101));
    const request = fc.record(
      {
        query: anyValue,
        page: fc.oneof(anyValue, fc.record({ size: anyValue, current: anyValue }, { requiredKeys: [] })),
        filters: fc.oneof(
          anyValue,
          fc.dictionary(fc.constantFrom('all', 'any', 'none', 'topic', 'published_date', 'body'), anyValue, { maxKeys: 3 }),
        ),
        facets: fc.oneof(anyValue, fc.dictionary(fc.constantFrom('topic', 'published_date', 'title'), anyValue, { maxKeys: 2 })),
        sort: anyValue,
        search_fields: anyValue,
        result_fields: anyValue,
        group: anyValue,
        precision: anyValue,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async (params, asForm) => {
        const text = JSON.stringify(params);
        const response = asForm
          ? await post(
              PROXY_PATH,
              new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action: 'search', params: text }).toString(),
              'application/x-www-form-urlencoded',
            )
          : await post(PATHS.search, text, 'application/json');
        await assertSafe(response, text.slice(0, 160));
      }),
      { numRuns: 250 },
    );
    assertLogsClean();
  });

  it('answers any query string on the GET endpoints safely', async () => {
    const query = fc.oneof(
      fc.webQueryParameters(),
      fc
        .array(
          fc.tuple(
            fc.constantFrom(
              'query',
              'page[size]',
              'page[current]',
              'filters[all][0][topic]',
              'filters[any][][published_date][from]',
              'sort[published_date]',
              'facets[topic][type]',
              'size',
              'types[documents][fields][]',
              'a[b][c][d][e][f][g][h][i][j][k]',
              '__proto__[x]',
            ),
            nastyText,
          ),
          { maxLength: 6 },
        )
        .map((pairs) => pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(PATHS.search, PATHS.suggest), query, async (path, search) => {
        await assertSafe(await app.request(`${path}?${search}`), `GET ${path}?${search.slice(0, 120)}`, 'GET');
      }),
      { numRuns: 200 },
    );
  });

  it('answers any path and method under the proxy safely, and never serves anything else', async () => {
    const segment = fc.oneof(
      fc.webSegment(),
      fc.constantFrom('api', 'as', 'v1', 'engines', ENGINE, 'other', 'search.json', 'click', '..', '%2e%2e', '%00'),
    );
    const path = fc.array(segment, { maxLength: 7 }).map((segments) => `${PROXY_PATH}/${segments.join('/')}`);
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
    await fc.assert(
      fc.asyncProperty(path, method, nastyText, async (target, verb, text) => {
        // "/_search-proxy/.." is "/" once the URL is read: not the proxy's to answer.
        fc.pre(new URL(target, 'http://localhost').pathname.startsWith(PROXY_PATH));
        const withBody = verb !== 'GET' && verb !== 'HEAD';
        const response = await app.request(target, {
          method: verb,
          ...(withBody && { body: text, headers: { 'Content-Type': 'application/json' } }),
        });
        const { status } = await assertSafe(response, `${verb} ${target}`, verb);
        assert.ok(status !== 200 || target.startsWith(`${PROXY_PATH}/api/as/v1/engines/`), `${verb} ${target} answered 200`);
      }),
      { numRuns: 200 },
    );
  });
});

describe('search proxy: generated well-formed requests', () => {
  const isoDay = fc
    .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
  const dateValue = fc.oneof(
    isoDay,
    fc.oneof(
      isoDay.map((from) => ({ from })),
      isoDay.map((to) => ({ to })),
      fc.tuple(isoDay, isoDay, fc.string({ maxLength: 10 })).map(([from, to, name]) => ({ from, to, name })),
    ),
  );
  const textValue = fc.oneof(
    fc.constantFrom(...TOPICS.map((topic) => topic.name), ...DOCUMENT_TYPES),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
  );
  const condition: fc.Arbitrary<ApiFilter> = fc.oneof(
    fc.record({ topic: fc.oneof(textValue, fc.array(textValue, { minLength: 1, maxLength: 4 })) }),
    fc.record({ document_type: fc.array(textValue, { minLength: 1, maxLength: 3 }) }),
    fc.record({ published_date: fc.oneof(dateValue, fc.array(dateValue, { minLength: 1, maxLength: 3 })) }),
    fc.record({ subsite: textValue, id: textValue }),
  );
  const filter = fc.letrec<{ filter: ApiFilter }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      condition,
      fc.record(
        {
          all: fc.array(tie('filter'), { maxLength: 3 }),
          any: fc.array(tie('filter'), { maxLength: 3 }),
          none: fc.array(tie('filter'), { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
    ),
  })).filter;
  const valueFacet = fc.record(
    {
      type: fc.constant('value' as const),
      size: fc.integer({ min: 1, max: 250 }),
      sort: fc.constantFrom({ count: 'desc' as const }, { count: 'asc' as const }, { value: 'asc' as const }),
    },
    { requiredKeys: ['type'] },
  );
  const rangeFacet = fc.record({
    type: fc.constant('range' as const),
    ranges: fc.array(
      fc.oneof(
        isoDay.map((from) => ({ from })),
        isoDay.map((to) => ({ to })),
        fc.tuple(isoDay, isoDay).map(([from, to]) => ({ from, to })),
      ),
      { minLength: 1, maxLength: 20 },
    ),
  });
  const sortField = fc.constantFrom('_score', 'title', 'published_date', 'document_type', 'topic', 'subtopic', 'subsite');
  const direction = fc.constantFrom<'asc' | 'desc'>('asc', 'desc');
  const request = fc
    .record(
      {
        query: fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 20 }),
          fc.constantFrom('building consent', 'bilding', 'co', 'the', 'annual plan submissions', ''),
        ),
        page: fc.record({ size: fc.integer({ min: 0, max: 1000 }), current: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] }),
        filters: filter,
        facets: fc.record(
          {
            topic: fc.oneof(valueFacet, fc.array(valueFacet, { minLength: 1, maxLength: 5 })),
            subsite: valueFacet,
            published_date: rangeFacet,
          },
          { requiredKeys: [] },
        ),
        sort: fc.oneof(
          fc.tuple(sortField, direction).map(([field, dir]) => ({ [field]: dir })),
          fc
            .array(fc.tuple(sortField, direction), { minLength: 1, maxLength: 4 })
            .map((keys) => keys.map(([field, dir]) => ({ [field]: dir }))),
        ),
        search_fields: fc.record(
          { title: fc.record({ weight: fc.double({ min: 0, max: 10, noNaN: true }) }, { requiredKeys: [] }), body: fc.constant({}) },
          { requiredKeys: [] },
        ),
        result_fields: fc.record(
          {
            title: fc.record(
              {
                raw: fc.record({ size: fc.integer({ min: 20, max: 1000 }) }, { requiredKeys: [] }),
                snippet: fc.record({ size: fc.integer({ min: 20, max: 1000 }), fallback: fc.boolean() }, { requiredKeys: [] }),
              },
              { requiredKeys: [] },
            ),
            body: fc.constant({ snippet: { size: 200 } }),
            url: fc.constant({ raw: {} }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    )
    .filter((generated) => (generated.query ?? '').length <= 128);

  it('answers every well-formed search 200, with a consistent page', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (params) => {
        const text = JSON.stringify(params);
        const { status, body } = await assertSafe(await post(PATHS.search, text, 'application/json'), text.slice(0, 200));
        assert.equal(status, 200, `${text}: ${JSON.stringify(body).slice(0, 300)}`);
        const { meta, results } = body as { meta: { page: { size: number; total_results: number; current: number } }; results: unknown[] };
        assert.ok(results.length <= Math.max(0, meta.page.size) && results.length <= meta.page.total_results, text);
      }),
      { numRuns: 150 },
    );
    assertLogsClean();
  });
});
