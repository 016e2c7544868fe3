/**
 * `node --conditions=source --import tsx bench/lighthouse.ts`: Lighthouse (mobile defaults: simulated 4x CPU and slow 4G) on every
 * example page in the system Chromium. Prints performance, accessibility and best-practices scores and the
 * metrics behind performance. Needs a build (`npm run build`). Figures are reported, never asserted.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createSiteApp } from '../examples/site/app';
import { examplePages } from '../test/e2e/pages';

export interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

export async function measureLighthouse(): Promise<LighthouseFigures[]> {
  const server = serve({ fetch: (await createSiteApp()).app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] });
  const figures: LighthouseFigures[] = [];
  try {
    for (const { name, path } of examplePages) {
      const result = await lighthouse(origin + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        // Lighthouse audits only pages that answer 200 (the 404 page is checked by the e2e axe tests instead).
        console.error(`Lighthouse did not audit ${path}: ${runtimeError.code}`);
        continue;
      }
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        page: name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        failedAudits: Object.values(categories)
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      });
    }
  } finally {
    chrome.kill();
    server.close();
  }
  return figures;
}

export function lighthouseTable(figures: LighthouseFigures[]): string {
  const rows = figures.map(
    (row) =>
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${Math.round(row.fcpMs)} ms | ${Math.round(row.lcpMs)} ms | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.failedAudits.join(', ') || 'none'} |`,
  );
  return [
    '| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | Audits below full marks |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(lighthouseTable(await measureLighthouse()));
}
