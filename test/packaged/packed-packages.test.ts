/**
 * The two packages as a council gets them: packed, installed into a scratch project outside the repository, and
 * used only through what they publish. Run by `npm test` after the build (the tarballs hold dist/).
 *
 * - Installs each package alone and prints how many packages and bytes it brings; civic-search brings no
 *   civic-elements: what it shares with the kit is built into its code and declarations, and a server type-checks.
 * - Type-checks a TSX consumer (JSX tags, typed events, a class registered under a site's own name) and a
 *   TypeScript server using civic-search's programmatic API and its search page.
 * - Starts the installed `civic-search serve` on a documents file with a schema of its own, serves a static page
 *   from the installed civic-elements files on another origin, and checks in Chromium that the elements upgrade and
 *   that the header search box gets suggestions from the service through CORS.
 * - Points a stock Elastic Search UI app (headless driver, App Search connector) at the service from that origin:
 *   search, paging, facets, filters and suggestions.
 * - Drives the installed service's write API with both official App Search Node clients over HTTP (an engine made,
 *   a schema set, documents indexed, patched and deleted, searched and suggested), kills it with SIGKILL, starts it
 *   again on the same data folder and finds every acknowledged write.
 * - Crawls a small council site (robots.txt, a sitemap, linked pages, a PDF) with the installed `civic-search
 *   crawl` into that running service, and searches what it found; a page removed from the site leaves on the
 *   re-crawl.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { Client } from '@elastic/enterprise-search';
import AppSearchClient from '@elastic/app-search-node';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { hostPrebuiltAddons, type PrebuiltAddonHost } from './prebuilt-addons';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(import.meta.dirname, 'fixtures');
const NPM_INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
/** Installing from the registry and starting a service take a while on a busy machine. */
const SLOW = { timeout: 240_000 };

let scratch: string;
let tarballs: { elements: string; search: string };
/** The civic-search command as installed alone in a scratch project. */
let installedCli: string;
/** That scratch project: civic-search alone, no civic-elements. */
let serverAlone: string;
/** Where installs download better-sqlite3's prebuilt addon, as a council's do from its release page. */
let addonHost: PrebuiltAddonHost | undefined;

async function npm(args: string[], cwd: string) {
  return run('npm', args, { cwd, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, ...addonHost?.env } });
}

async function pack(args: string[]): Promise<string> {
  const { stdout } = await npm(['pack', '--json', '--pack-destination', scratch, ...args], ROOT);
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
  return join(scratch, packed.filename);
}

/** Packages under node_modules (scoped ones counted one by one) and the bytes of every file there. */
async function installedFootprint(dir: string): Promise<{ packages: number; bytes: number }> {
  const modules = join(dir, 'node_modules');
  let packages = 0;
  const countIn = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      if (entry.name.startsWith('@')) await countIn(join(folder, entry.name));
      else {
        packages++;
        const nested = join(folder, entry.name, 'node_modules');
        if (await stat(nested).catch(() => undefined)) await countIn(nested);
      }
    }
  };
  await countIn(modules);
  let bytes = 0;
  for (const file of await readdir(modules, { recursive: true, withFileTypes: true })) {
    if (file.isFile()) bytes += (await stat(join(file.parentPath, file.name))).size;
  }
  return { packages, bytes };
}

async function installAlone(name: string, tarball: string) {
  const dir = join(scratch, `alone-${name}`);
  await mkdir(dir);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `alone-${name}`, private: true, type: 'module' }));
  await npm([...NPM_INSTALL, tarball], dir);
  return { dir, ...(await installedFootprint(dir)) };
}

/** Serves `files` at / and the installed kit's dist/ at /civic/, as a council's web server would. */
async function staticSite(files: string, kit: string): Promise<{ server: Server; origin: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const [base, rest] = path.startsWith('/civic/') ? [kit, path.slice('/civic/'.length)] : [files, path === '/' ? 'index.html' : path];
    const file = normalize(join(base, rest));
    if (!file.startsWith(base)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A council's small site, as its web server sends it: each file with its real content type. */
async function councilSite(pages: Map<string, { type: string; body: string | Uint8Array }>): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!page) return void response.writeHead(404, { 'Content-Type': 'text/html' }).end('<title>Not found</title>');
    response.writeHead(200, { 'Content-Type': page.type }).end(page.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Starts the installed command and resolves with the address it prints. */
async function startService(
  bin: string,
  args: string[],
  cwd: string,
): Promise<{ child: ChildProcess; origin: string; output: () => string }> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const origin = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`civic-search did not start:\n${output}`)), 60_000);
    const look = () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => fail(new Error(`civic-search exited (${code}):\n${output}`)));
  });
  return { child, origin, output: () => output };
}

