import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Client, errors as clientErrors } from '@elastic/enterprise-search';
import AppSearchClient from '@elastic/app-search-node';
import { writeApi } from '../../packages/civic-search/src/write-api';
import { MAX_DOCUMENTS_PER_REQUEST, MESSAGES } from '../../packages/civic-search/src/write-api/app-search-rules';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { openTempStore } from './fixtures/write-api/temp-store';
import type { EngineAdmin } from '../../packages/civic-search/src/engines/engine-admin';
import { PARKS, PARKS_SCHEMA } from './fixtures/write-api/national-parks';
import { createInMemoryBackend } from './support/in-memory-search-backend';

/**
 * Both official Node clients for App Search, driving the write API over real HTTP as a CMS's indexer would: the
 * current Enterprise Search client (`client.app.*`, errors as ResponseError with the answer's status and body) and the
 * older App Search client (GET and DELETE with JSON bodies, errors as `errorMessages`).
 */

const KEY = 'private-clients-test-key-012345';
const GENERATED_ID = /^doc-[0-9a-f]{24}$/;

let admin: EngineAdmin;
let closeStore: () => Promise<void>;
let server: ReturnType<typeof serve>;
let url: string;

before(async () => {
  const site = new Hono();
  // Each test has a durable store of its own; the routes reach the current one through this indirection.
  site.route(
    '/',
    writeApi({
      admin: new Proxy({} as EngineAdmin, {
        get: (_, name) => {
          const value = Reflect.get(admin, name) as unknown;
          return typeof value === 'function' ? value.bind(admin) : value;
        },
      }),
      privateKey: KEY,
    }),
  );
  site.route('/', searchProxy({ backend: createInMemoryBackend(), engines: ['site'], privateKey: KEY }));
  server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  ({ admin, close: closeStore } = await openTempStore());
});
afterEach(() => closeStore());

/** The ResponseError the Enterprise Search client rejects with, for its status and App Search's body. */
async function responseError(work: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof clientErrors.ResponseError, `expected a ResponseError, got ${String(error)}`);
    return { status: error.meta.statusCode ?? 0, body: error.meta.body };
  }
  assert.fail('the call was expected to fail');
}

