/**
 * `node --conditions=source --import tsx bench/page-weights.ts`: the JavaScript each example page costs a visitor
 * on each build of the kit, side by side, measured in Chromium (window 1280 x 720, one cold load per page): every
 * script response gzipped (level 9, as a server would send it) and counted: on load (the autoloader loads what is
 * near the first screen and upgrades at once; the page's idle callbacks are held, so elements waiting for the
 * visitor's intent or idle time stay out), after idle (those callbacks let run: the header's elements load), and
 * after scrolling to the end (everything). On load is what the budgets are for. Needs a build
 * (`npm run build`). Prints a markdown table; figures are reported, never asserted.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import type { KitBuild } from '../scripts/kit-builds.mjs';
import { examplePages } from '../test/e2e/pages';
import { startBenchSite } from './example-site';
import { HOLD_IDLE_SHIM, KEEP_NAMES_SHIM, releaseIdle, scrollToEnd, timeToUpgraded } from './page-probes';

/** Both builds, in the order the tables show them. */
export const BENCH_BUILDS: readonly KitBuild[] = ['react', 'lean'];
export const BUILD_NAMES: Readonly<Record<KitBuild, string>> = { react: 'React', lean: 'lean' };

/** Each build's budget for JavaScript on first load, gzipped, renderer included, by page. */
const SEARCH_PAGES = ['search page', 'search results', 'search results, filtered, page 2', 'search with no results'];
export const BUDGET_KB: Readonly<Record<KitBuild, Readonly<Record<string, number>>>> = {
  react: { 'content page': 80, ...Object.fromEntries(SEARCH_PAGES.map((page) => [page, 100])), 'document library': 125 },
  lean: { 'content page': 35, ...Object.fromEntries(SEARCH_PAGES.map((page) => [page, 50])), 'document library': 65 },
};

export interface ScriptWeight {
  scripts: number;
  gzipBytes: number;
}

export interface PageWeight {
  page: string;
  path: string;
  onLoad: ScriptWeight;
  /** Once the browser has been idle: the elements that wait for intent or idle time have loaded too. */
  afterIdle: ScriptWeight;
  afterScrolling: ScriptWeight;
  /** Layout shift while scrolling to the end, as the elements further down upgrade. */
  scrollCls: number;
}

/** Every example page, loaded cold from `origin` in a context of its own. */
export async function measurePageWeights(browser: Browser, origin: string): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  for (const { name, path } of examplePages) {
    const context = await browser.newContext();
    await context.addInitScript(KEEP_NAMES_SHIM);
    await context.addInitScript(HOLD_IDLE_SHIM);
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    const record = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    };
    page.on('response', record);
    const weightNow = async (): Promise<ScriptWeight> => {
      const bytes = await Promise.all(sizes.values());
      return { scripts: bytes.length, gzipBytes: bytes.reduce((sum, size) => sum + size, 0) };
    };
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    await timeToUpgraded(page);
    const onLoad = await weightNow();
    await releaseIdle(page);
    await timeToUpgraded(page, { deferredToo: true });
    // A bench, not a test: half a second more lets the chunks an upgrade asks for after rendering arrive.
    await page.waitForTimeout(500);
    const afterIdle = await weightNow();
    const scrollCls = await scrollToEnd(page);
    await page.waitForLoadState('networkidle');
    const afterScrolling = await weightNow();
    await context.close();
    weights.push({ page: name, path, onLoad, afterIdle, afterScrolling, scrollCls });
  }
  return weights;
}

/** Each build's page weights, the site serving that build for as long as it is measured. */
export async function measureBothBuilds(): Promise<Record<KitBuild, PageWeight[]>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const result = {} as Record<KitBuild, PageWeight[]>;
  try {
    for (const build of BENCH_BUILDS) {
      const site = await startBenchSite(build);
      try {
        result[build] = await measurePageWeights(browser, site.origin);
      } finally {
        await site.close();
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function weightCell({ scripts, gzipBytes }: ScriptWeight): string {
  return `${kb(gzipBytes)} (${scripts})`;
}

function budgetCell(build: KitBuild, page: string, { gzipBytes }: ScriptWeight): string {
  const budget = BUDGET_KB[build][page];
  if (budget === undefined) return '';
  return `${budget} KB, ${gzipBytes <= budget * 1024 ? 'met' : `over by ${kb(gzipBytes - budget * 1024)}`}`;
}

/** One row per page: each build's JavaScript on load against its budget, and after scrolling to the end. */
export function pageWeightsTable(weights: Record<KitBuild, PageWeight[]>): string {
  const [first, second] = BENCH_BUILDS;
  const rows = weights[first].map((row, index) => {
    const other = weights[second][index];
    return (
      `| ${row.page} | \`${row.path}\` | ${weightCell(row.onLoad)} | ${budgetCell(first, row.page, row.onLoad)} | ` +
      `${weightCell(other.onLoad)} | ${budgetCell(second, other.page, other.onLoad)} | ` +
      `${weightCell(row.afterIdle)} | ${weightCell(other.afterIdle)} | ` +
      `${weightCell(row.afterScrolling)} | ${weightCell(other.afterScrolling)} |`
    );
  });
  const [a, b] = [BUILD_NAMES[first], BUILD_NAMES[second]];
  return [
    `| Page | Path | ${a}: JS on load, gzipped (scripts) | ${a}: budget | ${b}: JS on load, gzipped (scripts) | ${b}: budget | ` +
      `${a}: after idle | ${b}: after idle | ${a}: after scrolling to the end | ${b}: after scrolling to the end |`,
    '|---|---|---:|---|---:|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(pageWeightsTable(await measureBothBuilds()));
}
