import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBrowser, serveOverHttp, TRUSTED_CLIENT_HEADER } from './support/console-browser';
import {
  createSearchService,
  type SearchService,
  type SearchServiceOptions,
} from '../../packages/civic-search/src/service/create-search-service';
import { openSqliteOperatorStore, SERVICE_SCOPE, type OperatorStore } from '../../packages/civic-search/src/operator-state';
import { BackendUnavailableError } from '../../packages/civic-search/src/search/types';
import { SESSIONS_COLLECTION, type StoredSession } from '../../packages/civic-search/src/console/sessions';
import { clusterUnavailableReason } from '../cluster/cluster';
import { sharedCluster, type SharedCluster } from '../cluster/shared-cluster';

/**
 * Console sessions shared by every process serving one operator store, tried as an attacker would: a session made
 * on one process is used on another; signing out on one ends it on the other; an expired one is refused on both and
 * deleted; a record copied from the store is no session; a restart signs nobody out; and neither the session id nor
 * the CSRF token is anywhere in the data folder. Two embedded services cannot share one data folder (the engine
 * store locks it), so the embedded case is one service restarted on its folder, and the two-process case runs on a
 * live OpenSearch cluster.
 */

const ROOT_KEY = 'private-console-shared-sessions-root';
const HOUR = 60 * 60_000;

interface Running {
  service: SearchService;
  url: string;
  close(): Promise<void>;
}

async function run(options: SearchServiceOptions): Promise<Running> {
  const service = await createSearchService({ privateKey: ROOT_KEY, inProcess: true, trustProxy: TRUSTED_CLIENT_HEADER, ...options });
  await service.ready();
  const server = await serveOverHttp(service.fetch);
  return {
    service,
    url: server.url,
    close: async () => {
      await server.close();
      await service.close();
    },
  };
}

/** The session records in the store: what whoever reads its file or index gets. */
const storedSessions = (store: OperatorStore) => store.collection<StoredSession>(SESSIONS_COLLECTION).all(SERVICE_SCOPE);

/** Moves a stored session's times back by `ms`, as if it had been left that long. */
async function age(store: OperatorStore, ms: number): Promise<void> {
  const sessions = store.collection<StoredSession>(SESSIONS_COLLECTION);
  for (const { id, value } of await sessions.all(SERVICE_SCOPE)) {
    await sessions.put(SERVICE_SCOPE, id, { ...value, createdAt: value.createdAt - ms, lastSeenAt: value.lastSeenAt - ms });
  }
}

/** Every file under `dir`, read as bytes. */
async function filesUnder(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const found: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ path, bytes: await readFile(path) });
  }
  return found;
}

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));

