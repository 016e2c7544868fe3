/**
 * The crawl store's saves at the size of a big council site: a state of 10,000 and 50,000 URLs (each with a
 * validator, a hash and ten links, as a crawl keeps them) saved whole, saved again with 100 URLs changed (what a
 * crawl saves after each batch of 100 written pages), and read back, on files in the data folder and on one
 * OpenSearch 2.19 node (test/cluster, one shard, no replica) with the state in 16 parts and in 256 (the default). Figures are
 * printed, never asserted, each with the load average beside it.
 *
 * Run: `nice -n 10 node --conditions=source --import tsx bench/crawl-store.ts` (`--quick`: 10,000 URLs only). Needs Java 17 and Maven for the
 * cluster's half (test/cluster/ensure-java.sh); without them the files' half runs alone.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFolderCrawlStore, stateFileOf } from '../packages/civic-search/src/crawler/folder-crawl-store';
import { DEFAULT_URL_PARTS, openClusterCrawlStore } from '../packages/civic-search/src/crawler/cluster-crawl-store';
import type { CrawlStore } from '../packages/civic-search/src/crawler/crawl-store';
import type { CrawlState } from '../packages/civic-search/src/crawler/crawl-state';
import { createOpenSearchClient, opensearchConfigFromEnv } from '../packages/civic-search/src/search/opensearch';
import { clusterUnavailableReason, startCluster } from '../test/cluster/cluster';

const START = 'https://www.council.example/';
const SIZES = process.argv.includes('--quick') ? [10_000] : [10_000, 50_000];
const REPEATS = 3;

function urls(count: number): CrawlState['urls'] {
  const entries: CrawlState['urls'] = {};
  for (let i = 0; i < count; i++) {
    entries[`${START}section-${i % 40}/page-${i}`] = {
      id: `crawl-${i.toString(16).padStart(24, '0')}`,
      etag: `"${i.toString(36)}-5f3a"`,
      lastModified: 'Tue, 03 Nov 2026 10:00:00 GMT',
      hash: (i * 2654435761).toString(16).padStart(64, '0'),
      links: Array.from({ length: 10 }, (_, n) => `${START}section-${(i + n) % 40}/page-${(i + n * 7) % count}`),
    };
  }
  return entries;
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(name: string, store: () => Promise<CrawlStore>, size: (engine: string) => Promise<string>) {
  for (const count of SIZES) {
    const whole: number[] = [];
    const one: number[] = [];
    const read: number[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const engine = `bench-${count}-${repeat}`;
      const loaded = await (await store()).loadState(engine, START);
      loaded.state.urls = urls(count);
      whole.push(await timed(() => loaded.save(loaded.state)));
      for (let i = 0; i < 100; i++) loaded.state.urls[`${START}section-${(i * 97) % 40}/page-${(i * 97) % count}`]!.hash = `changed-${i}`;
      one.push(await timed(() => loaded.save(loaded.state)));
      const other = await store();
      read.push(await timed(() => other.loadState(engine, START)));
    }
    console.log(
      `${name}\t${count} URLs (${await size(`bench-${count}-0`)})\tsave whole ${median(whole).toFixed(0)} ms\tsave 100 changed ${median(one).toFixed(0)} ms\tread ${median(read).toFixed(0)} ms\tload ${load()}`,
    );
  }
}

const dir = await mkdtemp(join(tmpdir(), 'crawl-store-bench-'));
try {
  console.log(`median of ${REPEATS}; load average (1/5/15 min) beside each line`);
  await measure('files', async () => openFolderCrawlStore(dir), async (engine) => `${((await stat(stateFileOf(dir, engine))).size / 2 ** 20).toFixed(1)} MiB`);
  const unavailable = clusterUnavailableReason();
  if (unavailable) console.log(`opensearch: skipped (${unavailable})`);
  else {
    const cluster = await startCluster({ nodes: 1 });
    const client = createOpenSearchClient(opensearchConfigFromEnv({ OPENSEARCH_URL: cluster.urls.join(','), OPENSEARCH_REPLICAS: '0' }));
    try {
      for (const urlParts of [16, DEFAULT_URL_PARTS]) {
        const indexPrefix = `bench-${urlParts}`;
        await measure('opensearch', () => openClusterCrawlStore({ client, indexPrefix, urlParts }), async () => `${urlParts} parts`);
      }
    } finally {
      await client.close();
      await cluster.close();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
