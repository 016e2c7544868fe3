/**
 * Analytics kept in a cluster: the index layout; what recording and reports do when the cluster cannot be
 * reached (no Java needed); then, on a live one-node OpenSearch cluster (test/cluster), the store contract every
 * analytics store answers, and two `civic-search serve` processes on one cluster reporting the same figures.
 * The live part is skipped, saying why, where Java 17 or Maven is missing.
 */
import { after, before, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@elastic/enterprise-search';
import { createSearchService } from 'civic-search';
import { AnalyticsStoreUnavailableError, OTHER_QUERIES, openClusterAnalyticsStore } from '../../packages/civic-search/src/analytics';
import { analyticsIndex, analyticsPattern, indexSpan } from '../../packages/civic-search/src/analytics/cluster-layout';
import { createOpenSearchClient } from '../../packages/civic-search/src/search/opensearch';
import { clusterUnavailableReason } from '../cluster/cluster';
import { sharedCluster, type SharedCluster } from '../cluster/shared-cluster';
import { analyticsStoreContract, at, search, wholeRange } from './analytics-store-contract';
import { startServe, type ServeProcess } from './serve-process';

const KEY = 'private-analytics-cluster-key-0123';

describe('analytics index layout', () => {
  it('names monthly event indices and daily API log and client indices, and reads their time back', () => {
    const when = at('2025-02-28T23:59:59.999Z');
    assert.equal(analyticsIndex('civic', 'events', when), 'civic-analytics-events-2025.02');
    assert.equal(analyticsIndex('civic', 'api', when), 'civic-analytics-api-2025.02.28');
    assert.equal(analyticsIndex('civic', 'clients', when), 'civic-analytics-clients-2025.02.28');
    assert.deepEqual(indexSpan('civic', 'events', 'civic-analytics-events-2025.02'), { from: at('2025-02-01'), to: at('2025-03-01') - 1 });
    assert.deepEqual(indexSpan('civic', 'api', 'civic-analytics-api-2025.02.28'), { from: at('2025-02-28'), to: at('2025-03-01') - 1 });
    assert.equal(indexSpan('civic', 'events', 'civic-analytics-events-2025.02.28'), undefined, 'not a monthly name');
    assert.equal(indexSpan('civic', 'events', 'other-analytics-events-2025.02'), undefined, 'another prefix');
  });

  it("keeps its patterns off engines' indices: an engine name holds no dot", () => {
    assert.equal(analyticsPattern('civic', 'events'), 'civic-analytics-events-*.*');
  });
});

/** An address nothing listens on. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('analytics in a cluster that cannot be reached', () => {
  it('drops recorded events with a count and a log line, never a visitor error; reports answer 503', async () => {
    const store = openClusterAnalyticsStore({
      client: createOpenSearchClient({ url: await deadAddress(), indexPrefix: 'civic' }),
      indexPrefix: 'civic',
    });
    await assert.rejects(store.topQueries({ engine: 'site', range: wholeRange, limit: 10 }), AnalyticsStoreUnavailableError);
    const logged = mock.method(console, 'error', () => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'analytics-cluster-down-'));
    const service = await createSearchService({
      engines: [{ name: 'site', documents: [{ id: 'rates', title: 'Pay your rates' }] }],
      dataDir: dir,
      privateKey: KEY,
      inProcess: true,
      analytics: { store },
    });
    try {
      await service.ready();
      const searched = await service.fetch(
        new Request('http://local/api/as/v1/engines/site/search', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"query":"rates"}',
        }),
      );
      assert.equal(searched.status, 200, 'the visitor is answered');
      await service.analytics!.flush();
      assert.equal(service.analytics!.counters().dropped, 2, 'the search and its API log entry');
      assert.match(
        logged.mock.calls.map((call) => String(call.arguments[0])).join('\n'),
        /analytics store failed to write \(Analytics are unavailable right now: OpenSearch: unreachable\)/,
      );
      const report = await service.fetch(
        new Request('http://local/api/as/v1/engines/site/analytics/queries', {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}` },
        }),
      );
      assert.equal(report.status, 503);
      assert.deepEqual(await report.json(), { errors: ['Analytics are unavailable right now: OpenSearch: unreachable'] });
    } finally {
      logged.mock.restore();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED the live cluster analytics tests (store contract, two processes): ${unavailable}`);

describe('analytics on a live OpenSearch cluster', { skip: unavailable }, () => {
  let cluster: SharedCluster | undefined;
  let stores = 0;
  before(async () => {
    cluster = await sharedCluster();
  });
  after(() => cluster?.close());

  analyticsStoreContract({
    name: 'OpenSearch',
    // Each case under a prefix of its own: an empty store, in one cluster.
    open: async (limits) => {
      const indexPrefix = `contract${(stores += 1)}x${process.pid}`;
      return openClusterAnalyticsStore({
        client: createOpenSearchClient({ url: cluster!.urls, indexPrefix }),
        indexPrefix,
        replicas: 0,
        limits,
      });
    },
  });

  it("shares a day's bound on terms between processes: what one kept leaves the other less room", async () => {
    const indexPrefix = `daycaps${process.pid}`;
    const open = () =>
      openClusterAnalyticsStore({
        client: createOpenSearchClient({ url: cluster!.urls, indexPrefix }),
        indexPrefix,
        replicas: 0,
        limits: { maxQueriesPerDay: 5 },
      });
    const [one, two] = [open(), open()];
    try {
      const when = at('2025-05-05T08:00:00Z');
      await one.record({ searches: ['a', 'b', 'c'].map((term) => search(term, when)), clicks: [], apiCalls: [] });
      await two.record({ searches: ['d', 'e', 'f', 'g', 'a'].map((term) => search(term, when)), clicks: [], apiCalls: [] });
      const rows = await one.topQueries({ engine: 'site', range: wholeRange, limit: 10 });
      assert.deepEqual(
        rows.map((row) => [row.term, row.queries]),
        [
          [OTHER_QUERIES, 2],
          ['a', 2],
          ['b', 1],
          ['c', 1],
          ['d', 1],
          ['e', 1],
        ],
      );
    } finally {
      await one.close();
      await two.close();
    }
  });

  describe('two serve processes on one cluster', () => {
    const servers: ServeProcess[] = [];
    const dirs: string[] = [];
    before(async () => {
      const env = { OPENSEARCH_URL: cluster!.urls.join(','), OPENSEARCH_REPLICAS: '0', OPENSEARCH_INDEX_PREFIX: `shared${process.pid}` };
      for (let i = 0; i < 2; i++) {
        const dir = await mkdtemp(join(tmpdir(), 'civic-serve-analytics-'));
        dirs.push(dir);
        servers.push(await startServe(['--backend', 'opensearch', '--data', dir], env, KEY));
      }
    });
    after(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('report the same figures for searches made through both', async () => {
      const [one, two] = servers as [ServeProcess, ServeProcess];
      assert.equal((await one.api('POST', '/engines', { name: 'council', language: 'en' })).status, 200);
      const put = await one.api('POST', '/engines/council/documents', [
        { id: 'rates', title: 'Pay your rates' },
        { id: 'bins', title: 'Rubbish bins' },
      ]);
      assert.equal(put.status, 200, JSON.stringify(put.body));
      /** A visitor's search (no key: the operator's own calls are not recorded); its number of results, -1 if refused. */
      const visitor = async (server: ServeProcess, query: string, recorded = true) => {
        const response = await fetch(`${server.origin}/api/as/v1/engines/council/search`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, ...(!recorded && { record_analytics: false }) }),
        });
        if (response.status !== 200) return -1;
        return ((await response.json()) as { meta: { page: { total_results: number } } }).meta.page.total_results;
      };
      // The second process knows the engine once it has read the catalog, and finds the pages once indexed
      // (these searches ask not to be recorded, as App Search lets a search do).
      for (const server of [one, two]) while ((await visitor(server, 'rates', false)) < 1);
      const planned: [ServeProcess, string][] = [
        [one, 'rates'],
        [two, 'rates'],
        [two, 'bins'],
        [one, 'xyzzy'],
        [two, 'xyzzy'],
        [one, 'rates'],
      ];
      for (const [server, query] of planned) assert.notEqual(await visitor(server, query), -1);
      const lastSearch = Date.now();

      const clients = servers.map((server) => new Client({ url: server.origin, auth: { token: KEY } }));
      const today = new Date().toISOString().slice(0, 10);
      const report = async (client: Client) => {
        const top = await client.app.getTopQueriesAnalytics({ engine_name: 'council', body: { page: { size: 20 } } });
        const noResults = await client.app.getTopQueriesAnalytics({ engine_name: 'council', body: { filters: { results: false } } });
        const counts = await client.app.getCountAnalytics({
          engine_name: 'council',
          body: { filters: { date: { from: today, to: today } } },
        });
        return { top: top.results, noResults: noResults.results, counts: counts.results };
      };
      /** Polls both processes' reports until they agree on `expected`; how long after `since` that was. */
      const agreeOn = async (expected: Record<string, number>, since: number) => {
        for (;;) {
          const [first, second] = await Promise.all(clients.map(report));
          const counted = Object.fromEntries(first!.top.map((row) => [row.term, row.queries]));
          if (JSON.stringify(counted) === JSON.stringify(expected) && JSON.stringify(first) === JSON.stringify(second)) {
            return { shownAfter: Date.now() - since, figures: first! };
          }
          assert.ok(Date.now() - since < 30_000, `the two processes' reports did not agree: ${JSON.stringify([first, second])}`);
        }
      };
      const firstRound = await agreeOn({ rates: 3, xyzzy: 2, bins: 1 }, lastSearch);
      assert.deepEqual(
        firstRound.figures.noResults.map((row) => [row.term, row.queries]),
        [['xyzzy', 2]],
      );
      assert.deepEqual(
        firstRound.figures.counts.map((row) => row.queries),
        [6],
      );
      // Once the day's indices exist: one more search through each process.
      assert.notEqual(await visitor(two, 'bins'), -1);
      assert.notEqual(await visitor(one, 'bins'), -1);
      const secondRound = await agreeOn({ bins: 3, rates: 3, xyzzy: 2 }, Date.now());
      console.log(
        `# a search recorded through either process showed in both processes' reports ${firstRound.shownAfter} ms after it was ` +
          `answered (the day's first, creating its indices), ${secondRound.shownAfter} ms later on`,
      );
    });
  });
});
