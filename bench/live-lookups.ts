/**
 * The cost a write adds to the search after it, in the embedded index alone (this process: no HTTP, no log, no
 * worker). 100,000 generated pages; then 200 times: 10 of them replaced (`EngineIndex.put`), the next search timed,
 * and the same search timed again (with nothing written between: the search's own cost). The difference is what
 * the index's lookups (columns, ranks, blank-query orders) cost to bring up to date after a write.
 *
 * Run: `node --conditions=source --import tsx bench/live-lookups.ts` (about a minute).
 */
import { loadavg } from 'node:os';
import { buildEngineIndex } from '../packages/civic-search/src/search/embedded/engine-index';
import { runSearch } from '../packages/civic-search/src/search/embedded/run-search';
import { generateCorpus } from '../examples/content/generate-corpus';
import { searchParams } from './search-proxy';
import { spread, type Spread } from './stats';

const DOCUMENTS = 100_000;
const WRITES = 200;
const PER_WRITE = 10;

const corpus = generateCorpus({ count: DOCUMENTS });
const index = await buildEngineIndex(corpus);
const timed = (work: () => unknown) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};
// Warm up: every lookup the searches use is built once before measuring.
for (let n = 0; n < 100; n++) runSearch(index, 'bench', searchParams(n), 'warm-up');
const loadBefore = loadavg()[0];
const [puts, after, again]: number[][] = [[], [], []];
for (let write = 0; write < WRITES; write++) {
  const documents = Array.from({ length: PER_WRITE }, (_, i) => {
    const original = corpus[((write * PER_WRITE + i) * 7919) % corpus.length];
    return { ...original, title: `${original.title} (revised)` };
  });
  puts.push(timed(() => index.put(documents)));
  after.push(timed(() => runSearch(index, 'bench', searchParams(write), 'after')));
  again.push(timed(() => runSearch(index, 'bench', searchParams(write), 'again')));
}
const row = (label: string, figures: Spread) => `| ${label} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.max.toFixed(1)} |`;
console.log(
  [
    `${WRITES} writes of ${PER_WRITE} replaced pages at ${DOCUMENTS.toLocaleString('en')} documents (load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)})`,
    '',
    '| Step | p50 ms | p95 ms | max ms |',
    '|---|---:|---:|---:|',
    row(`put ${PER_WRITE}`, spread(puts)),
    row('the search right after the write', spread(after)),
    row('the same search again', spread(again)),
  ].join('\n'),
);
