import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleBrowser, serveOverHttp, TRUSTED_CLIENT_HEADER } from './support/console-browser';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { consoleRoutes } from '../../packages/civic-search/src/console';
import { buildConsoleClient } from '../../packages/civic-search/build-console-client.mjs';

/**
 * The console's overview, query pages and browser code, over real HTTP against the service, as a search manager and
 * their browser meet them: the overview's figures by day (table, chart props and CSV) for a range and a tag, one
 * query's results and clicks, the islands' code served once built and cached for a year, and the same guards as
 * every console page.
 */

const ROOT_KEY = 'private-console-overview-root-key';

let dataDir: string;
let assetsDir: string;
let builtFiles: string[];
let service: SearchService;
let server: Awaited<ReturnType<typeof serveOverHttp>>;
let url: string;
const { call, signIn } = consoleBrowser(() => url);
const today = new Date().toISOString().slice(0, 10);

async function api(path: string, body: object) {
  const response = await fetch(`${url}/api/as/v1/engines/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json() as Promise<{ meta: { request_id: string } }>;
}

/** A visitor's search, and their click on `documentId` when given; `tags` as the site's search box sends them. */
async function visitorSearches(query: string, options: { click?: string; tags?: string[] } = {}) {
  const tags = options.tags && { analytics: { tags: options.tags } };
  const answer = await api('parks/search', { query, ...tags });
  if (options.click) {
    await api('parks/click', { query, document_id: options.click, request_id: answer.meta.request_id, ...(options.tags && { tags: options.tags }) });
  }
}

async function createKey(body: object): Promise<string> {
  const response = await fetch(`${url}/api/as/v1/credentials`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ROOT_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { key: string }).key;
}

/** The text of the section headed by the element with `id`, up to the section's end. */
function section(body: string, id: string): string {
  const start = body.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `the page has a section ${id}`);
  return body.slice(start, body.indexOf('</section>', start));
}

/** The rows of a table's body as cell texts (tags removed). */
function rows(html: string): string[][] {
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
  );
}

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'civic-console-overview-'));
  assetsDir = join(dataDir, 'console-assets');
  builtFiles = await buildConsoleClient(assetsDir);
  service = await createSearchService({
    dataDir: join(dataDir, 'search'),
    privateKey: ROOT_KEY,
    inProcess: true,
    trustProxy: TRUSTED_CLIENT_HEADER,
    console: { assetsDir },
    engines: [
      {
        name: 'parks',
        documents: [
          { id: 'p1', title: 'Parks and playgrounds', body: 'Find a park near you.', url: '/parks' },
          { id: 'p2', title: 'Dog parks', body: 'Parks where dogs may run free.', url: '/parks/dogs' },
          { id: 'p3', title: 'Skate park opening hours', body: 'The skate park opens at dawn.', url: '/parks/skate' },
        ],
      },
      { name: 'libraries', documents: [{ id: 'l1', title: 'Library opening hours', body: 'Borrow books.' }] },
    ],
  });
  await service.ready();
  server = await serveOverHttp(service.fetch);
  url = server.url;

  // Today's traffic: 4 searches for park (3 from the header's box, tagged), 2 of them clicked; 2 that find nothing.
  await visitorSearches('park', { click: 'p2', tags: ['header'] });
  await visitorSearches('park', { click: 'p2', tags: ['header'] });
  await visitorSearches('park', { tags: ['header'] });
  await visitorSearches('park', { click: 'p3' });
  await visitorSearches('zebra crossing permit');
  await visitorSearches('zebra crossing permit');
  await service.analytics!.flush();
});

after(async () => {
  await server.close();
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the overview of an engine', () => {
  it('shows searches, no-result rate and click-through for the range as totals, a table by day and the chart’s figures', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const page = await call(`/console/engines/parks?from=${today}&to=${today}`, { cookie });
    assert.equal(page.status, 200);
    const overview = section(page.body, 'overview');
    assert.match(overview, /<dt>Searches<\/dt><dd>6<\/dd>/);
    assert.match(overview, /<dt>No-result rate<\/dt><dd>33\.3%<\/dd>/);
    assert.match(overview, /<dt>Click-through<\/dt><dd>50\.0%<\/dd>/);
    assert.deepEqual(rows(overview).map((row) => row.slice(1)), [['6', '2', '33.3%', '3', '50.0%']]);
    const props = /data-island="overview-chart" data-props="([^"]+)"/.exec(overview)?.[1];
    assert.ok(props, 'the chart is an island with its figures');
    assert.deepEqual(JSON.parse(props.replace(/&quot;/g, '"')), { days: [{ day: today, searches: 6, noResultRate: 2 / 6, clickThrough: 3 / 6 }] });
    assert.match(overview, /Charts of these figures need JavaScript/, 'without scripts the island says the table has the figures');
  });

  it('has a day in the table for every day of the range, searched or not', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const page = await call('/console/engines/parks?from=2025-03-30&to=2025-04-02', { cookie });
    assert.equal(page.status, 200);
    const table = rows(section(page.body, 'overview'));
    assert.deepEqual(
      table.map((row) => row[0]),
      ['Sun, 30 Mar 2025', 'Mon, 31 Mar 2025', 'Tue, 1 Apr 2025', 'Wed, 2 Apr 2025'],
    );
    assert.deepEqual(table[0]!.slice(1), ['0', '0', '–', '0', '–']);
  });

  it('keeps only the searches sent with a tag when one is given, in the reports and their links too', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const page = await call(`/console/engines/parks?from=${today}&to=${today}&tag=header`, { cookie });
    assert.equal(page.status, 200);
    assert.match(page.body, /<input id="tag" name="tag" type="text" value="header"/);
    assert.deepEqual(rows(section(page.body, 'overview')).map((row) => row.slice(1)), [['3', '0', '0.0%', '2', '66.7%']]);
    assert.doesNotMatch(section(page.body, 'no-results'), /zebra/, 'the untagged no-result searches are left out');
    const filter = `from=${today}&amp;to=${today}&amp;tag=header`;
    assert.match(page.body, new RegExp(`href="/console/engines/parks/overview.csv\\?${filter}"`));
    assert.match(section(page.body, 'top'), new RegExp(`<a href="/console/engines/parks/queries/park\\?${filter}">park</a>`));
  });

  it('downloads the same figures as CSV for the range and tag', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const all = await call(`/console/engines/parks/overview.csv?from=${today}&to=${today}`, { cookie });
    assert.equal(all.status, 200);
    assert.match(all.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
    assert.match(all.headers.get('content-disposition') ?? '', new RegExp(`^attachment; filename="parks-overview-${today}-to-${today}.csv"`));
    assert.equal(
      all.body,
      'date,searches,searches_without_results,no_result_rate_percent,clicks,click_through_percent\r\n' + `${today},6,2,33.3,3,50\r\n`,
    );
    const tagged = await call(`/console/engines/parks/overview.csv?from=${today}&to=${today}&tag=header`, { cookie });
    assert.equal(tagged.body.split('\r\n')[1], `${today},3,0,0,2,66.7`);
    const days = await call('/console/engines/parks/overview.csv?from=2025-01-01&to=2025-01-03', { cookie });
    assert.deepEqual(days.body.trim().split('\r\n').slice(1), ['2025-01-01,0,0,,0,', '2025-01-02,0,0,,0,', '2025-01-03,0,0,,0,']);
    const backwards = await call('/console/engines/parks/overview.csv?from=2025-02-01&to=2025-01-01', { cookie });
    assert.equal(backwards.status, 400);
    assert.match(backwards.body, /The end date must be the same as or after the start date/);
  });

  it('says what is wrong with a range too long or a tag no search can have', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const long = await call('/console/engines/parks?from=2000-01-01&to=2026-01-01', { cookie });
    assert.equal(long.status, 400);
    assert.match(long.body, /role="alert"[\s\S]*Choose a range of at most 1098 days/);
    const tag = await call(`/console/engines/parks?tag=${'x'.repeat(65)}`, { cookie });
    assert.equal(tag.status, 400);
    assert.match(tag.body, /A tag has at most 64 characters/);
  });
});

describe('one query’s page', () => {
  it('shows the results a visitor sees now, which were opened and where they stand, and records no search', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const page = await call(`/console/engines/parks/queries/park?from=${today}&to=${today}`, { cookie });
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Searches for “park”<\/h1>/);
    assert.match(section(page.body, 'figures'), /<dt>Searches<\/dt><dd>4<\/dd>/);
    assert.match(section(page.body, 'figures'), /<dt>Clicks<\/dt><dd>3<\/dd>/);
    const now = section(page.body, 'results-now');
    const titles = [...now.matchAll(/<span class="result-title">(.*?)<\/span>/g)].map((match) => match[1]);
    assert.deepEqual([...titles].sort(), ['Dog parks', 'Parks and playgrounds', 'Skate park opening hours']);
    assert.match(now, /Dog parks<\/span><span class="result-url">\/parks\/dogs<\/span><span class="result-clicks">2 clicks in this range/);
    const clicked = rows(section(page.body, 'clicked'));
    assert.deepEqual(
      clicked.map(([title, clicks]) => [title, clicks]),
      [
        ['Dog parks', '2'],
        ['Skate park opening hours', '1'],
      ],
    );
    // Where each clicked result stands is where it is in the list shown now.
    for (const [title, , position] of clicked) assert.equal(titles[Number(position) - 1], title);
    assert.match(section(page.body, 'clicked'), /not where it stood then/);

    await service.analytics!.flush();
    const counts = await call(`/console/engines/parks/overview.csv?from=${today}&to=${today}`, { cookie });
    assert.equal(counts.body.split('\r\n')[1]!.split(',')[1], '6', 'looking at a query records no search');
  });

  it('takes a query with any characters, and keeps the tag', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    await visitorSearches('parks/reserves & "fields"', { tags: ['footer'] });
    await service.analytics!.flush();
    const report = await call(`/console/engines/parks?from=${today}&to=${today}&tag=footer`, { cookie });
    const link = /<a href="([^"]+)">parks\/reserves &amp; &quot;fields&quot;<\/a>/.exec(section(report.body, 'top'))?.[1];
    assert.ok(link, 'the report links the query to its page');
    const page = await call(link.replace(/&amp;/g, '&'), { cookie });
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Searches for “parks\/reserves &amp; &quot;fields&quot;”<\/h1>/);
    assert.match(section(page.body, 'figures'), /<dt>Searches<\/dt><dd>1<\/dd>/);
    assert.match(page.body, /<input id="tag" name="tag" type="text" value="footer"/);
  });

  it('says a search finds nothing when it does, with its no-result rate', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    const page = await call(`/console/engines/parks/queries/zebra%20crossing%20permit?from=${today}&to=${today}`, { cookie });
    assert.equal(page.status, 200);
    assert.match(section(page.body, 'figures'), /<dt>No-result rate<\/dt><dd>100\.0%<\/dd>/);
    assert.match(section(page.body, 'results-now'), /This search finds nothing now/);
    assert.match(section(page.body, 'clicked'), /Nobody opened a result of this search in this range/);
  });
});

describe('the overview’s guards', () => {
  const paths = ['/console/engines/parks', '/console/engines/parks/overview.csv', '/console/engines/parks/queries/park'];

  it('sends a visitor without a session to sign in', async () => {
    for (const path of paths) {
      const answer = await call(path);
      assert.equal(answer.status, 303, path);
      assert.equal(answer.location, '/console/sign-in', path);
    }
  });

  it('refuses a key scoped to another engine with 403, and serves it its own', async () => {
    const librariesOnly = await createKey({ name: 'libraries-reader', type: 'private', read: true, write: false, access_all_engines: false, engines: ['libraries'] });
    const { cookie } = await signIn(librariesOnly);
    for (const path of paths) {
      const answer = await call(path, { cookie });
      assert.equal(answer.status, 403, path);
      assert.doesNotMatch(answer.body, /park<|Dog parks|6,2/, path);
    }
    assert.equal((await call('/console/engines/libraries/overview.csv', { cookie })).status, 200);
    assert.equal((await call('/console/engines/libraries/queries/books', { cookie })).status, 200);
  });

  it('answers 404 for an engine that does not exist', async () => {
    const { cookie } = await signIn(ROOT_KEY);
    assert.equal((await call('/console/engines/nowhere/overview.csv', { cookie })).status, 404);
    assert.equal((await call('/console/engines/nowhere/queries/park', { cookie })).status, 404);
  });
});

describe('the console’s browser code', () => {
  it('is named by every page, as one module script', async () => {
    const [loader] = builtFiles;
    const signInPage = await call('/console/sign-in');
    assert.match(signInPage.body, new RegExp(`<head>.*<script type="module" src="/console/assets/${loader}"></script>.*</head>`, 's'));
    const { cookie } = await signIn(ROOT_KEY);
    const reports = await call('/console/engines/parks', { cookie });
    assert.equal(reports.body.match(/<script/g)?.length, 1, 'one script, and no inline one');
  });

  it('is served cached for a year, every file the build made, as JavaScript', async () => {
    for (const file of builtFiles) {
      const answer = await call(`/console/assets/${file}`);
      assert.equal(answer.status, 200, file);
      assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable', file);
      assert.equal(answer.headers.get('content-type'), 'text/javascript; charset=utf-8', file);
      assert.equal(answer.body, await readFile(join(assetsDir, file), 'utf8'), file);
    }
    const island = builtFiles.find((file) => file.startsWith('overview-chart-'));
    assert.ok(island, 'the chart island is a chunk of its own');
    const loader = await call(`/console/assets/${builtFiles[0]}`);
    assert.ok(loader.body.includes(island), 'the loader imports the island by its hashed name');
    assert.ok(loader.body.length < 4_000, `the loader is small (${loader.body.length} bytes) and holds no island or React`);
  });

  it('weighs under 150 KB gzipped all together, so no screen can load more than that', async () => {
    let total = 0;
    for (const file of builtFiles) total += gzipSync(await readFile(join(assetsDir, file)), { level: 9 }).length;
    assert.ok(total < 150 * 1024, `the console's browser code is ${(total / 1024).toFixed(1)} KB gzipped`);
  });

  it('answers 404 for anything else, wherever it points, and never caches that', async () => {
    for (const path of [
      '/console/assets/loader.js',
      '/console/assets/manifest.json',
      '/console/assets/..%2Fmanifest.json',
      '/console/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
      '/console/assets/..%5C..%5Cpackage.json',
      '/console/assets/',
      `/console/assets/${builtFiles[0]}/x`,
    ]) {
      const answer = await call(path);
      assert.ok(answer.status === 404 || (answer.status === 303 && answer.location === '/console/sign-in'), `${path}: ${answer.status}`);
      assert.notEqual(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable', path);
      assert.doesNotMatch(answer.body, /"loader"|"name": "civic-search"/, path);
    }
  });

  it('is left out, said once in the log, where it was not built: the pages then need no script', async () => {
    const empty = join(dataDir, 'not-built');
    await mkdir(empty);
    const logged: string[] = [];
    const app = consoleRoutes({
      keys: { grantFor: async () => undefined },
      store: service.operatorStore,
      engineNames: () => [],
      assetsDir: empty,
      log: (message) => logged.push(message),
    });
    const page = await app.request('/console/sign-in');
    assert.equal(page.status, 200);
    assert.doesNotMatch(await page.text(), /<script/);
    assert.equal((await app.request(`/console/assets/${builtFiles[0]}`)).status, 404);
    await app.request('/console/sign-in');
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /no built browser code in .*not-built .*npm run build.*work without JavaScript/);
  });
});
