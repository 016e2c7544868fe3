/**
 * `node --conditions=source --import tsx bench/pages.ts`: what each example page costs a visitor, measured in Chromium.
 * - JavaScript transferred, gzipped (level 9, as a server would send it), and how many script requests: on load
 *   (the autoloader loads what is near the first screen) and after scrolling to the end (everything), against the
 *   issue's budgets. Window 1280 x 720.
 * - Time until every kit element in the first screen is upgraded and rendered: median of RUNS loads with 4x CPU
 *   throttling.
 * - Cumulative layout shift (CLS): during load, the worst of the runs; and while scrolling to the end, when the
 *   elements further down upgrade.
 * Needs a build (`npm run build`). Prints a markdown table; figures are reported, never asserted.
 */
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createSiteApp } from '../examples/site/app';
import { examplePages } from '../test/e2e/pages';
import { elementTags } from './element-tags';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CPU_THROTTLING = 4;

/** The issue's budgets for JavaScript per page, gzipped, React included. */
const BUDGET_KB: Readonly<Record<string, number>> = {
  'content page': 80,
  'search page': 100,
  'search results': 100,
  'search results, filtered, page 2': 100,
  'search with no results': 100,
  'document library': 125,
};

export interface PageFigures {
  page: string;
  path: string;
  onLoad: ScriptWeight;
  afterScrolling: ScriptWeight;
  upgradedMs: number;
  cls: number;
  scrollCls: number;
}

interface ScriptWeight {
  scripts: number;
  gzipBytes: number;
}

/**
 * Resolves when every kit element in the first screen is defined and has rendered (the ones further down load as
 * they come near); returns ms since navigation start.
 */
async function timeToUpgraded(page: Page): Promise<number> {
  return page.evaluate(async (tags) => {
    const selector = tags.join(',');
    const waitFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const inFirstScreen = (element: Element) =>
      [element, ...element.children].some((box) => {
        const rect = box.getBoundingClientRect();
        return rect.width * rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
      });
    await new Promise((resolve) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', resolve) : resolve(null)));
    for (;;) {
      const elements = [...document.querySelectorAll(selector)].filter(inFirstScreen);
      const waiting = elements.filter((element) => !customElements.get(element.localName));
      if (waiting.length === 0) break;
      await Promise.race([...new Set(waiting.map((element) => customElements.whenDefined(element.localName)))]);
    }
    // React renders on its own schedule after the upgrade: the frame after is when it is on screen.
    await waitFrame();
    return performance.now();
  }, elementTags);
}

async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Scrolls to the end half a screen at a time, as a reader would; returns the layout shift meanwhile. */
async function scrollToEnd(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) total += entry.value;
      }
    }).observe({ type: 'layout-shift' });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    while (scrollY + innerHeight < document.documentElement.scrollHeight - 1) {
      scrollBy({ top: innerHeight / 2, behavior: 'instant' });
      await pause();
    }
    await pause();
    return total;
  });
}

const weightOf = (sizes: Map<string, number>): ScriptWeight => ({
  scripts: sizes.size,
  gzipBytes: [...sizes.values()].reduce((sum, size) => sum + size, 0),
});

/** tsx compiles the in-page functions with esbuild's keepNames, which calls a `__name` helper the page lacks. */
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

export async function measurePages(): Promise<PageFigures[]> {
  const server = serve({ fetch: (await createSiteApp()).app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const figures: PageFigures[] = [];
  try {
    for (const { name, path } of examplePages) {
      // Weight: one cold load, every script response gzipped.
      const context = await browser.newContext();
      await context.addInitScript(KEEP_NAMES_SHIM);
      const page = await context.newPage();
      const sizes = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        sizes.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
      });
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      await timeToUpgraded(page);
      const onLoad = weightOf(sizes);
      const scrollCls = await scrollToEnd(page);
      await page.waitForLoadState('networkidle');
      const afterScrolling = weightOf(sizes);
      await context.close();

      const times: number[] = [];
      let cls = 0;
      for (let run = 0; run < RUNS; run++) {
        const runContext = await browser.newContext();
        await runContext.addInitScript(KEEP_NAMES_SHIM);
        const runPage = await runContext.newPage();
        const cdp = await runContext.newCDPSession(runPage);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
        await runPage.goto(origin + path, { waitUntil: 'commit' });
        times.push(await timeToUpgraded(runPage));
        cls = Math.max(cls, await layoutShift(runPage));
        await runContext.close();
      }
      times.sort((a, b) => a - b);
      figures.push({
        page: name,
        path,
        onLoad,
        afterScrolling,
        upgradedMs: times[Math.floor(times.length / 2)],
        cls,
        scrollCls,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  return figures;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function budgetCell(page: string, { gzipBytes }: ScriptWeight): string {
  const budget = BUDGET_KB[page];
  if (budget === undefined) return '';
  return `${budget} KB, ${gzipBytes <= budget * 1024 ? 'met' : `over by ${kb(gzipBytes - budget * 1024)}`}`;
}

export function pagesTable(figures: PageFigures[]): string {
  const rows = figures.map(
    (row) =>
      `| ${row.page} | \`${row.path}\` | ${kb(row.onLoad.gzipBytes)} (${row.onLoad.scripts}) | ${budgetCell(row.page, row.onLoad)} | ` +
      `${kb(row.afterScrolling.gzipBytes)} (${row.afterScrolling.scripts}) | ${Math.round(row.upgradedMs)} ms | ` +
      `${row.cls.toFixed(3)} | ${row.scrollCls.toFixed(3)} |`,
  );
  return [
    `| Page | Path | JS on load, gzipped (scripts) | Budget | JS after scrolling to the end (scripts) | ` +
      `First screen upgraded (median of ${RUNS}, ${CPU_THROTTLING}x CPU) | CLS, load | CLS, scrolling |`,
    '|---|---|---:|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(pagesTable(await measurePages()));
}