describe('the packed packages, installed as a council would', () => {
  let consumer: string;
  let service: Awaited<ReturnType<typeof startService>>;
  let site: Awaited<ReturnType<typeof staticSite>>;
  let browser: Browser;
  let page: Page;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'civic-packed-'));
    addonHost = await hostPrebuiltAddons(ROOT);
    tarballs = { elements: await pack([]), search: await pack(['--workspace', 'civic-search']) };
  }, SLOW);

  after(async () => {
    addonHost?.close();
    await browser?.close();
    site?.server.close();
    service?.child.kill('SIGTERM');
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('civic-elements installs with no runtime dependencies', SLOW, async () => {
    const alone = await installAlone('elements', tarballs.elements);
    console.log(`civic-elements installed: ${alone.packages} package(s), ${(alone.bytes / 1024).toFixed(0)} KB`);
    assert.equal(alone.packages, 1, 'only civic-elements itself');
    const kit = join(alone.dir, 'node_modules', 'civic-elements');
    for (const file of ['LICENSE', 'README.md', 'dist/THIRD-PARTY-NOTICES.md', 'dist/autoload.js', 'dist/custom-elements.json']) {
      assert.ok(await stat(join(kit, file)).catch(() => undefined), `${file} is in the package`);
    }
    const manifest = JSON.parse(await readFile(join(kit, 'dist/custom-elements.json'), 'utf8')) as { modules: Array<{ path: string }> };
    for (const module of manifest.modules) {
      assert.ok(await stat(join(kit, module.path)).catch(() => undefined), `the manifest's ${module.path} is in the package`);
    }
  });

  it('civic-search installs with its server dependencies only, and runs as a command', SLOW, async () => {
    const alone = await installAlone('search', tarballs.search);
    console.log(`civic-search installed: ${alone.packages} packages, ${(alone.bytes / 1024 / 1024).toFixed(1)} MB`);
    assert.ok(alone.packages > 1);
    const modules = await readdir(join(alone.dir, 'node_modules'));
    for (const browserOnly of ['react', 'react-dom', 'civic-elements', 'flatpickr', 'imask']) {
      assert.ok(!modules.includes(browserOnly), `${browserOnly} is not installed with the service`);
    }
    // What it shares with the kit (App Search's shapes, the URL state, paging) is built into its files.
    const installed = join(alone.dir, 'node_modules', 'civic-search');
    const namingTheKit: string[] = [];
    for (const file of await readdir(join(installed, 'dist'), { recursive: true, withFileTypes: true })) {
      if (!file.isFile() || !/\.(js|d\.ts)$/.test(file.name)) continue;
      const code = await readFile(join(file.parentPath, file.name), 'utf8');
      if (/(\bfrom\s*|\bimport\s*\(?\s*)['"]civic-elements(\/|['"])/.test(code)) namingTheKit.push(file.name);
    }
    assert.deepEqual(namingTheKit, [], 'no code or declaration of civic-search imports civic-elements');
    serverAlone = alone.dir;
    installedCli = join(installed, 'dist', 'cli.js');
    const { stdout } = await run(process.execPath, [installedCli, 'serve', '--help']);
    for (const option of [
      '--port',
      '--host',
      '--data',
      '--config',
      '--engine',
      '--private-key',
      '--cors-origin',
      '--trust-proxy',
      '--backend',
    ]) {
      assert.match(stdout, new RegExp(`${option} `), `--help documents ${option}`);
    }
  });

  it('type-checks a server with civic-search installed alone: the App Search types come with it', SLOW, async () => {
    assert.ok(serverAlone, 'civic-search was installed alone by the test above');
    const nodeTypes = JSON.parse(await readFile(join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')).version as string;
    await npm([...NPM_INSTALL, `@types/node@${nodeTypes}`], serverAlone);
    assert.ok(!(await readdir(join(serverAlone, 'node_modules'))).includes('civic-elements'));
    await cp(join(FIXTURES, 'server-alone.ts'), join(serverAlone, 'server-alone.ts'));
    const { jsx: _jsx, ...compilerOptions } = JSON.parse(await readFile(join(FIXTURES, 'tsconfig.json'), 'utf8')).compilerOptions;
    await writeFile(join(serverAlone, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['server-alone.ts'] }));
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', serverAlone]).catch((error: { stdout: string }) => error);
    // The fixture's @ts-expect-error lines fail the check if the kit's types came through as `any`.
    assert.equal('code' in checked ? checked.stdout : '', '', 'no type errors');
  });

  it('type-checks a TSX and a TypeScript consumer of both packages', SLOW, async () => {
    consumer = join(scratch, 'council-site');
    await mkdir(consumer);
    await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'council-site', private: true, type: 'module' }));
    const reactTypes = JSON.parse(await readFile(join(ROOT, 'node_modules/@types/react/package.json'), 'utf8')).version as string;
    const nodeTypes = JSON.parse(await readFile(join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')).version as string;
    await npm([...NPM_INSTALL, tarballs.elements, tarballs.search, `@types/react@${reactTypes}`, `@types/node@${nodeTypes}`], consumer);
    for (const file of ['consumer.tsx', 'server.ts', 'tsconfig.json', 'index.html', 'places.ndjson', 'civic-search.json']) {
      await cp(join(FIXTURES, file), join(consumer, file));
    }
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', consumer]).catch((error: { stdout: string }) => error);
    assert.equal('code' in checked ? checked.stdout : '', '', 'no type errors');
  });

  it('upgrades the installed elements, on each build, on a static page and suggests from the service on another origin', SLOW, async () => {
    const bin = join(consumer, 'node_modules', 'civic-search', 'dist', 'cli.js');
    site = await staticSite(consumer, join(consumer, 'node_modules', 'civic-elements', 'dist'));
    service = await startService(
      bin,
      ['--config', 'civic-search.json', '--port', '0', '--data', join(consumer, '.civic-search'), '--cors-origin', site.origin],
      consumer,
    );
    assert.match(service.output(), /engine "places" \(6 fields\)/);
    // The console's browser code came in the package: its pages name the loader, and the service serves it.
    const signInPage = await (await fetch(`${service.origin}/console/sign-in`)).text();
    const loader = /<script type="module" src="(\/console\/assets\/loader-\w+\.js)"/.exec(signInPage)?.[1];
    assert.ok(loader, 'the installed console names its loader');
    const served = await fetch(service.origin + loader);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const markup = (await readFile(join(FIXTURES, 'index.html'), 'utf8')).replace('__SERVICE__', service.origin);
    await writeFile(join(consumer, 'index.html'), markup);
    // The same page on the lean build: the installed package's dist/lean/, under the same names.
    await writeFile(join(consumer, 'lean.html'), markup.replaceAll('/civic/', '/civic/lean/'));

    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    for (const { path, renderer } of [
      { path: '/', renderer: /\/civic\/chunks\/react-[\w-]+\.js$/ },
      { path: '/lean.html', renderer: /\/civic\/lean\/chunks\/preact-[\w-]+\.js$/ },
    ]) {
      await page?.close();
      page = await browser.newPage();
      const failures: string[] = [];
      const scripts: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      await page.goto(site.origin + path);
      const section = page.getByRole('button', { name: 'Opening hours' });
      await section.waitFor();
      assert.equal(await section.getAttribute('aria-expanded'), 'false', path);
      await section.press('Enter');
      assert.equal(await section.getAttribute('aria-expanded'), 'true', path);

      const field = page.getByRole('combobox', { name: 'Search places' });
      await field.click();
      await field.pressSequentially('lib', { delay: 30 });
      const option = page.getByRole('option', { name: 'library' });
      await option.waitFor({ timeout: 15_000 });
      assert.deepEqual(failures, [], path);
      assert.ok(scripts.some((script) => renderer.test(script)), `${path} ran its build's renderer: ${scripts.join(', ')}`);
    }
  });

  it('answers a stock Elastic Search UI app on another origin: search, paging, facets, filters, suggestions', SLOW, async () => {
    const bundle = await build({
      entryPoints: [join(FIXTURES, 'search-ui-app.js')],
      bundle: true,
      format: 'iife',
      write: false,
      absWorkingDir: ROOT,
      nodePaths: [join(ROOT, 'node_modules')],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    await writeFile(join(consumer, 'search-ui-app.js'), bundle.outputFiles[0].text);
    await writeFile(
      join(consumer, 'search-ui.html'),
      `<!doctype html><html lang="en"><title>Search UI</title><script>window.SERVICE = ${JSON.stringify(service.origin)}</script><script src="/search-ui-app.js"></script></html>`,
    );
    await page.goto(`${site.origin}/search-ui.html`);
    await page.waitForFunction(() => (window as unknown as { searchUiReady?: boolean }).searchUiReady === true);
    type State = {
      error: string;
      totalResults: number;
      current: number;
      results: Array<{ name: { raw: string }; kind: { raw: string } }>;
      facets: Record<string, Array<{ data: Array<{ value: unknown; count: number }> }>>;
    };
    const call = (script: string) => page.evaluate(script) as Promise<State>;

    const searched = await call(`searchUi.search('library')`);
    assert.equal(searched.error, '');
    assert.equal(searched.totalResults, 3, 'two libraries and the seed library of the garden');
    const kinds = Object.fromEntries(searched.facets.kind[0].data.map(({ value, count }) => [value, count]));
    assert.deepEqual(kinds, { Library: 2, Park: 1 });
    const lengths = searched.facets.pages[0].data.map(({ count }) => count);
    assert.deepEqual(lengths, [1, 2]);

    const second = await call(`searchUi.page(2)`);
    assert.equal(second.current, 2);
    assert.equal(second.results.length, 1);
    assert.deepEqual(
      [...searched.results, ...second.results].map((result) => result.name.raw).sort(),
      ['Botanic Garden', 'Central Library', 'Northern Library'],
      'the two pages hold every match once',
    );

    const filtered = await call(`searchUi.filter('kind', 'Park')`);
    assert.deepEqual(
      filtered.results.map((result) => result.name.raw),
      ['Botanic Garden'],
    );
    assert.equal(filtered.facets.kind[0].data.length, 2, 'the filtered facet still lists every kind (disjunctive)');

    const suggestions = (await page.evaluate(`searchUi.suggest('harb')`)) as string[];
    assert.ok(
      suggestions.some((suggestion) => /harbour/i.test(suggestion)),
      `a suggestion for "harb": ${JSON.stringify(suggestions)}`,
    );
  });
  it('takes writes from both official App Search clients, searchable at once and kept through kill -9', SLOW, async () => {
    assert.ok(installedCli, 'civic-search was installed by the test above');
    const key = 'private-packed-clients-0123456789';
    const data = join(scratch, 'write-api-data');
    const args = ['--data', data, '--port', '0', '--private-key', key];
    let writer = await startService(installedCli, args, scratch);
    try {
      const client = new Client({ url: writer.origin, auth: { token: key } });
      await client.app.createEngine({ body: { name: 'notices', language: 'en' } });
      await client.app.putSchema({ engine_name: 'notices', schema: { posted: 'date' } });
      const indexed = await client.app.indexDocuments({
        engine_name: 'notices',
        documents: [
          { id: 'water', title: 'Water main renewal on Quay Street', posted: '2026-11-20' },
          { id: 'library', title: 'Library closed for the holiday', posted: '2026-11-21' },
          { title: 'Kerbside collection moves to Tuesday', posted: '2026-11-22' },
        ],
      });
      assert.deepEqual(
        (indexed as { id: string; errors: string[] }[]).map((result) => result.errors),
        [[], [], []],
      );
      const found = await client.app.search({ engine_name: 'notices', body: { query: 'water main' } });
      assert.deepEqual(
        (found.results as { id: { raw: string } }[]).map((result) => result.id.raw),
        ['water'],
        'a document is searchable as soon as its write is answered',
      );
      const older = new AppSearchClient(undefined, key, () => `${writer.origin}/api/as/v1/`);
      assert.deepEqual(await older.updateDocuments('notices', [{ id: 'library', title: 'Library open late on Thursdays' }]), [{ id: 'library', errors: [] }]);
      const destroyed = (await older.destroyDocuments('notices', ['water'])) as { id: string; deleted: boolean }[];
      assert.deepEqual(
        destroyed.map((result) => [result.id, result.deleted]),
        [['water', true]],
      );
      const late = (await older.search('notices', 'thursdays')) as { results: { id: { raw: string } }[] };
      assert.deepEqual(
        late.results.map((result) => result.id.raw),
        ['library'],
      );
      const suggested = await client.app.querySuggestion({ engine_name: 'notices', body: { query: 'kerb' } });
      assert.ok(suggested.results?.documents?.some((document) => document.suggestion?.startsWith('kerbside')), 'suggestions know the new words');
      const refused = await fetch(`${writer.origin}/api/as/v1/engines/notices/documents`, {
        method: 'POST',
        headers: { Authorization: 'Bearer private-not-the-key-000000', 'Content-Type': 'application/json' },
        body: '[]',
      });
      assert.equal(refused.status, 401);

      writer.child.kill('SIGKILL');
      await new Promise((done) => writer.child.once('exit', done));
      writer = await startService(installedCli, args, scratch);
      const again = new Client({ url: writer.origin, auth: { token: key } });
      const held = await again.app.getDocuments({ engine_name: 'notices', documentIds: ['water', 'library'] });
      assert.deepEqual(held, [null, { id: 'library', title: 'Library open late on Thursdays', posted: '2026-11-21' }]);
      const afterRestart = await again.app.search({ engine_name: 'notices', body: { query: 'thursdays' } });
      assert.deepEqual(
        (afterRestart.results as { id: { raw: string } }[]).map((result) => result.id.raw),
        ['library'],
      );
    } finally {
      writer.child.kill('SIGKILL');
    }
  });

  it('crawls a council site with the installed command into the running service, and the re-crawl drops a gone page', SLOW, async () => {
    assert.ok(installedCli, 'civic-search was installed by the test above');
    const pdf = await PDFDocument.create();
    pdf.setTitle('Dog control bylaw 2026');
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText('Dogs must be on a leash in the town centre at all times.', { x: 40, y: 700, font, size: 12 });
    const page = (title: string, body: string) =>
      `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title}."></head>` +
      `<body><header><nav><a href="/">Home</a> <a href="/rates">Rates</a> <a href="/dogs">Dogs</a></nav></header>` +
      `<main><h1>${title}</h1>${body}</main><footer>Harbour City Council</footer></body></html>`;
    const pages = new Map<string, { type: string; body: string | Uint8Array }>([
      ['/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' }],
      ['/', { type: 'text/html; charset=utf-8', body: page('Harbour City Council', '<p>Services for residents of the harbour city, from rates to registering a dog.</p>') }],
      ['/rates', { type: 'text/html; charset=utf-8', body: page('Pay your rates', '<p>Rates instalments are due on the 20th of August, November, February and May.</p>') }],
      ['/dogs', { type: 'text/html; charset=utf-8', body: page('Register your dog', '<p>Register your dog by 31 July. Read the <a href="/files/dog-bylaw.pdf">dog control bylaw (PDF)</a>.</p>') }],
      ['/private', { type: 'text/html; charset=utf-8', body: page('Staff only', '<p>Not for search.</p>') }],
      ['/files/dog-bylaw.pdf', { type: 'application/pdf', body: await pdf.save() }],
    ]);
    const site = await councilSite(pages);
    const key = 'private-packed-crawl-0123456789ab';
    const service = await startService(installedCli, ['--data', join(scratch, 'crawl-data'), '--port', '0', '--private-key', key], scratch);
    const crawl = () =>
      run(process.execPath, [installedCli, 'crawl', site.origin, '--engine', 'council', '--service', service.origin, '--delay', '0'], {
        cwd: scratch,
        env: { ...process.env, CIVIC_SEARCH_PRIVATE_KEY: key },
      });
    const search = async (query: string) => {
      const answer = await fetch(`${service.origin}/api/as/v1/engines/council/search.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, result_fields: { url: { raw: {} }, title: { raw: {} } } }),
      });
      assert.equal(answer.status, 200);
      return ((await answer.json()) as { results: { url: { raw: string } }[] }).results.map((result) => new URL(result.url.raw).pathname);
    };
    try {
      const first = await crawl();
      assert.match(first.stdout, /crawl: complete .* indexed 4, .* failed 0/s, `the summary counts three pages and the PDF:\n${first.stdout}`);
      assert.deepEqual(await search('instalments'), ['/rates']);
      assert.deepEqual(await search('leash'), ['/files/dog-bylaw.pdf'], 'the linked PDF is searchable by its text');
      assert.deepEqual(await search('staff'), [], 'robots.txt kept the private page out');

      pages.delete('/rates');
      const second = await crawl();
      assert.match(second.stdout, /deleted 1/, second.stdout);
      assert.deepEqual(await search('instalments'), [], 'a page the site no longer has leaves the results');
      assert.deepEqual(await search('leash'), ['/files/dog-bylaw.pdf']);
    } finally {
      service.child.kill('SIGKILL');
      site.server.close();
    }
  });
});
