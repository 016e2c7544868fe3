/**
 * `node --import tsx bench/pages.ts`: what each example page costs a visitor, measured in Chromium.
 * - JavaScript transferred, gzipped (level 9, as a server would send it), and how many script requests.
 * - Time until every kit element on the page is upgraded and rendered: median of RUNS loads with 4x CPU throttling.
 * - Cumulative layout shift during load (CLS), the worst of the runs.
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

export interface PageFigures {
  page: string;
  path: string;
  scripts: number;
  jsGzipBytes: number;
  upgradedMs: number;
  cls: number;
}

/** Resolves when every kit element in the page is defined and has rendered; returns ms since navigation start. */
async function timeToUpgraded(page: Page): Promise<number> {
  return page.evaluate(async (tags) => {
    const selector = tags.join(',');
    const waitFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    for (;;) {
      const elements = [...document.querySelectorAll(selector)];
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

/** tsx compiles the in-page functions with esbuild's keepNames, which calls a `__name` helper the page lacks. */
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

export async function measurePages(): Promise<PageFigures[]> {
  const server = serve({ fetch: createSiteApp().fetch, port: 0, hostname: '127.0.0.1' });
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
        scripts: sizes.size,
        jsGzipBytes: [...sizes.values()].reduce((sum, size) => sum + size, 0),
        upgradedMs: times[Math.floor(times.length / 2)],
        cls,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  return figures;
}

export function pagesTable(figures: PageFigures[]): string {
  const rows = figures.map(
    (row) =>
      `| ${row.page} | \`${row.path}\` | ${row.scripts} | ${(row.jsGzipBytes / 1024).toFixed(1)} KB | ${Math.round(row.upgradedMs)} ms | ${row.cls.toFixed(3)} |`,
  );
  return [
    `| Page | Path | Scripts | JS gzipped | Upgraded (median of ${RUNS}, ${CPU_THROTTLING}x CPU) | CLS |`,
    '|---|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(pagesTable(await measurePages()));
}
