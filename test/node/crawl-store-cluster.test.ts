/**
 * The crawls' state, history and leases in a live OpenSearch 2.19 node started from Maven Central's artifacts
 * (test/cluster): the crawl store contract the data folder's files also keep, a lease two handles contend for, and
 * two `civic-search serve` processes crawling one site into one engine of one cluster. Skipped, saying why, where
 * Java 17 or Maven is missing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenSearchClient, opensearchConfigFromEnv } from '../../packages/civic-search/src/search/opensearch';
import type { ClusterClient } from '../../packages/civic-search/src/search/cluster';
import { openClusterCrawlStore } from '../../packages/civic-search/src/crawler/cluster-crawl-store';
import type { EngineCrawlStatus } from '../../packages/civic-search/src/crawler/engine-crawl-routes';
import { clusterUnavailableReason } from '../cluster/cluster';
import { sharedCluster, type SharedCluster } from '../cluster/shared-cluster';
import { crawlStoreContract } from './crawl-store-contract';
import { page, startTestSite, type TestSite } from './crawler-test-site';
import { startServe, type ServeProcess } from './serve-process';
import { eventually } from './support/eventually';

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED the crawl store on a live OpenSearch cluster (contract, two processes): ${unavailable}`);

const KEY = 'private-crawl-store-key-0123456789abcdef';
const ENGINE = 'site';
/** Two service processes start and crawl on a busy two-core machine: generous, as every wait ends on what it checks. */
const WITHIN_MS = 90_000;

