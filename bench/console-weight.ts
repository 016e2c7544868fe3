/**
 * `node --conditions=source --import tsx bench/console-weight.ts`: the JavaScript each console screen costs, measured
 * in Chromium against a service with a fresh build of the console's browser code (build-console-client.mjs): every
 * script the page loads, gzipped (level 9, as a server would send it), once the page is idle and its islands are
 * mounted, each screen in a browser context of its own (a cold cache). The budget is 150 KB for any screen; figures
 * over it exit non-zero. Then each built file, minified and gzipped. Prints the load average beside the figures.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { chromium, type Browser } from 'playwright';
import { buildConsoleClient } from '../packages/civic-search/build-console-client.mjs';
import { createSearchService } from '../packages/civic-search/src/service/create-search-service';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const BUDGET_KB = 150;
const KEY = 'private-console-weight-bench-key';
const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const scratch = await mkdtemp(join(tmpdir(), 'console-weight-'));
const assetsDir = join(scratch, 'console-assets');
const files = await buildConsoleClient(assetsDir);
const service = await createSearchService({
  dataDir: join(scratch, 'search'),
  privateKey: KEY,
  inProcess: true,
  console: { assetsDir },
  engines: [{ name: 'site', documents: [{ id: 'bins', title: 'Bin collection days', body: 'When your bins are collected.' }] }],
});
await service.ready();
const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
await fetch(`${origin}/api/as/v1/engines/site/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"bins"}' });
await service.analytics!.flush();

const screens = [
  { name: 'sign-in', path: '/console/sign-in', signedIn: false },
  { name: 'engines (first screen after sign-in)', path: '/console', signedIn: true },
  { name: 'engine overview and reports (chart)', path: '/console/engines/site', signedIn: true },
  { name: 'one query', path: '/console/engines/site/queries/bins', signedIn: true },
];

async function sessionCookie(): Promise<string> {
  const response = await fetch(`${origin}/console/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: KEY }).toString(),
  });
  const cookie = /^civic_console=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`Signing in answered ${response.status}`);
  return cookie;
}

async function weigh(browser: Browser, screen: (typeof screens)[number]) {
  const context = await browser.newContext();
  // Signed in by the session's cookie alone, so the screen is the first page this browser loads: a cold cache.
  if (screen.signedIn) await context.addCookies([{ name: 'civic_console', value: await sessionCookie(), url: `${origin}/console` }]);
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') sizes.push(response.body().then(gzip));
  });
  await page.goto(origin + screen.path, { waitUntil: 'networkidle' });
  const islands = await page.locator('[data-island]').count();
  if (islands > 0) await page.locator('[data-island]:not([data-island-mounted])').first().waitFor({ state: 'detached' });
  const bytes = await Promise.all(sizes);
  await context.close();
  return { scripts: bytes.length, gzipBytes: bytes.reduce((sum, size) => sum + size, 0) };
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
let over = false;
console.log(`Console JavaScript per screen, gzipped, cold cache (load average ${loadavg().map((n) => n.toFixed(2)).join(' ')})\n`);
console.log('| screen | scripts | JavaScript, gzipped | budget |');
console.log('|---|---:|---:|---:|');
for (const screen of screens) {
  const weight = await weigh(browser, screen);
  over ||= weight.gzipBytes > BUDGET_KB * 1024;
  console.log(`| ${screen.name} | ${weight.scripts} | ${kb(weight.gzipBytes)} | ${BUDGET_KB} KB |`);
}
await browser.close();

console.log('\n| built file | minified | gzipped |');
console.log('|---|---:|---:|');
for (const file of files) {
  const bytes = await readFile(join(assetsDir, file));
  console.log(`| ${file} | ${kb(bytes.length)} | ${kb(gzip(bytes))} |`);
}

(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
await new Promise((resolve) => server.close(resolve));
await service.close();
await rm(scratch, { recursive: true, force: true });
if (over) {
  console.error(`A screen loads more than ${BUDGET_KB} KB of JavaScript gzipped.`);
  process.exitCode = 1;
}
