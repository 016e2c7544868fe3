/**
 * The embedded engine and OpenSearch side by side, through the same service and App Search API, at 10,000 and
 * 100,000 generated documents (examples/content/generate-corpus.ts). Figures are printed, never asserted.
 *
 * OpenSearch is one 2.19 node from test/cluster (one JVM, 512 MiB heap, one shard, no replica) on this machine; the
 * embedded engine runs in its worker thread, as `civic-search serve` runs it. Calls go to the service's Hono app
 * in this process (no sockets), so both sides pay the same proxy and none of the network. For each backend and size:
 * 1. indexing rate: the documents posted in batches of 100 by one client, until the last one is searchable;
 * 2. write to visible: a new document with a word of its own, from its 200 to the first search that finds it;
 * 3. search p50/p95: the proxy bench's searches (words or blank, 0-3 filters, three facets, pages 1-3);
 * 4. suggestions p50/p95 over two- and three-letter prefixes;
 * 5. memory: the growth of this process's resident set (embedded), the JVM's resident set and heap (OpenSearch);
 * 6. overlap@10: of the example site's typed queries, how many of the first ten results the two engines share.
 *
 * Run: `node --conditions=source --import tsx bench/cluster-engines.ts` (`--quick`: 10,000 documents only).
 * Needs Java 17 and Maven (test/cluster/ensure-java.sh).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../packages/civic-search/src/service/create-search-service';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../packages/civic-search/src/engines/page-schema';
import { generateCorpus } from '../examples/content/generate-corpus';
import { clusterUnavailableReason, startCluster, type TestCluster } from '../test/cluster/cluster';
import { ENGINE_BENCH_PREFIXES, PROXY_BENCH_QUERIES } from './queries';
import { searchParams } from './search-proxy';
import { log, spread, type Spread } from './stats';

const ENGINE = 'bench';
const KEY = 'cluster-bench-private-key-0123456789';
const BATCH = 100;
const SEARCHES = 300;
const SUGGESTIONS = 200;
const VISIBILITY_SAMPLES = 20;

type Backend = 'embedded' | 'opensearch';

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const ms = (s: Spread) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`;

function caller(service: SearchService) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await service.request(`/api/as/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

async function residentKiB(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid ?? 'self'}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

interface Figures {
  backend: Backend;
  count: number;
  indexRate: number;
  visible: Spread;
  search: Spread;
  suggest: Spread;
  memory: string;
  load: string;
  top10: Map<string, string[]>;
}

async function measure(backend: Backend, count: number, cluster: TestCluster | undefined): Promise<Figures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'civic-cluster-bench-'));
  const rssBefore = await residentKiB(undefined);
  const service = await createSearchService({
    backend,
    env: cluster ? { OPENSEARCH_URL: cluster.urls[0], OPENSEARCH_REPLICAS: '0', OPENSEARCH_SHARDS: '1', OPENSEARCH_INDEX_PREFIX: `bench-${count}` } : {},
    engines: [{ name: ENGINE, language: 'en', schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS }],
    dataDir,
    privateKey: KEY,
    rateLimit: { windowMs: 60_000, limit: 10_000_000 },
    costBudget: false,
    timeoutMs: 30_000,
  });
  await service.ready();
  const call = caller(service);
  const total = async (query: string) => ((await call('POST', `/engines/${ENGINE}/search`, { query, page: { size: 1 } })).meta as { page: { total_results: number } }).page.total_results;
  try {
    const documents = generateCorpus({ count });
    const started = performance.now();
    for (let i = 0; i < documents.length; i += BATCH) await call('POST', `/engines/${ENGINE}/documents`, documents.slice(i, i + BATCH));
    while ((await total('')) < count) await new Promise((resolve) => setTimeout(resolve, 20));
    const indexRate = count / ((performance.now() - started) / 1000);
    log(`${backend} ${count}: indexed at ${indexRate.toFixed(0)} documents/s (load ${load()})`);

    const visible: number[] = [];
    for (let i = 0; i < VISIBILITY_SAMPLES; i++) {
      const word = `zqvisible${count}x${i}`;
      await call('POST', `/engines/${ENGINE}/documents`, [{ id: `visible-${i}`, title: `Notice ${word}`, url: `/v/${i}` }]);
      const written = performance.now();
      while ((await total(word)) === 0) await new Promise((resolve) => setImmediate(resolve));
      visible.push(performance.now() - written);
    }

    const searchTimes: number[] = [];
    for (let n = 0; n < SEARCHES; n++) {
      const at = performance.now();
      await call('POST', `/engines/${ENGINE}/search`, searchParams(n));
      searchTimes.push(performance.now() - at);
    }
    const suggestTimes: number[] = [];
    for (let n = 0; n < SUGGESTIONS; n++) {
      const at = performance.now();
      await call('POST', `/engines/${ENGINE}/query_suggestion`, { query: ENGINE_BENCH_PREFIXES[n % ENGINE_BENCH_PREFIXES.length] });
      suggestTimes.push(performance.now() - at);
    }

    const top10 = new Map<string, string[]>();
    for (const query of PROXY_BENCH_QUERIES.filter(Boolean)) {
      const answer = await call('POST', `/engines/${ENGINE}/search`, { query, page: { size: 10 } });
      top10.set(query, (answer.results as { id: { raw: string } }[]).map((result) => result.id.raw));
    }

    let memory: string;
    if (cluster) {
      const stats = (await (await fetch(`${cluster.urls[0]}/_nodes/stats/jvm`)).json()) as { nodes: Record<string, { jvm: { mem: { heap_used_in_bytes: number } } }> };
      const heap = Object.values(stats.nodes)[0]!.jvm.mem.heap_used_in_bytes;
      memory = `JVM resident ${((await residentKiB(cluster.pid)) / 1024).toFixed(0)} MiB, heap used ${(heap / 2 ** 20).toFixed(0)} MiB`;
    } else {
      memory = `process resident +${(((await residentKiB(undefined)) - rssBefore) / 1024).toFixed(0)} MiB`;
    }
    return { backend, count, indexRate, visible: spread(visible), search: spread(searchTimes), suggest: spread(suggestTimes), memory, load: load(), top10 };
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function overlap(a: Map<string, string[]>, b: Map<string, string[]>): { mean: number; rows: [string, number][] } {
  const rows: [string, number][] = [...a].map(([query, ids]) => {
    const other = new Set(b.get(query) ?? []);
    const denominator = Math.max(1, Math.min(10, Math.max(ids.length, other.size)));
    return [query, ids.filter((id) => other.has(id)).length / denominator];
  });
  return { mean: rows.reduce((sum, [, value]) => sum + value, 0) / rows.length, rows: rows.sort((x, y) => x[1] - y[1]) };
}

async function main() {
  const unavailable = clusterUnavailableReason();
  if (unavailable) throw new Error(`cannot run: ${unavailable}`);
  const counts = process.argv.includes('--quick') ? [10_000] : [10_000, 100_000];
  const cluster = await startCluster({ nodes: 1 });
  try {
    console.log('| documents | backend | indexing (docs/s) | write to visible p50 / p95 (ms) | search p50 / p95 (ms) | suggestions p50 / p95 (ms) | memory | load (1/5/15 min) |');
    console.log('|---|---|---|---|---|---|---|---|');
    const overlaps: string[] = [];
    for (const count of counts) {
      const figures: Figures[] = [];
      for (const backend of ['embedded', 'opensearch'] as const) {
        const f = await measure(backend, count, backend === 'opensearch' ? cluster : undefined);
        figures.push(f);
        console.log(`| ${count} | ${backend} | ${f.indexRate.toFixed(0)} | ${ms(f.visible)} | ${ms(f.search)} | ${ms(f.suggest)} | ${f.memory} | ${f.load} |`);
      }
      const { mean, rows } = overlap(figures[0]!.top10, figures[1]!.top10);
      overlaps.push(
        `${count} documents: mean overlap@10 ${mean.toFixed(2)}; least alike: ${rows.slice(0, 5).map(([q, v]) => `"${q}" ${v.toFixed(1)}`).join(', ')}`,
      );
    }
    console.log('');
    for (const line of overlaps) console.log(line);
  } finally {
    await cluster.close();
  }
}

await main();