describe('the Enterprise Search client (@elastic/enterprise-search)', () => {
  let client: Client;
  beforeEach(() => {
    client = new Client({ url, auth: { token: KEY } });
  });

  it('creates an engine, sets its schema, indexes, updates, gets, lists and deletes documents, and deletes the engine', async () => {
    const app = client.app;
    assert.deepEqual(await app.createEngine({ body: { name: 'parks', language: 'en' } }), {
      name: 'parks',
      type: 'default',
      language: 'en',
      document_count: 0,
    });
    assert.deepEqual(await app.putSchema({ engine_name: 'parks', schema: PARKS_SCHEMA }), PARKS_SCHEMA);

    const indexed = await app.indexDocuments({ engine_name: 'parks', documents: [...PARKS, { title: 'Wind Cave', visitors: 650000 }] });
    assert.deepEqual(indexed.slice(0, 3), [
      { id: 'park_rocky-mountain', errors: [] },
      { id: 'park_saguaro', errors: [] },
      { id: 'park_acadia', errors: [] },
    ]);
    assert.match(indexed[3].id, GENERATED_ID);
    assert.deepEqual(await app.getSchema({ engine_name: 'parks' }), {
      ...PARKS_SCHEMA,
      title: 'text',
      description: 'text',
      states: 'text',
    });

    const updated = await app.putDocuments({ engine_name: 'parks', documents: [{ id: 'park_saguaro', visitors: 1100000 }] });
    assert.deepEqual(updated, [{ id: 'park_saguaro', errors: [] }]);

    const fetched = await app.getDocuments({ engine_name: 'parks', documentIds: ['park_saguaro', 'park_missing', indexed[3].id] });
    assert.deepEqual(fetched, [{ ...PARKS[1], visitors: 1100000 }, null, { id: indexed[3].id, title: 'Wind Cave', visitors: 650000 }]);

    const first = await app.listDocuments({ engine_name: 'parks', page: { current: 1, size: 3 } });
    const second = await app.listDocuments({ engine_name: 'parks', page: { current: 2, size: 3 } });
    assert.deepEqual(second.meta.page, { current: 2, total_pages: 2, total_results: 4, size: 3 });
    assert.equal(second.results.length, 1);
    assert.deepEqual(
      [...first.results, ...second.results].map((document) => document.id).sort(),
      ['park_acadia', 'park_rocky-mountain', 'park_saguaro', indexed[3].id].sort(),
    );

    assert.deepEqual(await app.deleteDocuments({ engine_name: 'parks', documentIds: ['park_acadia', 'park_missing'] }), [
      { id: 'park_acadia', deleted: true },
      { id: 'park_missing', deleted: false },
    ]);
    assert.equal((await app.getEngine({ engine_name: 'parks' })).document_count, 3);
    const engines = await app.listEngines({ page: { current: 1, size: 10 } });
    assert.deepEqual(engines.meta.page, { current: 1, total_pages: 1, total_results: 1, size: 10 });
    assert.deepEqual(await app.deleteEngine({ engine_name: 'parks' }), { deleted: true });
    assert.deepEqual((await app.listEngines()).results, []);
  });

  it('surfaces App Search’s error bodies for bad writes', async () => {
    const app = client.app;
    const unauthorised = await responseError(new Client({ url, auth: { token: 'private-wrong-key-000000000' } }).app.listEngines());
    assert.deepEqual(unauthorised, { status: 401, body: { error: MESSAGES.invalidToken } });

    assert.deepEqual(await responseError(app.indexDocuments({ engine_name: 'nope', documents: [{ title: 'x' }] })), {
      status: 404,
      body: { errors: ['Could not find engine.'] },
    });

    await app.createEngine({ body: { name: 'parks' } });
    assert.deepEqual(await responseError(app.createEngine({ body: { name: 'parks' } })), {
      status: 400,
      body: { errors: [MESSAGES.nameTaken] },
    });

    await app.putSchema({ engine_name: 'parks', schema: PARKS_SCHEMA });
    const partly = await app.indexDocuments({
      engine_name: 'parks',
      documents: [PARKS[0], { id: 'bad', visitors: 'lots', Title: 'x' }],
    });
    assert.deepEqual(partly[0], { id: 'park_rocky-mountain', errors: [] });
    assert.equal(partly[1].id, 'bad');
    assert.equal((partly[1] as unknown as { errors: string[] }).errors.length, 2);

    const tooMany = Array.from({ length: MAX_DOCUMENTS_PER_REQUEST + 1 }, (_, i) => ({ id: String(i) }));
    assert.deepEqual(await responseError(app.indexDocuments({ engine_name: 'parks', documents: tooMany })), {
      status: 400,
      body: { errors: [MESSAGES.tooManyDocuments] },
    });
    const missingId = await app.putDocuments({ engine_name: 'parks', documents: [{ title: 'no id' } as never] });
    assert.deepEqual(missingId, [{ id: '', errors: ["Missing required key 'id'"] }]);
  });

  it('reaches searches and suggestions through the same address (the search proxy mounted after the write API)', async () => {
    const found = await client.app.search({ engine_name: 'site', body: { query: 'building consent' } });
    assert.ok(found.results.length > 0);
    const suggested = await client.app.querySuggestion({ engine_name: 'site', body: { query: 'build' } });
    assert.ok(Array.isArray(suggested.results?.documents));
  });
});

