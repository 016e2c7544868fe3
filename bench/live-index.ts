/**
 * The embedded engine while its index changes, and at a million documents: the figures its targets name, in one
 * run, each phase with the load average beside it (the machine is shared; ratios within one run are what compare).
 * Everything goes through the HTTP API of the service in a child process (bench/write-api.ts's), with its worker.
 *
 * At 100,000 documents (generated pages, indexed through the API by 4 clients first), on that one service:
 * 1. searches with no writes (4 searchers back to back, the proxy bench's searches: words or blank, 0 to 3
 *    filters, 3 facets, pages 1 to 3): the idle baseline;
 * 2. the same searches while 10 pages a second are replaced;
 * 3. a CMS re-index alone: the corpus put again (revised titles) by 4 clients in batches of 100, for the phase's
 *    length: its rate with no searches;
 * 4. the same re-index with the searchers running: search latency and the re-index's rate; meanwhile a probe puts
 *    a page with a word of its own once a second and searches until it is found (a write's 200 to seen);
 * 5. searches with no writes again. The baseline is both phases without writes pooled, as the machine's load drifts.
 * Then the targets, each with its measured figure and whether it was met.
 *
 * `--million`: 1,000,000 documents indexed through the API (4 clients), the service restarted on them, its memory
 * (resident set of the whole process, worker included), search p50/p95 (4 searchers) and suggestion p95.
 *
 * Run: `node --conditions=source --import tsx bench/live-index.ts` (about 3 minutes; BENCH_SECONDS sets each phase,
 * default 20), `... bench/live-index.ts --million` (long: run it alone).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { SiteDocument } from '../packages/civic-search/src/search/types';
import { generateCorpus } from '../examples/content/generate-corpus';
import { searchParams } from './search-proxy';
import { PROXY_BENCH_PREFIXES } from './queries';
import { log, sleep, spread, type Spread } from './stats';
import {
  indexThroughApi,
  putDocuments,
  searchCall,
  searchWhileWriting,
  startChild,
  startLine,
  withDataDir,
  type SearchUnderWritesRow,
} from './write-api';

const ENGINE = 'bench';
const SEARCHERS = 4;
const CLIENTS = 4;
const BATCH = 100;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : 'n/a');
const count = (value: number) => Math.round(value).toLocaleString('en');
const load = () => loadavg()[0].toFixed(1);

/** The load average at a phase's start and end, beside its figures. */
interface Phase<T> {
  result: T;
  load: string;
}

async function phase<T>(label: string, run: () => Promise<T>): Promise<Phase<T>> {
  const before = load();
  log(`${label} (load ${before})`);
  const result = await run();
  return { result, load: `${before} → ${load()}` };
}

/** Searches back to back from `SEARCHERS` clients until `end`. */
async function searchUntil(url: string, end: () => boolean): Promise<{ search: Spread; latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: SEARCHERS }, async () => {
      while (!end()) {
        const answer = await searchCall(url, ENGINE, searchParams(n++)).catch(() => undefined);
        if (answer?.status === 200) latencies.push(answer.ms);
        else failed++;
      }
    }),
  );
  return { search: spread(latencies), latencies, failed };
}

interface Reindex {
  documents: number;
  perSecond: number;
  batch: Spread;
}

/** The corpus put again by `CLIENTS` clients in batches of 100 (a CMS's full re-index), for `durationMs`. */
async function reindex(url: string, corpus: readonly SiteDocument[], durationMs: number, round: number): Promise<Reindex> {
  const revised = corpus.map((document) => ({ ...document, title: `${document.title} (re-indexed ${round})` }));
  const row = await indexThroughApi(url, revised, CLIENTS, durationMs);
  return { documents: row.indexed, perSecond: row.perSecond, batch: row.batch };
}

/** Once a second until `end`: a page with a word of its own put, then searched for until found; 200 to seen. */
async function probeVisibility(url: string, template: SiteDocument, end: () => boolean): Promise<Spread & { unseen: number }> {
  const seen: number[] = [];
  let unseen = 0;
  for (let n = 0; !end(); n++) {
    const word = `zq${n.toString(36).replace(/[aeiou]/g, 'x')}vk`;
    const started = performance.now();
    await putDocuments(url, [{ ...template, id: `probe-${n}`, title: `${template.title} ${word}` }]);
    const acknowledged = performance.now();
    let found = false;
    while (!found && performance.now() - acknowledged < 5000) {
      const answer = await searchCall(url, ENGINE, { query: word, page: { size: 5 } });
      found = answer.ids.includes(`probe-${n}`);
    }
    if (found) seen.push(performance.now() - acknowledged);
    else unseen++;
    const rest = 1000 - (performance.now() - started);
    if (rest > 0) await sleep(rest);
  }
  return { ...spread(seen), unseen };
}

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

