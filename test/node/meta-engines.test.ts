import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Client, errors as clientErrors } from '@elastic/enterprise-search';
import AppSearchClient from '@elastic/app-search-node';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { META_MESSAGES } from '../../packages/civic-search/src/meta-engines/meta-engine-admin';

/**
 * Meta engines over real HTTP with both official clients, on the embedded backend: a council with subsites searches
 * them all from one box.
 */

const KEY = 'private-meta-engines-test-key-01';

interface Result {
  id: { raw: string };
  title: { raw: string };
  _meta: { id: string; engine: string; score: number };
}
const resultsOf = (answer: unknown) => (answer as { results: Result[] }).results;

async function refusal(work: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof clientErrors.ResponseError, String(error));
    return { status: error.meta.statusCode ?? 0, body: error.meta.body };
  }
  assert.fail('the call was expected to be refused');
}

describe('meta engines', () => {
  let dataDir: string;
  let service: SearchService;
  let server: ReturnType<typeof serve>;
  let url: string;
  let app: Client['app'];
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-meta-engines-'));
    service = await createSearchService({ dataDir, privateKey: KEY, inProcess: true, rateLimit: { windowMs: 60_000, limit: 10_000 } });
    server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = new Client({ url, auth: { token: KEY } }).app;
    for (const name of ['council', 'library', 'museum']) await app.createEngine({ body: { name, language: 'en' } });
    await app.indexDocuments({
      engine_name: 'council',
      documents: [
        { id: 'rates', title: 'Pay your rates', topic: 'Rates' },
        { id: 'hours', title: 'Opening hours of the council office', topic: 'Contact' },
      ],
    });
    await app.indexDocuments({
      engine_name: 'library',
      documents: [
        { id: 'hours', title: 'Library opening hours', topic: 'Contact' },
        { id: 'cards', title: 'Get a library card', topic: 'Services' },
      ],
    });
    await app.indexDocuments({ engine_name: 'museum', documents: [{ id: 'hours', title: 'Museum opening hours', topic: 'Contact' }] });
  });
  after(async () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is made with its sources and searches them all, each result marked with the engine it came from', async () => {
    const made = await app.createEngine({ body: { name: 'everything', type: 'meta', source_engines: ['council', 'library'] } as never });
    assert.deepEqual(made, { name: 'everything', type: 'meta', language: null, document_count: 4, source_engines: ['council', 'library'] });
    const answer = await app.search({ engine_name: 'everything', body: { query: 'opening hours', facets: { topic: { type: 'value' } } } });
    const results = resultsOf(answer);
    assert.deepEqual(results.map((result) => result.id.raw).sort(), ['council|hours', 'library|hours']);
    for (const result of results) {
      assert.equal(result._meta.id, 'hours');
      assert.equal(`${result._meta.engine}|${result._meta.id}`, result.id.raw);
    }
    assert.equal(answer.meta.page.total_results, 2);
    assert.deepEqual((answer as unknown as { facets: Record<string, Array<{ data: unknown[] }>> }).facets.topic[0].data, [
      { value: 'Contact', count: 2 },
    ]);
    // Paging goes through the merged list.
    const second = await app.search({ engine_name: 'everything', body: { query: 'opening hours', page: { size: 1, current: 2 } } });
    assert.equal(resultsOf(second).length, 1);
    assert.notEqual(
      resultsOf(second)[0].id.raw,
      resultsOf(await app.search({ engine_name: 'everything', body: { query: 'opening hours', page: { size: 1 } } }))[0].id.raw,
    );
  });

  it('applies its own curation: a promoted source document first (even one the words miss), a hidden one never', async () => {
    await app.createEngine({ body: { name: 'curated', type: 'meta', source_engines: ['council', 'library'] } as never });
    const ids = async (query: string) =>
      resultsOf(await app.search({ engine_name: 'curated', body: { query } })).map((result) => result.id.raw);
    const before = await ids('opening hours');
    assert.ok(before.includes('council|hours') && !before.includes('library|cards'), `before: ${before}`);
    const made = await fetch(`${url}/api/as/v1/engines/curated/curations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queries: ['opening hours'], promoted: ['library|cards'], hidden: ['council|hours'] }),
    });
    assert.equal(made.status, 200, await made.clone().text());
    const answer = await app.search({ engine_name: 'curated', body: { query: 'opening hours' } });
    const curated = resultsOf(answer);
    assert.deepEqual(
      curated.map((result) => result.id.raw),
      ['library|cards', 'library|hours'],
      'the promoted card page first though it says neither word; the council office page hidden',
    );
    assert.equal(curated[0]._meta.score, 1, 'marked as App Search marks a promoted result');
    assert.equal(answer.meta.page.total_results, 2);
    assert.ok((await ids('hours')).includes('council|hours'), 'another query is not curated');
    const { id } = (await made.json()) as { id: string };
    await fetch(`${url}/api/as/v1/engines/curated/curations/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${KEY}` } });
    assert.deepEqual((await ids('opening hours')).sort(), ['council|hours', 'library|hours']);
    await app.deleteEngine({ engine_name: 'curated' });
  });

  it('adds and removes sources, and a search follows at once', async () => {
    const added = (await app.addMetaEngineSource({ engine_name: 'everything', sourceEngines: ['museum'] })) as {
      source_engines?: string[];
    };
    assert.deepEqual(added.source_engines, ['council', 'library', 'museum']);
    const ids = async () =>
      resultsOf(await app.search({ engine_name: 'everything', body: { query: 'hours' } }))
        .map((result) => result.id.raw)
        .sort();
    assert.deepEqual(await ids(), ['council|hours', 'library|hours', 'museum|hours']);
    const removed = (await app.deleteMetaEngineSource({ engine_name: 'everything', sourceEngines: ['council'] })) as {
      source_engines?: string[];
    };
    assert.deepEqual(removed.source_engines, ['library', 'museum']);
    assert.deepEqual(await ids(), ['library|hours', 'museum|hours']);
    assert.deepEqual(await refusal(app.deleteMetaEngineSource({ engine_name: 'everything', sourceEngines: ['library', 'museum'] })), {
      status: 400,
      body: { errors: [META_MESSAGES.lastSource] },
    });
  });

  it('holds no documents, refuses unknown sources, lists with the engines and deletes', async () => {
    assert.deepEqual(await refusal(app.indexDocuments({ engine_name: 'everything', documents: [{ id: 'x', title: 'x' }] })), {
      status: 400,
      body: { errors: [META_MESSAGES.noDocuments] },
    });
    assert.equal(
      (await refusal(app.createEngine({ body: { name: 'broken', type: 'meta', source_engines: ['nowhere'] } as never }))).status,
      400,
    );
    assert.equal(
      (await refusal(app.createEngine({ body: { name: 'council', type: 'meta', source_engines: ['library'] } as never }))).status,
      400,
    );
    const listed = await app.listEngines();
    assert.deepEqual(
      listed.results.map((engine) => `${engine.name}:${engine.type}`),
      ['council:default', 'everything:meta', 'library:default', 'museum:default'],
    );
    assert.deepEqual(await app.deleteEngine({ engine_name: 'everything' }), { deleted: true });
    assert.equal((await refusal(app.search({ engine_name: 'everything', body: { query: 'hours' } }))).status, 404);
  });

  it('ranks its merged results with its own search settings (weights, result fields, boosts), never its sources’', async () => {
    await app.createEngine({ body: { name: 'news', language: 'en' } });
    await app.createEngine({ body: { name: 'venues', language: 'en' } });
    for (const engine of ['news', 'venues']) await app.putSchema({ engine_name: engine, schema: { popularity: 'number' } });
    await app.indexDocuments({
      engine_name: 'news',
      documents: [
        { id: 'reopen', title: 'Pool reopens', body: 'Repairs are finished and the doors open on Monday', popularity: 1 },
        { id: 'roads', title: 'Road works', body: 'Resealing on Quay Street', popularity: 3 },
      ],
    });
    await app.indexDocuments({
      engine_name: 'venues',
      documents: [
        { id: 'aquatic', title: 'Aquatic centre', body: 'Lanes in the pool for lessons and fitness', popularity: 50 },
        { id: 'books', title: 'Library', body: 'Books and study rooms', popularity: 20 },
      ],
    });
    await app.createEngine({ body: { name: 'leisure', type: 'meta', source_engines: ['news', 'venues'] } as never });
    const settings = (engine: string, method: string, body?: object) =>
      fetch(`${url}/api/as/v1/engines/${engine}/search_settings${method === 'POST' ? '/reset' : ''}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        ...(body && { body: JSON.stringify(body) }),
      }).then(async (response) => (assert.equal(response.status, 200, await response.clone().text()), response.json()));
    const search = async (body: object = {}) => resultsOf(await app.search({ engine_name: 'leisure', body: { query: 'pool', ...body } }));
    const order = async (body?: object) => (await search(body)).map((result) => result.id.raw);

    // "pool" is in the news page's short title and in the centre's longer body: at equal weights the title wins.
    const even = await order();
    assert.deepEqual(even, ['news|reopen', 'venues|aquatic']);
    // A source's own weights rank its own searches, not the meta engine's.
    await settings('venues', 'PUT', { search_fields: { title: { weight: 1 }, body: { weight: 10 } } });
    assert.deepEqual((resultsOf(await app.search({ engine_name: 'venues', body: { query: 'pool' } })))[0].id.raw, 'aquatic');
    assert.deepEqual(await order(), even, 'the source’s body weight leaves the merged order alone');

    // The meta engine's own weight on the body puts the centre first.
    await settings('leisure', 'PUT', { search_fields: { title: { weight: 1 }, body: { weight: 10 } } });
    assert.deepEqual(await order(), ['venues|aquatic', 'news|reopen']);
    // A request's own search_fields still win: in titles only, the centre is not found.
    assert.deepEqual(await order({ search_fields: { title: {} } }), ['news|reopen']);

    // Its result fields: the title alone, raw.
    await settings('leisure', 'PUT', { result_fields: { title: { raw: {} } } });
    const shown = await search();
    assert.deepEqual(shown.map((result) => Object.keys(result).sort()), [
      ['_meta', 'id', 'title'],
      ['_meta', 'id', 'title'],
    ]);
    assert.deepEqual(await order(), even, 'settings put without weights take the default weights');

    // Its boosts: popularity added to the score puts the popular centre first.
    await settings('leisure', 'PUT', { boosts: { popularity: { type: 'functional', function: 'linear', operation: 'add', factor: 1 } } });
    assert.deepEqual(await order(), ['venues|aquatic', 'news|reopen']);

    // Reset, the meta engine ranks at its default weights again.
    const reset = (await settings('leisure', 'POST')) as { search_fields: Record<string, unknown>; boosts: object };
    assert.deepEqual(reset.boosts, {});
    assert.deepEqual(await order(), even);
    await app.deleteEngine({ engine_name: 'leisure' });
  });

  it('works through the older App Search client: createMetaEngine, sources, search, click by its marked id', async () => {
    const client = new AppSearchClient(undefined, KEY, () => `${url}/api/as/v1/`);
    await client.createMetaEngine('subsites', ['library', 'museum']);
    await client.addMetaEngineSources('subsites', ['council']);
    const answer = (await client.search('subsites', 'rates', {})) as unknown;
    assert.deepEqual(
      resultsOf(answer).map((result) => [result.id.raw, result._meta.engine]),
      [['council|rates', 'council']],
    );
    await client.deleteMetaEngineSources('subsites', ['council']);
    assert.deepEqual(resultsOf(await client.search('subsites', 'rates', {})), []);
    const searched = (await client.search('subsites', 'hours', {})) as { meta: { request_id: string } };
    const clicked = await fetch(`${url}/api/as/v1/engines/subsites/click`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'hours', document_id: 'library|hours', request_id: searched.meta.request_id }),
    });
    assert.equal(clicked.status, 200, await clicked.text());
  });
});