describe('the older App Search client (@elastic/app-search-node)', () => {
  let client: AppSearchClient;
  beforeEach(() => {
    client = new AppSearchClient(undefined, KEY, () => `${url}/api/as/v1/`);
  });

  it('creates an engine, sets its schema, indexes, updates, gets, lists and deletes documents, and deletes the engine', async () => {
    assert.deepEqual(await client.createEngine('parks', { language: null }), {
      name: 'parks',
      type: 'default',
      language: null,
      document_count: 0,
    });
    assert.deepEqual(await client.updateSchema('parks', PARKS_SCHEMA), PARKS_SCHEMA);
    assert.deepEqual(await client.indexDocuments('parks', PARKS), [
      { id: 'park_rocky-mountain', errors: [] },
      { id: 'park_saguaro', errors: [] },
      { id: 'park_acadia', errors: [] },
    ]);
    assert.deepEqual(await client.indexDocument('parks', { id: 'park_wind-cave', title: 'Wind Cave' }), { id: 'park_wind-cave' });
    assert.deepEqual(await client.updateDocuments('parks', [{ id: 'park_acadia', visitors: 3600000 }]), [
      { id: 'park_acadia', errors: [] },
    ]);
    // GET with a JSON body of ids, as this client sends it.
    assert.deepEqual(await client.getDocuments('parks', ['park_acadia', 'park_missing']), [{ ...PARKS[2], visitors: 3600000 }, null]);
    const listed = await client.listDocuments('parks', { page: { current: 1, size: 2 } });
    assert.deepEqual(listed.meta.page, { current: 1, total_pages: 2, total_results: 4, size: 2 });
    assert.equal(listed.results.length, 2);
    // DELETE with a JSON body; the client copies `deleted` to `result`.
    assert.deepEqual(await client.destroyDocuments('parks', ['park_saguaro', 'park_missing']), [
      { id: 'park_saguaro', deleted: true, result: true },
      { id: 'park_missing', deleted: false, result: false },
    ]);
    assert.deepEqual(await client.getEngine('parks'), { name: 'parks', type: 'default', language: null, document_count: 3 });
    assert.deepEqual((await client.listEngines({ page: { current: 1, size: 5 } })).meta.page, {
      current: 1,
      total_pages: 1,
      total_results: 1,
      size: 5,
    });
    assert.deepEqual(await client.getSchema('parks'), { ...PARKS_SCHEMA, title: 'text', description: 'text', states: 'text' });
    assert.deepEqual(await client.destroyEngine('parks'), { deleted: true });
  });

  it('surfaces App Search’s error bodies as errorMessages', async () => {
    const messagesOf = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => assert.fail('the call was expected to fail'),
        (failure: Error & { errorMessages?: string[] }) => failure,
      );
      return error.errorMessages;
    };
    assert.deepEqual(
      await messagesOf(new AppSearchClient(undefined, 'private-wrong-key-00000000', () => `${url}/api/as/v1/`).listEngines()),
      [MESSAGES.invalidToken],
    );
    assert.deepEqual(await messagesOf(client.getSchema('nope')), ['Could not find engine.']);
    await client.createEngine('parks');
    assert.deepEqual(await messagesOf(client.createEngine('parks')), [MESSAGES.nameTaken]);
    assert.deepEqual(await messagesOf(client.createEngine('Not A Name')), [
      'Name must consist of lowercase letters, numbers, and hyphens (at most 64 characters)',
    ]);
    await client.updateSchema('parks', PARKS_SCHEMA);
    // indexDocument rejects with the document's own errors, joined.
    await assert.rejects(
      client.indexDocument('parks', { id: 'bad', visitors: 'lots' }),
      /^Error: Invalid field value: "visitors" is a number field/,
    );
    const patched = await client.updateDocuments('parks', [{ id: 'park_missing', visitors: 1 }]);
    assert.deepEqual(patched, [{ id: 'park_missing', errors: [MESSAGES.documentNotFound] }]);
  });

  it('reaches searches (sent as GET with a JSON body) and suggestions through the same address', async () => {
    const found = (await client.search('site', 'building consent')) as { results: unknown[] };
    assert.ok(found.results.length > 0);
    const suggested = (await client.querySuggestion('site', 'build')) as { results: { documents: unknown[] } };
    assert.ok(Array.isArray(suggested.results.documents));
  });
});

/**
 * The whole service as `civic-search serve` runs it (the embedded engine in a worker thread over the durable store):
 * what each client writes is what its searches and suggestions find, and a deleted document is gone from them.
 */
