import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Client, errors as clientErrors } from '@elastic/enterprise-search';
import AppSearchClient from '@elastic/app-search-node';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { Credentials } from '../../packages/civic-search/src/credentials/credentials';
import { CREDENTIAL_MESSAGES, unknownEngine } from '../../packages/civic-search/src/credentials/credential-rules';
import { openDataFolderOperatorStore } from '../../packages/civic-search/src/operator-state';
import { MESSAGES } from '../../packages/civic-search/src/write-api/app-search-rules';
import { requireKey } from '../../packages/civic-search/src/credentials/require-key';
import { BackendError, BackendUnavailableError } from '../../packages/civic-search/src/search/types';

/**
 * App Search's credentials API and the scoped keys it makes, driven over real HTTP with the official clients against
 * the service on its embedded backend, as a council's search manager and its CMS would use them.
 */

const ROOT_KEY = 'private-credentials-test-root-key';

interface Started {
  service: SearchService;
  url: string;
  stop(): Promise<void>;
}

async function start(dataDir: string, options: { searchNeedsKey?: boolean } = {}): Promise<Started> {
  const service = await createSearchService({
    dataDir,
    privateKey: ROOT_KEY,
    inProcess: true,
    rateLimit: { windowMs: 60_000, limit: 10_000 },
    ...options,
  });
  await service.ready();
  const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    service,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    },
  };
}

/** The status and App Search body the Enterprise Search client rejects with. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof clientErrors.ResponseError, `expected a ResponseError, got ${String(error)}`);
    return { status: error.meta.statusCode ?? 0, body: error.meta.body };
  }
  assert.fail('the call was expected to be refused');
}

const appFor = (url: string, token: string) => new Client({ url, auth: { token } }).app;
/** The key an answer to createApiKey shows (the client's types leave it out). */
const keyOf = (made: unknown) => (made as { key: string }).key;
/** The ids of a search answer's results. */
const idsOf = (answer: unknown) => (answer as { results: Array<{ id?: { raw?: unknown } }> }).results.map((result) => result.id?.raw);

/** Every file under a folder, as bytes. */
async function filesUnder(folder: string): Promise<Array<{ path: string; bytes: Buffer }>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path, bytes: await readFile(path) };
      }),
  );
}

