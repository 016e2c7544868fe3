/**
 * The operator's records (search settings, synonyms, curations, meta engines, keys) in a live OpenSearch 2.19 node
 * started from Maven Central's artifacts (test/cluster): the store contract the SQLite store also keeps, and two
 * `civic-search serve` processes on one cluster that see each other's changes. Skipped, saying why, where Java 17
 * or Maven is missing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenSearchClient, opensearchConfigFromEnv } from '../../packages/civic-search/src/search/opensearch';
import type { ClusterClient } from '../../packages/civic-search/src/search/cluster';
import { BackendUnavailableError } from '../../packages/civic-search/src/search/types';
import { openClusterOperatorStore } from '../../packages/civic-search/src/operator-state';
import { clusterUnavailableReason } from '../cluster/cluster';
import { openClusterLink, type ClusterLink } from '../cluster/cluster-link';
import { sharedCluster, type SharedCluster } from '../cluster/shared-cluster';
import { operatorStoreContract } from './operator-store-contract';
import { startServe, type ServeProcess } from './serve-process';

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED the operator store on a live OpenSearch cluster (contract, two processes): ${unavailable}`);

const KEY = 'private-operator-key-0123456789abcdef';
/**
 * A change made through one process is in effect in the other once that one's cached revision has expired
 * (CLUSTER_REVISION_TTL_MS, 300 ms) and a search has run: within a second on a quiet machine; a busy two-core
 * machine adds its own delay, so the test allows two and prints what it measured.
 */
const IN_EFFECT_WITHIN_MS = 2_000;
/** Documents become searchable after the index's refresh (every second), plus the machine's delay. */
const DOCUMENTS_WITHIN_MS = 10_000;

/** With the cluster stopped, a key check and a search are answered this fast at most (connections are refused). */
const CLUSTER_DOWN_ANSWER_MS = 5_000;
/** The client finds the restarted node again after its dead-node back-off, on a busy machine. */
const CLUSTER_BACK_WITHIN_MS = 60_000;

/** Polls `check` until it holds; answers how long that took, or fails after `withinMs`. */
async function within(what: string, withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - started);
    if (performance.now() - started > withinMs) assert.fail(`${what}: not in effect within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A port nothing listens on: one the system gave and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the operator store with no cluster to reach', () => {
  it('fails at once as the backend being unavailable, never hangs', async () => {
    const client = createOpenSearchClient(opensearchConfigFromEnv({ OPENSEARCH_URL: `http://127.0.0.1:${await closedPort()}` }));
    try {
      const started = performance.now();
      await assert.rejects(openClusterOperatorStore({ client, indexPrefix: 'nowhere' }), BackendUnavailableError);
      assert.ok(performance.now() - started < 5_000, 'refused within the store’s request timeout');
    } finally {
      await client.close();
    }
  });
});