describe('both clients against createSearchService: writes are searchable', () => {
  let service: SearchService;
  let serviceServer: ReturnType<typeof serve>;
  let serviceUrl: string;
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-clients-service-'));
    service = await createSearchService({ dataDir, privateKey: KEY, rateLimit: { windowMs: 60_000, limit: 10_000 } });
    await service.ready();
    serviceServer = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => serviceServer.once('listening', resolve));
    serviceUrl = `http://127.0.0.1:${(serviceServer.address() as AddressInfo).port}`;
  });
  after(async () => {
    (serviceServer as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => serviceServer.close(resolve));
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Asks again until `found` holds: a write is searchable soon after its answer, not necessarily at once. */
  async function eventually<T>(ask: () => Promise<T>, found: (answer: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await ask();
      if (found(answer) || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const ids = (answer: { results: Array<{ id?: { raw?: unknown } }> }) => answer.results.map((result) => result.id?.raw);

  it('the Enterprise Search client indexes, searches, suggests, updates and deletes', { timeout: 60_000 }, async () => {
    const app = new Client({ url: serviceUrl, auth: { token: KEY } }).app;
    await app.createEngine({ body: { name: 'parks-current', language: 'en' } });
    await app.putSchema({ engine_name: 'parks-current', schema: PARKS_SCHEMA });
    const indexed = await app.indexDocuments({ engine_name: 'parks-current', documents: PARKS });
    assert.ok(indexed.every((result) => (result as unknown as { errors: string[] }).errors.length === 0));

    const search = () => app.search({ engine_name: 'parks-current', body: { query: 'granite' } }) as Promise<never>;
    assert.deepEqual(ids(await eventually(search, (answer) => ids(answer).length > 0)), ['park_acadia']);
    const suggest = () => app.querySuggestion({ engine_name: 'parks-current', body: { query: 'acad' } });
    const suggested = await eventually(suggest, (answer) => (answer.results?.documents?.length ?? 0) > 0);
    assert.ok(suggested.results?.documents?.some((suggestion) => suggestion.suggestion === 'acadia'));

    await app.putDocuments({ engine_name: 'parks-current', documents: [{ id: 'park_saguaro', description: 'Granite hills and cactus.' }] });
    const both = await eventually(search, (answer) => ids(answer).length === 2);
    assert.deepEqual([...ids(both)].sort(), ['park_acadia', 'park_saguaro']);

    await app.deleteDocuments({ engine_name: 'parks-current', documentIds: ['park_acadia'] });
    const after = await eventually(search, (answer) => !ids(answer).includes('park_acadia'));
    assert.deepEqual(ids(after), ['park_saguaro']);

    assert.deepEqual(
      await responseError(new Client({ url: serviceUrl, auth: { token: 'private-wrong-key-000000000' } }).app.listEngines()),
      {
        status: 401,
        body: { error: MESSAGES.invalidToken },
      },
    );
  });

  it(
    'the older App Search client indexes, searches (GET with a JSON body) and suggests, and sees deletes',
    { timeout: 60_000 },
    async () => {
      const client = new AppSearchClient(undefined, KEY, () => `${serviceUrl}/api/as/v1/`);
      await client.createEngine('parks-older', { language: 'en' });
      await client.updateSchema('parks-older', PARKS_SCHEMA);
      await client.indexDocuments('parks-older', PARKS);

      const search = () => client.search('parks-older', 'cactus') as Promise<never>;
      assert.deepEqual(ids(await eventually(search, (answer) => ids(answer).length > 0)), ['park_saguaro']);
      const suggest = () =>
        client.querySuggestion('parks-older', 'sag') as Promise<{ results?: { documents?: Array<{ suggestion: string }> } }>;
      const suggested = await eventually(suggest, (answer) => (answer.results?.documents?.length ?? 0) > 0);
      assert.ok(suggested.results?.documents?.some((suggestion) => suggestion.suggestion === 'saguaro'));

      await client.destroyDocuments('parks-older', ['park_saguaro']);
      assert.deepEqual(ids(await eventually(search, (answer) => ids(answer).length === 0)), []);
      assert.deepEqual(await client.destroyEngine('parks-older'), { deleted: true });
    },
  );
});