describe('console sessions of an embedded service, in its data folder', () => {
  let dataDir: string;
  let running: Running | undefined;
  const browser = consoleBrowser(() => running!.url);
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'console-shared-sessions-'));
    running = await run({ dataDir, engines: [{ name: 'parks', documents: [{ id: 'p1', title: 'Parks' }] }] });
  });
  after(async () => {
    await running?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keep neither the session id nor the CSRF token anywhere in the data folder', async () => {
    const { cookie, csrf } = await browser.signIn(ROOT_KEY);
    const id = sessionIdOf(cookie);
    assert.equal((await storedSessions(running!.service.operatorStore)).length, 1, 'the session is in the store');
    const files = await filesUnder(dataDir);
    assert.ok(files.some(({ path }) => path.endsWith('operator.db')));
    for (const { path, bytes } of files) {
      for (const secret of [id, csrf, ROOT_KEY]) assert.equal(bytes.indexOf(secret), -1, `${path} holds a secret of the session`);
    }
  });

  it('outlive a restart of the service: the same cookie and token still work', async () => {
    const { cookie, csrf } = await browser.signIn(ROOT_KEY);
    await running!.close();
    running = undefined;
    running = await run({ dataDir });
    const home = await browser.call('/console', { cookie });
    assert.equal(home.status, 200);
    assert.match(home.body, new RegExp(`name="csrf" value="${csrf}"`));
    const out = await browser.call('/console/sign-out', { cookie, form: { csrf } });
    assert.equal(out.location, '/console/sign-in?signed-out');
  });

  it('refuse a record copied from the store, presented as a cookie or as a key', async () => {
    const { cookie } = await browser.signIn(ROOT_KEY);
    const records = await storedSessions(running!.service.operatorStore);
    assert.ok(records.length > 0);
    for (const { id, value } of records) {
      for (const forged of [id, value.sealedKey]) {
        const page = await browser.call('/console', { cookie: `civic_console=${forged}` });
        assert.equal(page.status, 303);
        assert.equal(page.location, '/console/sign-in?expired');
        const api = await fetch(`${running!.url}/api/as/v1/engines`, { headers: { Authorization: `Bearer ${forged}` } });
        assert.equal(api.status, 401);
      }
    }
    assert.equal((await browser.call('/console', { cookie })).status, 200, 'the real cookie still works');
  });
});

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED console sessions shared by two services on a live OpenSearch cluster: ${unavailable}`);

describe('console sessions shared by two services on a live OpenSearch cluster', { skip: unavailable }, () => {
  let cluster: SharedCluster | undefined;
  const running: Running[] = [];
  const dirs: string[] = [];
  const one = consoleBrowser(() => running[0]!.url);
  const two = consoleBrowser(() => running[1]!.url);
  let indexPrefix: string;
  before(async () => {
    cluster = await sharedCluster();
    indexPrefix = `sessions${process.pid}`;
    const env = { OPENSEARCH_URL: cluster.urls.join(','), OPENSEARCH_REPLICAS: '0', OPENSEARCH_INDEX_PREFIX: indexPrefix };
    for (let i = 0; i < 2; i++) {
      const dir = await mkdtemp(join(tmpdir(), 'console-cluster-sessions-'));
      dirs.push(dir);
      running.push(await run({ dataDir: dir, backend: 'opensearch', env, analytics: { enabled: false } }));
    }
  });
  after(async () => {
    await Promise.all(running.map((service) => service.close()));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await cluster?.close();
  });
  const store = () => running[0]!.service.operatorStore;

  it('a session made on one works on the other, with the same CSRF token, and only with it', async () => {
    const { cookie, csrf } = await one.signIn(ROOT_KEY);
    const there = await two.call('/console', { cookie });
    assert.equal(there.status, 200);
    assert.match(there.body, new RegExp(`name="csrf" value="${csrf}"`));
    const forged = await two.call('/console/sign-out', { cookie, form: { csrf: `${csrf}x` } });
    assert.equal(forged.status, 403, 'a wrong token is refused there too');
    const out = await two.call('/console/sign-out', { cookie, form: { csrf } });
    assert.equal(out.location, '/console/sign-in?signed-out');
  });

  it('signing out on one ends the session on the other, and deletes it from the store', async () => {
    const { cookie, csrf } = await one.signIn(ROOT_KEY);
    assert.equal((await two.call('/console', { cookie })).status, 200);
    const out = await one.call('/console/sign-out', { cookie, form: { csrf } });
    assert.equal(out.location, '/console/sign-in?signed-out');
    const after = await two.call('/console', { cookie });
    assert.equal(after.status, 303);
    assert.equal(after.location, '/console/sign-in?expired');
    const change = await two.call('/console/sign-out', { cookie, form: { csrf } });
    assert.equal(change.status, 401);
    assert.equal((await storedSessions(store())).length, 0);
  });

  it('an expired session is refused on both and gone from the store', async () => {
    const { cookie } = await one.signIn(ROOT_KEY);
    await age(store(), 9 * HOUR);
    for (const browser of [two, one]) {
      const page = await browser.call('/console', { cookie });
      assert.equal(page.status, 303);
      assert.equal(page.location, '/console/sign-in?expired');
    }
    assert.equal((await storedSessions(store())).length, 0);
  });

  it('the cluster holds neither the session id, nor the key, nor the CSRF token, and a copied record is no session', async () => {
    const { cookie, csrf } = await one.signIn(ROOT_KEY);
    const id = sessionIdOf(cookie);
    const raw = await (await fetch(`${cluster!.urls[0]}/${indexPrefix}-*/_search?size=1000`)).text();
    assert.match(raw, /console_sessions/, 'the session is in the operator index');
    for (const secret of [id, csrf, ROOT_KEY]) assert.ok(!raw.includes(secret), 'a secret of the session is in the cluster');
    for (const { id: recordId } of await storedSessions(store())) {
      const page = await two.call('/console', { cookie: `civic_console=${recordId}` });
      assert.equal(page.location, '/console/sign-in?expired');
    }
  });
});

describe('console sessions while the store cannot be reached', () => {
  let dataDir: string;
  let store: OperatorStore;
  let running: Running | undefined;
  let away = false;
  const browser = consoleBrowser(() => running!.url);
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'console-sessions-away-'));
    store = openSqliteOperatorStore(join(dataDir, 'operator.db'));
    // The sessions' collection fails as a cluster out of reach does, while `away` is set.
    const reachable: OperatorStore = {
      kind: store.kind,
      revisionTtlMs: store.revisionTtlMs,
      revision: () => store.revision(),
      close: () => store.close(),
      collection<T>(name: string) {
        const inner = store.collection<T>(name);
        if (name !== SESSIONS_COLLECTION) return inner;
        const guarded =
          <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
          async (...args: A) => {
            if (away) throw new BackendUnavailableError('OpenSearch is unreachable');
            return call(...args);
          };
        return {
          get: guarded(inner.get),
          list: guarded(inner.list),
          all: guarded(inner.all),
          put: guarded(inner.put),
          create: guarded(inner.create),
          delete: guarded(inner.delete),
          deleteScope: guarded(inner.deleteScope),
        };
      },
    };
    running = await run({ dataDir, operatorStore: reachable, engines: [{ name: 'parks', documents: [{ id: 'p1', title: 'Parks' }] }] });
  });
  after(async () => {
    await running?.close();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answer 503 saying so, sign nobody out, and work again when it is back', async () => {
    const { cookie, csrf } = await browser.signIn(ROOT_KEY);
    away = true;
    try {
      for (const answer of [
        await browser.call('/console', { cookie }),
        await browser.call('/console/sign-out', { cookie, form: { csrf } }),
      ]) {
        assert.equal(answer.status, 503);
        assert.match(answer.body, /The console cannot be used right now/);
        assert.match(answer.body, /OpenSearch is unreachable/);
        assert.equal(answer.cookie, null, 'the cookie is left as it is');
      }
    } finally {
      away = false;
    }
    assert.equal((await browser.call('/console', { cookie })).status, 200, 'the same session works again');
  });
});