describe('crawl state in a live OpenSearch cluster', { skip: unavailable }, () => {
  let cluster: SharedCluster | undefined;
  const clients: ClusterClient[] = [];
  const env: NodeJS.ProcessEnv = {};
  before(async () => {
    // The run's shared node: everything this file makes has a prefix of its own.
    cluster = await sharedCluster();
    env.OPENSEARCH_URL = cluster.urls.join(',');
    env.OPENSEARCH_REPLICAS = '0';
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await cluster?.close();
  });
  const client = () => {
    const made = createOpenSearchClient(opensearchConfigFromEnv(env));
    clients.push(made);
    return made;
  };

  let places = 0;
  // Each handle has a client of its own, as another process would; few URL parts, so some hold many URLs and some none.
  crawlStoreContract('an index of a live OpenSearch node', async () => {
    const indexPrefix = `crawl-${process.pid}-${places++}`;
    return { open: () => openClusterCrawlStore({ client: client(), indexPrefix, urlParts: 3 }) };
  });

  it('gives an engine’s lease to one of two processes taking it at once', async () => {
    const indexPrefix = `crawl-race-${process.pid}`;
    const stores = await Promise.all([0, 1, 2, 3].map(() => openClusterCrawlStore({ client: client(), indexPrefix })));
    const leases = await Promise.all(stores.map((store, n) => store.takeLease(ENGINE, `process-${n}`, 60_000)));
    const taken = leases.filter((lease) => lease !== undefined);
    assert.equal(taken.length, 1, 'exactly one holder');
    assert.equal(await stores[3]!.leaseHolder(ENGINE), taken[0]!.holder);
  });

  describe('two serve processes crawling one site into one engine', () => {
    let site: TestSite;
    const servers: ServeProcess[] = [];
    const dirs: string[] = [];
    let releaseAbout: () => void = () => undefined;
    const prefix = `crawl-shared-${process.pid}`;

    before(async () => {
      site = await startTestSite();
      // The crawl of the first process waits on this page until the test lets it go.
      const about = site.pages.get('/about')!;
      site.pages.set('/about', { ...about, until: new Promise<void>((resolve) => (releaseAbout = resolve)) });
    });
    after(async () => {
      releaseAbout();
      await Promise.all(servers.map((server) => server.stop()));
      await site.close();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    const serve = async () => {
      const dir = await mkdtemp(join(tmpdir(), 'civic-crawl-store-'));
      dirs.push(dir);
      const config = join(dir, 'serve.json');
      const crawl = { url: `${site.origin}/`, engine: ENGINE, delay: 0, timeout: '120s', exclude: ['/slow', '/huge'] };
      await writeFile(config, JSON.stringify({ crawls: [crawl] }));
      const server = await startServe(['--backend', 'opensearch', '--data', dir, '--config', config], { ...env, OPENSEARCH_INDEX_PREFIX: prefix }, KEY);
      servers.push(server);
      return server;
    };
    const status = async (server: ServeProcess): Promise<EngineCrawlStatus> => {
      const response = await fetch(`${server.origin}/api/crawl/engines/${ENGINE}`, { headers: { Authorization: `Bearer ${KEY}` } });
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()) as EngineCrawlStatus;
    };
    const robotsReads = () => site.requests.filter((request) => request.path === '/robots.txt').length;

    it('lets one process crawl while the other skips its run, and shows the run in both histories', async () => {
      const one = await serve();
      // The first process's crawl is under way: it holds the lease and waits on /about.
      await eventually(async () => assert.ok(site.requests.some((request) => request.path === '/about'), one.output()), WITHIN_MS);
      const two = await serve();
      await eventually(async () => assert.match(two.output(), /is skipped: another process \(\S+\) is crawling it/), WITHIN_MS);
      assert.equal((await status(two)).running, true, 'the other process’s run shows as running');
      assert.equal(robotsReads(), 1, 'only one process crawled the site');

      releaseAbout();
      const seen = await eventually(async () => {
        const [first, second] = await Promise.all([status(one), status(two)]);
        assert.equal(second.runs.length, 1, 'the run is in the other process’s history');
        assert.deepEqual(second.runs, first.runs);
        assert.equal(second.running, false);
        return second.runs[0]!;
      }, WITHIN_MS);
      assert.ok((seen.indexed ?? 0) > 5, JSON.stringify(seen));
      assert.equal(robotsReads(), 1, 'the skipped run never started');
    });

    it('re-crawls a page through the other process, into the shared state and history', async () => {
      const [one, two] = servers as [ServeProcess, ServeProcess];
      const store = await openClusterCrawlStore({ client: client(), indexPrefix: prefix });
      const aboutHash = async () => (await store.loadState(ENGINE, `${site.origin}/`)).state.urls[`${site.origin}/about`]?.hash;
      const before = await aboutHash();
      assert.ok(before, 'the first process’s run saved the page in the shared state');
      site.pages.set('/about', { type: 'text/html', body: page('About the council', '<p>The harbourmaster reports on moorings.</p>') });
      const response = await fetch(`${two.origin}/api/crawl`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `${site.origin}/about` }),
      });
      assert.equal(response.status, 202);
      const recrawled = await eventually(async () => {
        const pages = (await status(one)).pages;
        assert.equal(pages.length, 1, 'the re-crawl is in the first process’s history');
        return pages[0]!;
      }, WITHIN_MS);
      assert.equal(recrawled.outcome, 'indexed');
      const found = await eventually(async () => {
        const answer = await one.api('POST', `/engines/${ENGINE}/search`, { query: 'harbourmaster' });
        assert.equal(answer.status, 200);
        const urls = (answer.body as { results: { url: { raw: string } }[] }).results.map((result) => new URL(result.url.raw).pathname);
        assert.deepEqual(urls, ['/about']);
        return urls;
      }, WITHIN_MS);
      assert.deepEqual(found, ['/about']);
      // The second process took the free lease for its re-crawl, so it saved the page's new hash in the shared state.
      const after = await aboutHash();
      assert.ok(after && after !== before, `the hash moved on (${before} → ${after})`);
      assert.ok((await store.loadState(ENGINE, `${site.origin}/`)).state.lastCrawl?.complete, 'the run’s end is kept beside it');
    });
  });
});
