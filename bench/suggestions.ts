/**
 * `node --conditions=source --import tsx bench/suggestions.ts`: the header search's suggestion round trip in Chromium, against the example
 * site and its embedded engine: from the keystroke (an input event in the field) to the painted list of suggestions,
 * median of RUNS words, at full speed and with 4x CPU throttling. It includes the 200 ms debounce
 * (SUGGEST_DEBOUNCE_MS); the second column is what remains after it (request, engine, proxy, render, paint).
 * Needs a build (`npm run build`). Prints a markdown table; figures are reported, never asserted.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { createSiteApp } from '../examples/site/app';
import { SUGGEST_DEBOUNCE_MS } from '../src/core/search-combobox';

const WORDS = ['rat', 'bin', 'dog', 'par', 'wat', 'bui', 'rub', 'roa', 'lib', 'fee', 'con', 'pla', 'noi', 'swi', 'cem', 'tre'];
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? WORDS.length), WORDS.length);
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

/** One word: set the field's text as a keystroke does and time until its suggestions are painted. */
async function roundTrip(page: Page, word: string): Promise<number> {
  const field = page.locator('header input[name="Search"]');
  await field.fill('');
  await page.waitForTimeout(SUGGEST_DEBOUNCE_MS * 2);
  await field.focus();
  return page.evaluate(
    (typed) =>
      new Promise<number>((resolve) => {
        const input = document.querySelector<HTMLInputElement>('header input[name="Search"]')!;
        const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
        let typedAt = 0;
        // A word without suggestions is left out rather than waited for.
        setTimeout(() => resolve(Number.NaN), 5000);
        const observer = new MutationObserver(() => {
          const first = listbox.querySelector('[role="option"]')?.textContent ?? '';
          if (input.getAttribute('aria-expanded') !== 'true' || !first.toLowerCase().startsWith(typed.slice(0, 2))) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - typedAt)));
        });
        observer.observe(listbox.parentElement!, { subtree: true, childList: true, attributes: true, characterData: true });
        input.value = typed;
        typedAt = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    word,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { app, search } = await createSiteApp();
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const rows: string[] = [];
try {
  for (const throttling of [1, 4]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => document.querySelector('header input[role="combobox"]'));
    // The engine's index is built at start: one word first, not timed.
    await roundTrip(page, 'rat');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling });
    const times: number[] = [];
    for (const word of WORDS.slice(0, RUNS)) {
      const time = await roundTrip(page, word);
      if (Number.isFinite(time)) times.push(time);
    }
    const sorted = [...times].sort((a, b) => a - b);
    rows.push(
      `| ${throttling}x | ${Math.round(median(times))} ms | ${Math.round(median(times) - SUGGEST_DEBOUNCE_MS)} ms | ${Math.round(sorted[0])} ms | ${Math.round(sorted.at(-1)!)} ms |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  await search.close();
}
console.log(
  [
    `| CPU | Keystroke to painted list (median of ${WORDS.slice(0, RUNS).length} words) | After the ${SUGGEST_DEBOUNCE_MS} ms debounce | Fastest | Slowest |`,
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