describe('credentials API and scoped keys', () => {
  let dataDir: string;
  let started: Started;
  let root: Client['app'];
  let adminKey: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-credentials-'));
    started = await start(dataDir);
    root = appFor(started.url, ROOT_KEY);
    for (const name of ['parks', 'notices']) await root.createEngine({ body: { name, language: 'en' } });
    await root.indexDocuments({ engine_name: 'parks', documents: [{ id: 'p1', title: 'Granite peaks' }] });
    await root.indexDocuments({ engine_name: 'notices', documents: [{ id: 'n1', title: 'Granite quarry notice' }] });
    // The service's own key may manage credentials, so the first admin key can be made without a console.
    const made = await root.createApiKey({ body: { name: 'council-admin', type: 'admin' } });
    adminKey = (made as unknown as { key: string }).key;
  });
  after(async () => {
    await started.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes, lists a page at a time, gets, updates and deletes keys, showing a key only when it is made', async () => {
    const admin = appFor(started.url, adminKey);
    assert.match(adminKey, /^admin-[A-Za-z0-9_-]{32}$/);
    const made = (await admin.createApiKey({
      body: { name: 'cms-writer', type: 'private', read: true, write: true, access_all_engines: false, engines: ['parks'] },
    })) as unknown as Record<string, unknown>;
    assert.match(String(made.key), /^private-/);
    assert.match(String(made.id), /^[0-9a-f]{24}$/);
    assert.deepEqual(
      { ...made, key: undefined, id: undefined, created_at: undefined },
      {
        key: undefined,
        id: undefined,
        created_at: undefined,
        name: 'cms-writer',
        type: 'private',
        read: true,
        write: true,
        access_all_engines: false,
        engines: ['parks'],
      },
    );
    const search = (await admin.createApiKey({ body: { name: 'site-search', type: 'search', access_all_engines: true } })) as {
      key?: string;
    };
    assert.match(String(search.key), /^search-/);

    const first = await admin.listApiKeys({ page: { current: 1, size: 2 } });
    assert.deepEqual(first.meta.page, { current: 1, total_pages: 2, total_results: 3, size: 2 });
    const second = await admin.listApiKeys({ page: { current: 2, size: 2 } });
    assert.deepEqual(
      [...first.results, ...second.results].map((key) => key.name),
      ['council-admin', 'cms-writer', 'site-search'],
      'listed in the order they were made',
    );
    for (const listed of [...first.results, ...second.results])
      assert.equal((listed as { key?: string }).key, undefined, 'a list never shows a key');
    const got = (await admin.getApiKey({ api_key_name: 'cms-writer' })) as unknown as Record<string, unknown>;
    assert.equal(got.key, undefined);
    assert.deepEqual(got.engines, ['parks']);

    const narrowed = await admin.putApiKey({
      api_key_name: 'cms-writer',
      body: { name: 'cms-writer', type: 'private', read: true, write: false, access_all_engines: false, engines: ['parks'] },
    });
    assert.equal(narrowed.write, false);
    // Narrowed at once: the same key can read, and can no longer write.
    const writer = appFor(started.url, String(made.key));
    assert.deepEqual(await writer.getDocuments({ engine_name: 'parks', documentIds: ['p1'] }), [{ id: 'p1', title: 'Granite peaks' }]);
    assert.equal((await refusal(writer.indexDocuments({ engine_name: 'parks', documents: [{ id: 'p2', title: 'x' }] }))).status, 403);

    assert.deepEqual(await admin.deleteApiKey({ api_key_name: 'cms-writer' }), { deleted: true });
    assert.deepEqual(await refusal(admin.getApiKey({ api_key_name: 'cms-writer' })), {
      status: 404,
      body: { errors: [CREDENTIAL_MESSAGES.notFound] },
    });
    await admin.deleteApiKey({ api_key_name: 'site-search' });
  });

  it('keeps a key scoped to one engine out of every other, with App Search’s body', async () => {
    const admin = appFor(started.url, adminKey);
    const { key } = (await admin.createApiKey({
      body: { name: 'parks-only', type: 'private', read: true, write: true, engines: ['parks'] },
    })) as unknown as { key: string };
    const scoped = appFor(started.url, key);
    assert.deepEqual(await scoped.indexDocuments({ engine_name: 'parks', documents: [{ id: 'p9', title: 'Tarn' }] }), [
      { id: 'p9', errors: [] },
    ]);
    const other = await refusal(scoped.indexDocuments({ engine_name: 'notices', documents: [{ id: 'n9', title: 'x' }] }));
    assert.deepEqual(other, { status: 403, body: { error: 'This key has no access to this engine.' } });
    assert.equal((await refusal(scoped.getDocuments({ engine_name: 'notices', documentIds: ['n1'] }))).status, 403);
    assert.equal((await refusal(scoped.deleteEngine({ engine_name: 'notices' }))).status, 403);
    assert.equal(
      (await refusal(scoped.createEngine({ body: { name: 'made-by-scoped' } }))).status,
      403,
      'making an engine needs a key for all engines',
    );
    assert.equal((await root.getEngine({ engine_name: 'notices' })).document_count, 1, 'nothing reached the other engine');
    // The older client, with the same key.
    const older = new AppSearchClient(undefined, key, () => `${started.url}/api/as/v1/`);
    const messages = await older.indexDocuments('notices', [{ id: 'n9', title: 'x' }]).then(
      () => assert.fail('the older client was let write'),
      (error: Error & { errorMessages?: string[] }) => error.errorMessages,
    );
    assert.deepEqual(messages, ['This key has no access to this engine.']);
    await admin.deleteApiKey({ api_key_name: 'parks-only' });
  });

  it('lets a search key search but never write or read documents, and an admin key only manage credentials', async () => {
    const admin = appFor(started.url, adminKey);
    const { key } = (await admin.createApiKey({ body: { name: 'searcher', type: 'search', access_all_engines: true } })) as unknown as {
      key: string;
    };
    const searcher = appFor(started.url, key);
    const found = await searcher.search({ engine_name: 'parks', body: { query: 'granite' } });
    assert.deepEqual(idsOf(found), ['p1']);
    assert.deepEqual(await refusal(searcher.indexDocuments({ engine_name: 'parks', documents: [{ id: 'p3', title: 'x' }] })), {
      status: 403,
      body: { error: 'A search key can only search.' },
    });
    assert.equal((await refusal(searcher.getDocuments({ engine_name: 'parks', documentIds: ['p1'] }))).status, 403);
    assert.equal((await refusal(searcher.listApiKeys())).status, 403);
    assert.equal((await refusal(admin.indexDocuments({ engine_name: 'parks', documents: [{ id: 'p3', title: 'x' }] }))).status, 403);
    const privateKey = (await admin.createApiKey({
      body: { name: 'all-rw', type: 'private', read: true, write: true, access_all_engines: true },
    })) as unknown as { key: string };
    assert.deepEqual(await refusal(appFor(started.url, privateKey.key).listApiKeys()), {
      status: 403,
      body: { error: 'Only an admin key can manage credentials.' },
    });
    await admin.deleteApiKey({ api_key_name: 'searcher' });
    await admin.deleteApiKey({ api_key_name: 'all-rw' });
  });

  it('stops a deleted key at once, here and in another process sharing the data folder', async () => {
    const admin = appFor(started.url, adminKey);
    const { key } = (await admin.createApiKey({
      body: { name: 'short-lived', type: 'private', read: true, access_all_engines: true },
    })) as unknown as { key: string };
    const reader = appFor(started.url, key);
    assert.equal((await reader.getEngine({ engine_name: 'parks' })).name, 'parks');
    // A second process's view of the same keys, already holding this one in its cache.
    const store = openDataFolderOperatorStore(dataDir);
    try {
      const elsewhere = new Credentials(store, 'private-another-process-root-key');
      assert.equal((await elsewhere.grantFor(key))?.read, true);
      await admin.deleteApiKey({ api_key_name: 'short-lived' });
      assert.deepEqual(await refusal(reader.getEngine({ engine_name: 'parks' })), { status: 401, body: { error: MESSAGES.invalidToken } });
      assert.equal(await elsewhere.grantFor(key), undefined);
    } finally {
      await store.close();
    }
  });

  it('keeps no key in the data folder in a form that could be used', async () => {
    const admin = appFor(started.url, adminKey);
    const keys = [adminKey];
    for (const [name, type] of [
      ['kept-private', 'private'],
      ['kept-search', 'search'],
      ['kept-admin', 'admin'],
    ] as const) {
      const body =
        type === 'private'
          ? { name, type, read: true, write: true, access_all_engines: true }
          : type === 'search'
            ? { name, type, engines: ['parks'] }
            : { name, type };
      keys.push(keyOf(await admin.createApiKey({ body })));
    }
    const files = await filesUnder(dataDir);
    assert.ok(
      files.some((file) => file.path.endsWith('operator.db')),
      'the keys are kept in the data folder',
    );
    for (const key of keys) {
      for (const { path, bytes } of files) {
        assert.ok(!bytes.includes(key), `${path} holds a key as it was given`);
        assert.ok(!bytes.includes(key.slice(key.indexOf('-') + 1)), `${path} holds a key without its prefix`);
      }
    }
    for (const name of ['kept-private', 'kept-search', 'kept-admin']) await admin.deleteApiKey({ api_key_name: name });
  });

  it('refuses keys that could not work, with App Search’s error bodies', async () => {
    const admin = appFor(started.url, adminKey);
    const problems = async (body: unknown) => refusal(admin.createApiKey({ body: body as never }));
    assert.deepEqual(await problems({ name: 'x', type: 'private', access_all_engines: true }), {
      status: 400,
      body: { errors: [CREDENTIAL_MESSAGES.readWrite] },
    });
    assert.deepEqual(await problems({ name: 'x', type: 'search', engines: ['nowhere'] }), {
      status: 400,
      body: { errors: [unknownEngine('nowhere')] },
    });
    assert.deepEqual(await problems({ name: 'has space', type: 'owner' }), {
      status: 400,
      body: { errors: [CREDENTIAL_MESSAGES.name, CREDENTIAL_MESSAGES.type] },
    });
    assert.deepEqual(await problems({ name: 'x', type: 'search' }), { status: 400, body: { errors: [CREDENTIAL_MESSAGES.engines] } });
    assert.deepEqual(await problems({ name: 'council-admin', type: 'admin' }), {
      status: 400,
      body: { errors: [CREDENTIAL_MESSAGES.nameTaken] },
    });
    assert.deepEqual(
      await refusal(
        admin.putApiKey({ api_key_name: 'council-admin', body: { name: 'council-admin', type: 'search', access_all_engines: true } }),
      ),
      { status: 400, body: { errors: [CREDENTIAL_MESSAGES.typeChange] } },
    );
    assert.equal((await refusal(appFor(started.url, 'admin-not-a-real-key-000000000000').listApiKeys())).status, 401);
  });

  it('lets the service’s own key go on doing everything, as before', async () => {
    assert.equal((await root.getEngine({ engine_name: 'parks' })).name, 'parks');
    assert.ok((await root.listApiKeys()).results.length >= 1);
  });
});

