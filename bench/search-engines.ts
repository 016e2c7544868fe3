/**
 * Search engine benchmark: MiniSearch, Orama and FlexSearch side by side at 10,000 and 100,000 corpus documents.
 * Run: `node --conditions=source --import tsx bench/search-engines.ts` (add `--quick` for 10,000 only). Each measurement runs in its own
 * child process (started with --expose-gc) so heap figures and JIT warm-up do not leak between candidates.
 * Figures: index build time, heap growth after gc, p50/p95 of a faceted filtered search (query, a date range,
 * two value facets, relevance order, page 1 of 20) and of a 2-3 letter suggestion.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from '../examples/content/generate-corpus';
import { toBenchDocuments, toDay, type BenchCandidate, type FacetedQuery } from './engines/candidate';
import { miniSearchCandidate } from './engines/minisearch-candidate';
import { oramaCandidate } from './engines/orama-candidate';
import { flexSearchCandidate } from './engines/flexsearch-candidate';
import { ENGINE_BENCH_PREFIXES, ENGINE_BENCH_QUERIES } from './queries';

const CANDIDATES: Record<string, () => BenchCandidate> = {
  MiniSearch: miniSearchCandidate,
  Orama: oramaCandidate,
  FlexSearch: flexSearchCandidate,
};

const FROM_DAY = toDay('2015-01-01');
const TO_DAY = toDay('2024-12-31');
const PAGE_SIZE = 20;

/**
 * Timed runs per phase, each phase also stopped by a time budget once it has MIN_RUNS: slow candidates get fewer
 * runs, so the whole benchmark stays within about three minutes on two cores.
 */
const RUNS: Record<number, { search: number; suggest: number; warmUp: number }> = {
  10_000: { search: 160, suggest: 240, warmUp: 8 },
  100_000: { search: 48, suggest: 96, warmUp: 3 },
};
const MIN_RUNS = 5;
const SEARCH_BUDGET_MS = 20_000;
const SUGGEST_BUDGET_MS = 8_000;
/** A safety net only: a child that takes this long is stopped and reported as failed. */
const CHILD_TIMEOUT_MS = 300_000;

interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

export interface Measurement {
  candidate: string;
  count: number;
  buildMs: number;
  /** Processor time of the build (all threads): less sensitive than wall time to other work on the machine. */
  buildCpuMs: number;
  heapMb: number;
  search: Timing;
  suggest: Timing;
  /** Result counts that show behaviour: a typo, a plural, and the suggestions for "bu". */
  checks: { typoResults: number; pluralResults: number; singularResults: number; suggestBu: string[] };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeRuns(runs: number, warmUp: number, budgetMs: number, call: (i: number) => unknown): Promise<Timing> {
  for (let i = 0; i < warmUp; i++) await call(i);
  const times: number[] = [];
  const phaseStarted = performance.now();
  for (let i = 0; i < runs; i++) {
    if (i >= MIN_RUNS && performance.now() - phaseStarted > budgetMs) break;
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), runs: times.length };
}

function collectGarbage() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the child with --expose-gc');
  gc();
  gc();
}

const facetedQuery = (query: string): FacetedQuery => ({
  query,
  fromDay: FROM_DAY,
  toDay: TO_DAY,
  facetFields: ['document_type', 'topic'],
  pageSize: PAGE_SIZE,
});

/** One candidate at one size, in this process. */
async function measure(candidateName: string, count: number): Promise<Measurement> {
  const candidate = CANDIDATES[candidateName]();
  const documents = toBenchDocuments(generateCorpus({ count }));
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await candidate.build(documents);
  const buildMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const buildCpuMs = (cpu.user + cpu.system) / 1000;
  collectGarbage();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

  const runs = RUNS[count] ?? RUNS[10_000];
  const search = await timeRuns(runs.search, runs.warmUp, SEARCH_BUDGET_MS, (i) =>
    candidate.search(facetedQuery(ENGINE_BENCH_QUERIES[i % ENGINE_BENCH_QUERIES.length])),
  );
  const suggest = await timeRuns(runs.suggest, runs.warmUp, SUGGEST_BUDGET_MS, (i) =>
    candidate.suggest(ENGINE_BENCH_PREFIXES[i % ENGINE_BENCH_PREFIXES.length], 5),
  );
  const checks = {
    typoResults: (await candidate.search(facetedQuery('bilding consnt'))).total,
    pluralResults: (await candidate.search(facetedQuery('inspections'))).total,
    singularResults: (await candidate.search(facetedQuery('inspection'))).total,
    suggestBu: await candidate.suggest('bu', 5),
  };
  return { candidate: candidateName, count, buildMs, buildCpuMs, heapMb, search, suggest, checks };
}

function runChild(candidate: string, count: number): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', candidate, String(count)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        timeout: CHILD_TIMEOUT_MS,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(JSON.parse(output.trim().split('\n').pop() ?? '') as Measurement);
      else reject(new Error(`${candidate} at ${count}: exit ${code ?? signal}`));
    });
  });
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

export function markdownTable(measurements: Measurement[]): string {
  const lines = [
    '| Engine | Documents | Build (s) | Build CPU (s) | Heap (MB) | Search p50 (ms) | Search p95 (ms) | Suggest p50 (ms) | Suggest p95 (ms) | Runs (search/suggest) | "bilding consnt" | "inspections" / "inspection" |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const m of measurements) {
    lines.push(
      `| ${m.candidate} | ${m.count.toLocaleString('en-NZ')} | ${(m.buildMs / 1000).toFixed(2)} | ${(m.buildCpuMs / 1000).toFixed(2)} | ${m.heapMb.toFixed(0)} | ${ms(m.search.p50)} | ${ms(m.search.p95)} | ${ms(m.suggest.p50)} | ${ms(m.suggest.p95)} | ${m.search.runs}/${m.suggest.runs} | ${m.checks.typoResults} | ${m.checks.pluralResults} / ${m.checks.singularResults} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    process.stdout.write(`${JSON.stringify(await measure(args[1], Number(args[2])))}\n`);
    return;
  }
  const counts = args.includes('--quick') ? [10_000] : [10_000, 100_000];
  const measurements: Measurement[] = [];
  const started = performance.now();
  const loadBefore = loadavg()[0];
  for (const count of counts) {
    for (const candidate of Object.keys(CANDIDATES)) {
      process.stderr.write(`${candidate} at ${count.toLocaleString('en-NZ')} documents…\n`);
      measurements.push(await runChild(candidate, count));
    }
  }
  console.log(
    `\nSearch engines (Node ${process.version}, ${availableParallelism()} cores; faceted search: query + date range + 2 value facets, page 1 of ${PAGE_SIZE})\n`,
  );
  console.log(markdownTable(measurements));
  console.log('\nSuggestions for "bu":');
  for (const m of measurements) console.log(`- ${m.candidate} (${m.count.toLocaleString('en-NZ')}): ${m.checks.suggestBu.join(', ')}`);
  const loadAfter = loadavg()[0];
  const busy = Math.max(loadBefore, loadAfter) > availableParallelism() ? ': more than the cores, so other work slowed these figures' : '';
  console.log(
    `\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s (load average ${loadBefore.toFixed(1)} at start, ${loadAfter.toFixed(1)} at end${busy})`,
  );
}

await main();