async function hundredThousand(seconds: number): Promise<void> {
  const size = 100_000;
  const phaseMs = seconds * 1000;
  const corpus = generateCorpus({ count: size });
  await withDataDir('live-index', async (dataDir) => {
    const server = await startChild('service', dataDir, false);
    try {
      const loaded = await phase(`indexing ${count(size)} documents through the API, ${CLIENTS} clients`, () => indexThroughApi(server.url, corpus, CLIENTS));
      const timed = (label: string, run: (end: () => boolean) => Promise<{ search: Spread; latencies: number[]; failed: number }>) =>
        phase(label, () => {
          const until = performance.now() + phaseMs;
          return run(() => performance.now() >= until);
        });
      const idle = await timed('searches, no writes', (end) => searchUntil(server.url, end));
      const edits = await phase('searches while 10 pages a second are replaced', async (): Promise<SearchUnderWritesRow> =>
        searchWhileWriting(server.url, corpus, phaseMs, true, 1),
      );
      const alone = await phase('re-index alone', () => reindex(server.url, corpus, phaseMs, 2));
      const during = await phase('re-index with searches and a probe write a second', async () => {
        let done = false;
        const writes = reindex(server.url, corpus, phaseMs, 3).finally(() => (done = true));
        const [searches, probe, reindexed] = await Promise.all([searchUntil(server.url, () => done), probeVisibility(server.url, corpus[0], () => done), writes]);
        return { ...searches, probe, reindexed };
      });
      const idleAfter = await timed('searches, no writes, again', (end) => searchUntil(server.url, end));
      const rss = residentMegabytes(server.pid);

      // The baseline pools both phases without writes (before and after the others), as the machine's load drifts.
      const baseline = spread([...idle.result.latencies, ...idleAfter.result.latencies]);
      const base = baseline.p95;
      const ratio = (p95: number) => `${(p95 / base).toFixed(2)}×`;
      const rows = [
        ['no writes, before', idle.result.search, idle.result.failed, '–', idle.load],
        ['10 pages a second replaced', edits.result.search, edits.result.failed ? 1 : 0, `${edits.result.writes?.batches ?? 0} batches of 10 (${edits.result.writes?.perSecond.toFixed(1)}/s), write p95 ${ms(edits.result.writes?.latency.p95 ?? NaN)} ms`, edits.load],
        ['re-index alone (no searches)', undefined, 0, `${count(alone.result.documents)} documents, ${count(alone.result.perSecond)}/s, batch p95 ${ms(alone.result.batch.p95)} ms`, alone.load],
        ['re-index (4 clients, batches of 100) with searches', during.result.search, during.result.failed, `${count(during.result.reindexed.documents)} documents, ${count(during.result.reindexed.perSecond)}/s, batch p95 ${ms(during.result.reindexed.batch.p95)} ms`, during.load],
        ['no writes, after', idleAfter.result.search, idleAfter.result.failed, '–', idleAfter.load],
        ['**baseline**: both phases without writes', baseline, 0, '–', `${idle.load}, ${idleAfter.load}`],
      ] as const;
      const table = [
        '| While | Searches | p50 ms | p95 ms | p95 × baseline | max ms | Failed | Writes | Load average |',
        '|---|---:|---:|---:|---:|---:|---:|---|---|',
        ...rows.map(([label, search, failed, writes, phaseLoad]) =>
          search
            ? `| ${label} | ${count(search.count)} | ${ms(search.p50)} | ${ms(search.p95)} | ${ratio(search.p95)} | ${ms(search.max)} | ${failed} | ${writes} | ${phaseLoad} |`
            : `| ${label} | – | – | – | – | – | – | ${writes} | ${phaseLoad} |`,
        ),
      ].join('\n');
      const probe = during.result.probe;
      const reindexShare = during.result.reindexed.perSecond / alone.result.perSecond;
      const targets = [
        ['search p95 while 10 pages a second are replaced ≤ 1.2× idle', ratio(edits.result.search.p95), edits.result.search.p95 <= 1.2 * base],
        ['search p95 during a re-index ≤ 2× idle', ratio(during.result.search.p95), during.result.search.p95 <= 2 * base],
        ['re-index with searches ≥ half its rate alone', `${(reindexShare * 100).toFixed(0)}%`, reindexShare >= 0.5],
        ['a write searchable within 1 s (during the re-index)', `${probe.count} probes, p95 ${ms(probe.p95)} ms, max ${ms(probe.max)} ms, ${probe.unseen} unseen after 5 s`, probe.count > 0 && probe.max <= 1000 && probe.unseen === 0],
      ] as const;
      console.log(
        [
          `Live index at ${count(size)} documents (\`node --conditions=source --import tsx bench/live-index.ts\`, ${seconds} s a phase; ${SEARCHERS} searchers back to back)`,
          `Indexed through the API by ${CLIENTS} clients in ${loaded.result.seconds.toFixed(1)} s (${count(loaded.result.perSecond)}/s; load ${loaded.load}). Service resident memory at the end: ${count(rss)} MB.`,
          table,
          ['| Target | Measured | Met |', '|---|---|---|', ...targets.map(([target, measured, met]) => `| ${target} | ${measured} | ${met ? 'yes' : '**no**'} |`)].join('\n'),
        ].join('\n\n'),
      );
    } finally {
      await server.stop();
    }
  });
}

