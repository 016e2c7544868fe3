/**
 * `node --conditions=source --import tsx bench/pages.ts`: what each example page costs a visitor on each build of
 * the kit (React and lean), side by side, measured in Chromium:
 * - JavaScript transferred, gzipped, and how many script requests, on load and after scrolling to the end, against
 *   each build's budgets (bench/page-weights.ts).
 * - Time until every kit element in the first screen is upgraded and rendered: median of RUNS loads with 4x CPU
 *   throttling.
 * - Cumulative layout shift (CLS): during load, the worst of the runs; and while scrolling to the end, when the
 *   elements further down upgrade.
 * Needs a build (`npm run build`). Prints markdown tables; figures are reported, never asserted.
 */
import { chromium, type Browser } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import type { KitBuild } from '../scripts/kit-builds.mjs';
import { startBenchSite } from './example-site';
import { KEEP_NAMES_SHIM, layoutShift, timeToUpgraded } from './page-probes';
import { BENCH_BUILDS, BUILD_NAMES, measurePageWeights, pageWeightsTable, type PageWeight } from './page-weights';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CPU_THROTTLING = 4;

export interface PageFigures extends PageWeight {
  upgradedMs: number;
  cls: number;
}

/** The first screen's upgrade time (median of RUNS) and the worst load CLS of one page. */
async function timePage(browser: Browser, url: string): Promise<{ upgradedMs: number; cls: number }> {
  const times: number[] = [];
  let cls = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.goto(url, { waitUntil: 'commit' });
    times.push(await timeToUpgraded(page));
    cls = Math.max(cls, await layoutShift(page));
    await context.close();
  }
  times.sort((a, b) => a - b);
  return { upgradedMs: times[Math.floor(times.length / 2)], cls };
}

export async function measurePages(): Promise<Record<KitBuild, PageFigures[]>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const figures = {} as Record<KitBuild, PageFigures[]>;
  try {
    for (const build of BENCH_BUILDS) {
      const site = await startBenchSite(build);
      try {
        const weights = await measurePageWeights(browser, site.origin);
        figures[build] = [];
        for (const weight of weights) figures[build].push({ ...weight, ...(await timePage(browser, site.origin + weight.path)) });
      } finally {
        await site.close();
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/** One row per page: each build's upgrade time and layout shift. */
export function timesTable(figures: Record<KitBuild, PageFigures[]>): string {
  const [first, second] = BENCH_BUILDS;
  const [a, b] = [BUILD_NAMES[first], BUILD_NAMES[second]];
  const rows = figures[first].map((row, index) => {
    const other = figures[second][index];
    return (
      `| ${row.page} | ${Math.round(row.upgradedMs)} ms | ${Math.round(other.upgradedMs)} ms | ` +
      `${row.cls.toFixed(3)} | ${other.cls.toFixed(3)} | ${row.scrollCls.toFixed(3)} | ${other.scrollCls.toFixed(3)} |`
    );
  });
  return [
    `| Page | ${a}: first screen upgraded | ${b}: first screen upgraded | ${a}: CLS, load | ${b}: CLS, load | ` +
      `${a}: CLS, scrolling | ${b}: CLS, scrolling |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measurePages();
  console.log(pageWeightsTable(figures));
  console.log(`\nFirst screen upgraded: median of ${RUNS} loads with ${CPU_THROTTLING}x CPU throttling, ms from navigation start.\n`);
  console.log(timesTable(figures));
}
