/**
 * `node --import tsx bench/suggestions.ts`: the header search box's suggestion round trip in Chromium, against the
 * example site's embedded engine: from the key press that completes a prefix to the suggestions on screen (debounce,
 * proxy, engine and render included). Median and p95 of RUNS prefixes. Needs a build (`npm run build`).
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createSiteApp } from '../examples/site/app';

const PREFIXES = ['bui', 'rat', 'rub', 'par', 'dog', 'wat', 'lib', 'roa', 'con', 'pla', 'rec', 'swi'];
const RUNS = Number(process.env.BENCH_RUNS ?? 24);
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

export async function measureSuggestions(): Promise<number[]> {
  const app = createSiteApp();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const times: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(KEEP_NAMES_SHIM);
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    const field = page.locator('site-search [role="combobox"]');
    await field.waitFor();
    for (let run = 0; run < RUNS; run++) {
      const prefix = PREFIXES[run % PREFIXES.length];
      await field.fill('');
      await page.waitForFunction(() => !document.querySelector('site-search [role="option"]'));
      await field.fill(prefix.slice(0, -1));
      // Time from the last key press to the first frame that shows suggestions.
      const waiting = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let pressed = 0;
            const field = document.querySelector('site-search [role="combobox"]')!;
            field.addEventListener('keydown', () => (pressed = performance.now()), { once: true });
            const check = () => {
              if (pressed && document.querySelector('site-search [role="option"]')) resolve(performance.now() - pressed);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      );
      await page.keyboard.press(prefix.at(-1)!);
      times.push(await waiting);
    }
  } finally {
    await browser.close();
    server.close();
  }
  return times.sort((a, b) => a - b);
}

export function suggestionsTable(times: number[]): string {
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return [
    `| Runs | p50 | p95 | Fastest | Slowest |`,
    '|---:|---:|---:|---:|---:|',
    `| ${times.length} | ${Math.round(at(0.5))} ms | ${Math.round(at(0.95))} ms | ${Math.round(times[0])} ms | ${Math.round(times.at(-1)!)} ms |`,
    '',
    'Key press to suggestions on screen, including the search box debounce.',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(suggestionsTable(await measureSuggestions()));
}
