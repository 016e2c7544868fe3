/**
 * What the operator's relevance rules cost a search: search latency (p50, p95) at 10,000 and 100,000 documents with
 * no rules, then with 500 synonym sets, 200 curations and three boosts in the engine's settings, in one run on one
 * service. Figures are printed, never asserted.
 *
 * The service runs as a council runs it (createSearchService, the embedded engine on its worker thread, the rules
 * in the data folder's operator store); searches go through `service.backend`, which resolves the rules from the
 * store and hands them to the engine, as the proxy and the results page do. The searches are the proxy bench's
 * (bench/search-proxy.ts: typed queries, filters, facets, three pages), one at a time. The synonym sets include one
 * for each typed query and the curations one for each, so every search meets a synonym and a curation; the other
 * sets and curations are made from the corpus's words. The rules are written straight into the operator store
 * (500 sets is past App Search's default limit of 256 that the API keeps).
 *
 * Run: `node --conditions=source --import tsx bench/relevance.ts` (about 4 minutes); `--quick`: 10,000 only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../packages/civic-search/src/service/create-search-service';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../packages/civic-search/src/engines/page-schema';
import { RELEVANCE_COLLECTIONS } from '../packages/civic-search/src/relevance';
import { generateCorpus } from '../examples/content/generate-corpus';
import { PROXY_BENCH_QUERIES } from './queries';
import { searchParams } from './search-proxy';
import { log, spread } from './stats';

const ENGINE = 'bench';
const PRIVATE_KEY = 'relevance-bench-private-key-0123456789';
const SEARCHES = 600;
const WARM_UP = 60;
const SIZES = process.argv.includes('--quick') ? [10_000] : [10_000, 100_000];

/** A synonym for each typed query of the bench, so every search has alternatives to run. */
const QUERY_SYNONYMS: Record<string, string> = {
  'building consent': 'building permit',
  'rates relief': 'rates rebate',
  'dog registration': 'dog licence',
  'collection day': 'bin day',
  'parking permit': 'parking licence',
  'swimming lessons': 'swim classes',
  'water restrictions': 'water ban',
  'resource consent hearing': 'planning hearing',
  'bilding consent': 'building approval',
  recyling: 'recycling',
  'library card': 'library membership',
  'community grants': 'community funding',
  pothole: 'road damage',
  'annual plan submissions': 'long term plan feedback',
};

async function writeRules(service: SearchService, documentIds: readonly string[], words: readonly string[]): Promise<void> {
  const store = service.operatorStore;
  const synonyms = store.collection(RELEVANCE_COLLECTIONS.synonyms);
  const curations = store.collection(RELEVANCE_COLLECTIONS.curations);
  const settings = store.collection(RELEVANCE_COLLECTIONS.settings);
  let sets = 0;
  for (const [query, synonym] of Object.entries(QUERY_SYNONYMS))
    await synonyms.put(ENGINE, `syn-${sets++}`, { synonyms: [query, synonym] });
  for (let i = 0; sets < 500; i++) {
    await synonyms.put(ENGINE, `syn-${sets++}`, {
      synonyms: [
        words[(i * 2) % words.length],
        words[(i * 2 + 1) % words.length],
        `${words[i % words.length]} ${words[(i + 7) % words.length]}`,
      ],
    });
  }
  const pick = (n: number) => documentIds[(n * 7919) % documentIds.length];
  let curated = 0;
  for (const query of PROXY_BENCH_QUERIES.filter((query) => query !== '')) {
    await curations.put(ENGINE, `cur-${curated}`, {
      queries: [query],
      promoted: [pick(curated * 5), pick(curated * 5 + 1), pick(curated * 5 + 2)],
      hidden: [pick(curated * 5 + 3), pick(curated * 5 + 4)],
    });
    curated++;
  }
  for (let i = 0; curated < 200; i++) {
    await curations.put(ENGINE, `cur-${curated}`, {
      queries: [`${words[(i * 3) % words.length]} ${words[(i * 3 + 1) % words.length]}`],
      promoted: [pick(curated * 5)],
      hidden: [pick(curated * 5 + 1)],
    });
    curated++;
  }
  await settings.put(ENGINE, 'settings', {
    search_fields: PAGE_SEARCH_FIELDS,
    result_fields: {},
    boosts: {
      document_type: [{ type: 'value', value: 'Guidance', operation: 'multiply', factor: 2 }],
      published_date: [{ type: 'proximity', function: 'gaussian', center: 'now', factor: 3 }],
      topic: [{ type: 'value', value: 'Rubbish and recycling', factor: 1 }],
    },
  });
}

async function timeSearches(service: SearchService): Promise<ReturnType<typeof spread>> {
  for (let n = 0; n < WARM_UP; n++) await service.backend.search(ENGINE, searchParams(n));
  const times: number[] = [];
  for (let n = 0; n < SEARCHES; n++) {
    const started = performance.now();
    await service.backend.search(ENGINE, searchParams(n));
    times.push(performance.now() - started);
  }
  return spread(times);
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => `${value.toFixed(2)} ms`;

const rows: string[][] = [];
for (const size of SIZES) {
  const dataDir = await mkdtemp(join(tmpdir(), 'relevance-bench-'));
  const documents = generateCorpus({ count: size });
  log(`${size} documents: starting the service`);
  const service = await createSearchService({
    dataDir,
    privateKey: PRIVATE_KEY,
    engines: [{ name: ENGINE, schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS, documents }],
  });
  try {
    await service.ready();
    const words = [...new Set(documents.slice(0, 2000).flatMap((document) => document.title.toLowerCase().match(/[a-z]{4,}/g) ?? []))];
    log(`${size} documents: ${SEARCHES} searches without rules`);
    const none = await timeSearches(service);
    rows.push([String(size), 'none', ms(none.p50), ms(none.p95), load()]);
    await writeRules(
      service,
      documents.map((document) => document.id),
      words,
    );
    log(`${size} documents: ${SEARCHES} searches with 500 synonym sets, 200 curations, 3 boosts`);
    const ruled = await timeSearches(service);
    rows.push([String(size), '500 synonym sets, 200 curations, 3 boosts', ms(ruled.p50), ms(ruled.p95), load()]);
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const header = ['documents', 'rules', 'search p50', 'search p95', 'load average (1, 5, 15 min)'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
const line = (cells: string[]) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