async function million(seconds: number): Promise<void> {
  const size = 1_000_000;
  const corpus = generateCorpus({ count: size });
  await withDataDir('million', async (dataDir) => {
    const first = await startChild('service', dataDir, false);
    let built;
    try {
      built = await phase(`indexing ${count(size)} documents through the API, ${CLIENTS} clients`, () => indexThroughApi(first.url, corpus, CLIENTS));
      log(`memory after indexing: ${count(residentMegabytes(first.pid))} MB`);
    } finally {
      await first.stop();
    }
    const restartLoad = load();
    const server = await startChild('service', dataDir, false);
    try {
      const rssStart = residentMegabytes(server.pid);
      const phaseMs = seconds * 1000;
      const searches = await phase('searches, no writes', () => {
        const until = performance.now() + phaseMs;
        return searchUntil(server.url, () => performance.now() >= until);
      });
      const suggestions = await phase('query suggestions', async () => {
        const latencies: number[] = [];
        for (let n = 0; n < 600; n++) {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/as/v1/engines/${ENGINE}/query_suggestion`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: PROXY_BENCH_PREFIXES[n % PROXY_BENCH_PREFIXES.length], size: 5 }),
          });
          await response.text();
          if (response.ok) latencies.push(performance.now() - started);
        }
        return spread(latencies);
      });
      const rssEnd = residentMegabytes(server.pid);
      const search = searches.result.search;
      console.log(
        [
          `A million documents (\`node --conditions=source --import tsx bench/live-index.ts --million\`)`,
          '| Figure | Measured | Target | Load average |',
          '|---|---|---|---|',
          `| index build through the API (${CLIENTS} clients, batches of ${BATCH}) | ${built.result.seconds.toFixed(0)} s (${count(built.result.perSecond)}/s, batch p95 ${ms(built.result.batch.p95)} ms) | – | ${built.load} |`,
          `| restart | ${(server.info.startMs / 1000).toFixed(1)} s: ${startLine(size, server.info).replace(/^Restart on the [^:]+: /, '')} | – | ${restartLoad} |`,
          `| memory (resident, whole service) | ${count(rssStart)} MB after restart, ${count(rssEnd)} MB after the searches | < 4 GB: ${rssEnd < 4096 ? 'yes' : '**no**'} | – |`,
          `| search (${SEARCHERS} searchers, ${seconds} s) | ${count(search.count)} searches, p50 ${ms(search.p50)} ms, p95 ${ms(search.p95)} ms${searches.result.failed ? `, ${searches.result.failed} failed` : ''} | p95 < 50 ms: ${search.p95 < 50 ? 'yes' : '**no**'} | ${searches.load} |`,
          `| query suggestion (one client) | ${count(suggestions.result.count)}, p50 ${ms(suggestions.result.p50)} ms, p95 ${ms(suggestions.result.p95)} ms | – | ${suggestions.load} |`,
        ].join('\n'),
      );
    } finally {
      await server.stop();
    }
  });
}

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
if (process.argv.includes('--million')) await million(seconds);
else await hundredThousand(seconds);