describe('operator state in a live OpenSearch cluster', { skip: unavailable }, () => {
  let cluster: SharedCluster | undefined;
  const clients: ClusterClient[] = [];
  const env: NodeJS.ProcessEnv = {};
  before(async () => {
    cluster = await sharedCluster();
    env.OPENSEARCH_URL = cluster.urls.join(',');
    // One node holds no replicas: with none asked for, its indexes are green and it comes back green after a restart.
    env.OPENSEARCH_REPLICAS = '0';
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await cluster?.close();
  });

  let places = 0;
  // Each handle has a client of its own, as another process would.
  operatorStoreContract('an index of a live OpenSearch node', async () => {
    const indexPrefix = `operator-${process.pid}-${places++}`;
    return {
      open: () => {
        const client = createOpenSearchClient(opensearchConfigFromEnv(env));
        clients.push(client);
        return openClusterOperatorStore({ client, indexPrefix });
      },
    };
  });

  describe('two serve processes on one cluster', () => {
    const servers: ServeProcess[] = [];
    const dirs: string[] = [];
    // The processes reach the node through a link the last test cuts: the node is shared with other test files.
    let link: ClusterLink | undefined;
    before(async () => {
      const prefix = `operator-shared-${process.pid}`;
      link = await openClusterLink(cluster!.urls[0]!);
      for (let i = 0; i < 2; i++) {
        const dir = await mkdtemp(join(tmpdir(), 'civic-operator-'));
        dirs.push(dir);
        const serveEnv = { ...env, OPENSEARCH_URL: link.url, OPENSEARCH_INDEX_PREFIX: prefix };
        servers.push(await startServe(['--backend', 'opensearch', '--data', dir], serveEnv, KEY));
      }
    });
    after(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await link?.close();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    const ids = (answer: { status: number; body: unknown }) => {
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return (answer.body as { results: { id: { raw: string } }[] }).results.map((result) => result.id.raw);
    };
    const ok = (answer: { status: number; body: unknown }) => {
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body as Record<string, unknown>;
    };

    it('puts a synonym, a curation, a search setting, a meta engine and a key made through one in effect in the other, and a deleted key out', async () => {
      const [one, two] = servers as [ServeProcess, ServeProcess];
      const search = (query: string) => two.api('POST', '/engines/council/search', { query });
      ok(await one.api('POST', '/engines', { name: 'council', language: 'en' }));
      ok(
        await one.api('POST', '/engines/council/documents', [
          { id: 'bins', title: 'Kerbside rubbish collection', body: 'Bins go out on Monday night' },
          { id: 'ferry', title: 'Ferry timetable', body: 'Sailings from the harbour wharf' },
          { id: 'pay-rates', title: 'Pay your rates', body: 'Rates instalments are due each quarter' },
          { id: 'rates-2019', title: 'Rates archive 2019', body: 'Rates rates rates for 2019' },
        ]),
      );
      // Each shard of the engine's index refreshes on its own: wait until every page is searchable.
      // The other process learns of the new engine from the cluster's catalog (404 until then), then of its pages,
      // and of the fields the pages brought (a text search reads those) at its next read of the catalog.
      await within('the documents and their fields', DOCUMENTS_WITHIN_MS, async () => {
        const found = await search('');
        if (found.status !== 200 || ids(found).length !== 4) return false;
        const rates = await search('rates');
        return rates.status === 200 && ids(rates).includes('rates-2019');
      });
      assert.ok(!ids(await search('refuse')).includes('bins'), 'no page says "refuse" before the synonym');

      ok(await one.api('POST', '/engines/council/synonyms', { synonyms: ['rubbish', 'refuse'] }));
      const synonym = await within('a synonym set', IN_EFFECT_WITHIN_MS, async () => ids(await search('refuse')).includes('bins'));

      ok(await one.api('POST', '/engines/council/curations', { queries: ['rates'], promoted: ['ferry'], hidden: ['rates-2019'] }));
      const curation = await within('a curation', IN_EFFECT_WITHIN_MS, async () => {
        const found = ids(await search('rates'));
        return found[0] === 'ferry' && !found.includes('rates-2019');
      });

      // Searching titles only: a word found only in a page's body finds nothing any more.
      ok(await one.api('PUT', '/engines/council/search_settings', { search_fields: { title: { weight: 1 } } }));
      const setting = await within('a search setting', IN_EFFECT_WITHIN_MS, async () => ids(await search('harbour')).length === 0);
      assert.deepEqual(ids(await search('ferry')), ['ferry'], 'titles are still searched');

      ok(await one.api('POST', '/engines', { name: 'everything', type: 'meta', source_engines: ['council'] }));
      const meta = await within('a meta engine', IN_EFFECT_WITHIN_MS, async () => {
        const answer = await two.api('POST', '/engines/everything/search', { query: 'ferry' });
        return answer.status === 200 && ids(answer).includes('council|ferry');
      });

      const made = ok(
        await one.api('POST', '/credentials', { name: 'cms', type: 'private', read: true, write: true, access_all_engines: true }),
      );
      const cmsKey = made.key as string;
      const readWithKey = () =>
        fetch(`${two.origin}/api/as/v1/engines/council/documents?ids[]=bins`, { headers: { Authorization: `Bearer ${cmsKey}` } });
      const keyWorks = await within('a new key', IN_EFFECT_WITHIN_MS, async () => (await readWithKey()).status === 200);
      ok(await one.api('DELETE', '/credentials/cms'));
      const keyGone = await within('a deleted key', IN_EFFECT_WITHIN_MS, async () => (await readWithKey()).status === 401);

      console.log(
        `# in effect through the other process after: synonym ${synonym} ms, curation ${curation} ms, search setting ${setting} ms, meta engine ${meta} ms, ` +
          `new key ${keyWorks} ms, deleted key refused ${keyGone} ms`,
      );
    });

    // Last: it cuts the processes off from the cluster.
    it('answers 503 at once, never hangs, while the cluster cannot be reached, and works again when it can', async () => {
      const [one, two] = servers as [ServeProcess, ServeProcess];
      await link!.cut();
      const started = performance.now();
      const keys = await two.api('GET', '/credentials');
      const searched = await one.api('POST', '/engines/council/search', { query: 'rates' });
      const synonyms = await one.api('GET', '/engines/council/synonyms');
      const elapsed = Math.round(performance.now() - started);
      assert.equal(synonyms.status, 503, JSON.stringify(synonyms.body));
      assert.equal(keys.status, 503, JSON.stringify(keys.body));
      assert.match(JSON.stringify(keys.body), /OpenSearch is unreachable/);
      assert.equal(searched.status, 503, JSON.stringify(searched.body));
      assert.ok(Array.isArray((searched.body as { errors: unknown }).errors));
      assert.ok(elapsed < CLUSTER_DOWN_ANSWER_MS, `answered in ${elapsed} ms`);

      await link!.restore();
      const back = await within('keys and rules after the cluster is back', CLUSTER_BACK_WITHIN_MS, async () => {
        const [listed, found] = await Promise.all([
          two.api('GET', '/credentials'),
          one.api('POST', '/engines/council/search', { query: 'refuse' }),
        ]);
        return listed.status === 200 && found.status === 200 && ids(found).includes('bins');
      });
      console.log(
        `# cluster unreachable: a key check and a search answered 503 in ${elapsed} ms together; both back ${back} ms after it could be reached`,
      );
    });
  });
});