describe('search needs a search key, when the operator says so', () => {
  let dataDir: string;
  let started: Started;
  let searchKey: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-search-key-'));
    started = await start(dataDir, { searchNeedsKey: true });
    const root = appFor(started.url, ROOT_KEY);
    for (const name of ['parks', 'notices']) {
      await root.createEngine({ body: { name } });
      await root.indexDocuments({ engine_name: name, documents: [{ id: `${name}-1`, title: 'Granite' }] });
    }
    searchKey = keyOf(await root.createApiKey({ body: { name: 'parks-search', type: 'search', engines: ['parks'] } }));
  });
  after(async () => {
    await started.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, token?: string) =>
    fetch(`${started.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ query: 'granite' }),
    });

  it('refuses a search at the App Search path without a key, and answers one with a search key for that engine only', async () => {
    const missing = await post('/api/as/v1/engines/parks/search');
    assert.equal(missing.status, 401);
    assert.deepEqual(await missing.json(), { error: MESSAGES.signInRequired });
    const searched = await appFor(started.url, searchKey).search({ engine_name: 'parks', body: { query: 'granite' } });
    assert.deepEqual(idsOf(searched), ['parks-1']);
    assert.equal((await post('/api/as/v1/engines/notices/search.json', searchKey)).status, 403);
    assert.equal((await post('/api/as/v1/engines/parks/query_suggestion', searchKey)).status, 200);
  });

  it('keeps the elements’ own search path open to visitors', async () => {
    const answer = await post('/_search-proxy/api/as/v1/engines/parks/search.json');
    assert.equal(answer.status, 200);
    assert.equal(((await answer.json()) as { results: unknown[] }).results.length, 1);
  });
});

describe('a key that cannot be checked', () => {
  // Keys kept in a cluster that cannot be reached: the key is neither let in nor refused as unknown.
  const app = (failure: Error) => {
    const keys = { grantFor: () => Promise.reject(failure) };
    const site = new Hono();
    site.get('/engines', requireKey({ keys, access: 'read' }), (c) => c.json({ ok: true }));
    return site;
  };
  const askWithKey = (site: Hono) => site.request('/engines', { headers: { Authorization: 'Bearer private-anykey' } });

  it('is answered 503 while the store is unavailable, 502 when it failed otherwise, never let through', async () => {
    const unavailable = await askWithKey(app(new BackendUnavailableError('OpenSearch is unreachable')));
    assert.equal(unavailable.status, 503);
    assert.deepEqual(await unavailable.json(), { error: 'The key cannot be checked right now: OpenSearch is unreachable' });
    const failed = await askWithKey(app(new BackendError('OpenSearch answered 500 (exception)')));
    assert.equal(failed.status, 502);
  });
});
