/**
 * `npm run bench`: every figure of the kit, printed as tables and kept in bench/RESULTS.md with the command and
 * the machine. Builds first. Each benchmark runs in its own process (figures are reported, never asserted):
 *   size            bench/size.mjs           gzipped size of each entry, both builds (React, lean), and of the search core
 *   pages           bench/pages.ts           JS per example page, time until upgraded (4x CPU), layout shift, both builds
 *   suggestions     bench/suggestions.ts     header search: key press to rendered suggestions, in Chromium
 *   lighthouse      bench/lighthouse.ts      Lighthouse scores on every example page
 *   search engines  bench/search-engines.ts  MiniSearch, Orama, FlexSearch at 10,000 and 100,000 documents
 *   search proxy    bench/search-proxy.ts    the proxy under 50 concurrent clients over loopback
 *   write-api       bench/write-api.ts       civic-search's write API: indexing rate, write to searchable, searches
 *                                            during writes, the site under costly searches; the libraries' own rates
 *   crawl           bench/crawl.ts           the crawler over the example site: pages a second, a re-crawl with nothing changed
 *   abuse           bench/abuse.ts           the example site's home page while one client sends every route's costliest
 *                                            request at its limit, with the cost limits and without
 * `npm run bench -- pages lighthouse` runs only those and replaces only their sections of bench/RESULTS.md (the
 * others keep the figures, command and date of their last run); BENCH_QUICK=1 shortens the search runs.
 */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem, release } from 'node:os';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { chromiumPath } from '../scripts/chromium.mjs';

const quick = process.env.BENCH_QUICK === '1';
const benches = [
  // The pages section measures what each page loads, so the size section keeps to the entries.
  { name: 'size', title: 'Bundle size, both builds', command: ['node', 'bench/size.mjs', '--entries-only'] },
  {
    name: 'pages',
    title: 'Example pages, both builds: JavaScript, upgrade time, layout shift',
    command: ['node', '--conditions=source', '--import', 'tsx', 'bench/pages.ts'],
  },
  { name: 'suggestions', title: 'Suggestion round trip in the browser', command: ['node', '--conditions=source', '--import', 'tsx', 'bench/suggestions.ts'] },
  { name: 'lighthouse', title: 'Lighthouse', command: ['node', '--conditions=source', '--import', 'tsx', 'bench/lighthouse.ts'] },
  {
    name: 'search-engines',
    title: 'Embedded search engine candidates',
    command: ['node', '--conditions=source', '--import', 'tsx', 'bench/search-engines.ts', ...(quick ? ['--quick'] : [])],
  },
  {
    name: 'search-proxy',
    title: 'Search proxy under load',
    command: ['node', '--expose-gc', '--conditions=source', '--import', 'tsx', 'bench/search-proxy.ts', ...(quick ? ['--quick'] : [])],
  },
  {
    name: 'write-api',
    title: 'Write API and live index',
    command: ['node', '--conditions=source', '--import', 'tsx', 'bench/write-api.ts', ...(quick ? ['--quick'] : [])],
  },
  { name: 'crawl', title: 'Crawler', command: ['node', '--conditions=source', '--import', 'tsx', 'bench/crawl.ts'] },
  {
    name: 'abuse',
    title: 'One costly client against the example site',
    command: ['node', '--conditions=source', '--import', 'tsx', 'bench/abuse.ts', ...(quick ? ['--quick'] : [])],
  },
];

const chosen = process.argv.slice(2);
const selected = chosen.length ? benches.filter((bench) => chosen.includes(bench.name)) : benches;

function chromiumVersion(): string {
  const result = spawnSync(chromiumPath(), ['--version'], { encoding: 'utf8' });
  return result.stdout.trim() || 'unknown';
}

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Linux ${release()}, Node ${process.version}, ${chromiumVersion()}`;
const sections = new Map<string, string>();
let failed = false;
for (const bench of selected) {
  const script = bench.command.find((part) => part.startsWith('bench/'))!;
  if (!existsSync(script)) continue;
  console.log(`\n## ${bench.title}\n`);
  const started = Date.now();
  const result = spawnSync(bench.command[0], bench.command.slice(1), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
  });
  const output = result.stdout.trim();
  console.log(output);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    failed = true;
    console.error(`${bench.name} failed (exit ${result.status}).`);
  }
  // A section run on its own names its date and machine: the file's header speaks for the last full run only.
  const when = chosen.length ? `${new Date().toISOString().slice(0, 10)}, ` : '';
  const where = chosen.length ? `Machine: ${machine}.\n\n` : '';
  sections.set(
    bench.title,
    `## ${bench.title}\n\n\`${bench.command.join(' ')}\` (${when}${seconds} s${result.status === 0 ? '' : `, FAILED with exit ${result.status}`})\n\n${where}${output}\n`,
  );
}

const RESULTS = 'bench/RESULTS.md';
if (chosen.length === 0) {
  const header = `# Benchmark results\n\nThe last full run of \`npm run bench\`${quick ? ' (BENCH_QUICK=1)' : ''}, ${new Date().toISOString().slice(0, 10)}.\n\nMachine: ${machine}.\n\nFigures are measurements of one run on this machine, not guarantees; other work on the machine inflates the times.\n`;
  writeFileSync(RESULTS, `${header}\n${[...sections.values()].join('\n')}`);
  console.log(`\nWritten to ${RESULTS}`);
} else if (existsSync(RESULTS)) {
  // Each section runs from its "## title" line to the next one. A section run now replaces the one of the same
  // title, or is added at the end; the rest of the file is kept as it was.
  const parts = readFileSync(RESULTS, 'utf8').split(/^(?=## )/m);
  const titleOf = (part: string) => part.match(/^## (.*)$/m)?.[1];
  const kept = parts.map((part) => {
    const title = titleOf(part);
    if (title === undefined || !sections.has(title)) return part;
    const replacement = sections.get(title)!;
    sections.delete(title);
    return `${replacement}\n`;
  });
  const added = [...sections.values()].map((section) => `${section}\n`);
  writeFileSync(RESULTS, [...kept, ...added].join('').replace(/\n+$/, '\n'));
  console.log(`\nSections ${selected.map((bench) => `"${bench.title}"`).join(', ')} written to ${RESULTS}`);
}
process.exit(failed ? 1 : 0);
