import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBrowser, serveConsole, serveOverHttp, type ServedConsole, type Session } from './support/console-browser';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { page as sitePage, startTestSite, type TestSite } from './crawler-test-site';

/**
 * The console's admin screens over real HTTP, driven as a browser drives them (GET a page, POST its form with the
 * CSRF token, follow the redirect): keys made, shown once and revoked; log settings; an engine's documents and schema.
 * Each check is also made against the API, which is what the console acts through.
 */

const ROOT_KEY = 'private-console-admin-root-key';

let dataDir: string;
let served: ServedConsole | undefined;
let service: SearchService;
let server: Awaited<ReturnType<typeof serveOverHttp>>;
let url: string;
const { call, signIn } = consoleBrowser(() => url);

/** A POST of a console form, then the page its redirect leads to (as a browser follows it). */
async function submit(session: Session, path: string, form: Record<string, string | string[]>) {
  const posted = await call(path, { form: { csrf: session.csrf, ...form }, cookie: session.cookie });
  const followed = posted.status === 303 && posted.location ? await call(posted.location, { cookie: session.cookie }) : undefined;
  return { posted, followed };
}

async function api(method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(`${url}/api/as/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function createKey(body: object): Promise<string> {
  const made = await api('POST', '/credentials', ROOT_KEY, body);
  assert.equal(made.status, 200, JSON.stringify(made.body));
  return (made.body as { key: string }).key;
}

/** Every file under a folder, as bytes: what someone with a copy of the data folder would hold. */
async function filesUnder(folder: string): Promise<{ path: string; bytes: Buffer }[]> {
  const found: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ path, bytes: await readFile(path) });
  }
  return found;
}

before(async () => {
  served = await serveConsole('civic-console-admin', {
    privateKey: ROOT_KEY,
    engines: [
      {
        name: 'parks',
        schema: { title: 'text', body: 'text', visits: 'number' },
        documents: [
          { id: 'p1', title: 'Parks and playgrounds', body: 'Find a park near you.', visits: 12 },
          { id: 'p2', title: 'Dog exercise areas', body: 'Where dogs may run off the lead.', visits: 3 },
          { id: 'maps/north park', title: 'North park map', body: 'A map of the north park.', visits: 1 },
        ],
      },
      { name: 'libraries', documents: [{ id: 'l1', title: 'Library opening hours', body: 'Borrow books.' }] },
    ],
  });
  ({ service, server, dataDir } = served);
  url = server.url;
});

after(() => served?.stop());

describe('keys', () => {
  it('are made in the console, work on the API at once, and are shown only on the page that answers their creation', async () => {
    const adminKey = await createKey({ name: 'console-admin', type: 'admin' });
    const session = await signIn(adminKey);
    assert.match(session.home, /<a href="\/console\/keys">Keys<\/a>/, 'the first page links to the keys for a key that manages them');

    const form = await call('/console/keys/new', { cookie: session.cookie });
    assert.equal(form.status, 200);
    assert.match(form.body, /<label for="name">Name<\/label>/);
    const created = await call('/console/keys', {
      form: { csrf: session.csrf, name: 'cms-parks', type: 'private', read: 'true', write: 'true', scope: 'chosen', engines: ['parks'] },
      cookie: session.cookie,
    });
    assert.equal(created.status, 200, 'the key is on the answer to the POST itself, never behind a redirect');
    assert.equal(created.headers.get('cache-control'), 'no-store');
    assert.match(created.body, /Copy the key now\. It will not be shown again\./);
    const key = /id="new-key"[^>]*value="(private-[^"]+)"/.exec(created.body)?.[1];
    assert.ok(key, 'the new key is on the page, once');

    // It works on the API, with exactly the scope chosen.
    assert.equal((await api('GET', '/engines/parks/documents/list', key)).status, 200);
    assert.equal((await api('GET', '/engines/libraries/documents/list', key)).status, 403);

    // No page shows it again, and the data folder holds no copy of it.
    const list = await call('/console/keys', { cookie: session.cookie });
    assert.equal(list.status, 200);
    assert.match(list.body, /<th scope="row">cms-parks<\/th><td>Private<\/td><td>Reads and changes<\/td><td>parks<\/td>/);
    for (const path of ['/console', '/console/keys', '/console/keys/new', '/console/keys/cms-parks/revoke']) {
      const page = await call(path, { cookie: session.cookie });
      assert.equal(page.status, 200, path);
      assert.ok(!page.body.includes(key), `${path} never shows the key`);
    }
    for (const file of await filesUnder(dataDir)) assert.ok(!file.bytes.includes(key), `${file.path} holds no copy of the key`);
  });

  it('are revoked after a confirmation page, and stop working at once', async () => {
    const key = await createKey({ name: 'old-cms', type: 'private', read: true, write: false, access_all_engines: true });
    assert.equal((await api('GET', '/engines/parks/documents/list', key)).status, 200);
    const session = await signIn(ROOT_KEY);
    const list = await call('/console/keys', { cookie: session.cookie });
    assert.match(list.body, /href="\/console\/keys\/old-cms\/revoke">Revoke<span class="visually-hidden"> old-cms<\/span>/);
    const confirm = await call('/console/keys/old-cms/revoke', { cookie: session.cookie });
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /<h1>Revoke the key old-cms\?<\/h1>/);
    assert.equal((await api('GET', '/engines/parks/documents/list', key)).status, 200, 'the confirmation page changes nothing');

    const { posted, followed } = await submit(session, '/console/keys/old-cms/revoke', {});
    assert.equal(posted.status, 303);
    assert.equal(posted.location, '/console/keys?revoked=old-cms');
    assert.match(followed!.body, /The key old-cms was revoked: it no longer works\./);
    assert.doesNotMatch(followed!.body, /<th scope="row">old-cms</);
    assert.equal((await api('GET', '/engines/parks/documents/list', key)).status, 401);
  });

  it('refuses a form the API refuses, with its words linked to the field and every value kept', async () => {
    const session = await signIn(ROOT_KEY);
    const unnamed = await call('/console/keys', {
      form: { csrf: session.csrf, name: 'no spaces allowed', type: 'search', scope: 'chosen', engines: ['libraries'] },
      cookie: session.cookie,
    });
    assert.equal(unnamed.status, 400);
    assert.match(unnamed.body, /role="alert"/);
    assert.match(unnamed.body, /<a href="#name">Name is required: 1 to 64 letters, digits, dashes or underscores<\/a>/);
    assert.match(unnamed.body, /id="name" name="name" type="text" value="no spaces allowed"/);
    assert.match(unnamed.body, /id="type-search" name="type" type="radio" value="search"[^>]*checked/);
    assert.match(unnamed.body, /id="scope-chosen" name="scope" type="radio" value="chosen"[^>]*checked/);
    assert.match(unnamed.body, /value="libraries" checked/);

    await createKey({ name: 'taken', type: 'admin' });
    const taken = await call('/console/keys', { form: { csrf: session.csrf, name: 'taken', type: 'admin' }, cookie: session.cookie });
    assert.equal(taken.status, 400);
    assert.match(taken.body, /Name is already taken/);
    const noEngines = await call('/console/keys', {
      form: { csrf: session.csrf, name: 'nowhere', type: 'search', scope: 'chosen' },
      cookie: session.cookie,
    });
    assert.equal(noEngines.status, 400);
    assert.match(noEngines.body, /<a href="#scope-all">List the engines the key may use/);
  });

  it('cannot be managed by a private key: the pages and the changes answer 403 with the API’s words, and nothing is made', async () => {
    const privateKey = await createKey({ name: 'editor', type: 'private', read: true, write: true, access_all_engines: true });
    const session = await signIn(privateKey);
    assert.doesNotMatch(session.home, /href="\/console\/keys"/);
    for (const path of ['/console/keys', '/console/keys/new', '/console/keys/editor/revoke']) {
      const page = await call(path, { cookie: session.cookie });
      assert.equal(page.status, 403, path);
      assert.match(page.body, /Only an admin key can manage credentials\./, path);
    }
    const made = await call('/console/keys', { form: { csrf: session.csrf, name: 'sneaky', type: 'admin' }, cookie: session.cookie });
    assert.equal(made.status, 403);
    assert.match(made.body, /Only an admin key can manage credentials\./);
    assert.equal((await api('GET', '/credentials/sneaky', ROOT_KEY)).status, 404);
    const revoked = await call('/console/keys/editor/revoke', { form: { csrf: session.csrf }, cookie: session.cookie });
    assert.equal(revoked.status, 403);
    assert.equal((await api('GET', '/credentials/editor', ROOT_KEY)).status, 200, 'the key is still there');
  });

  it('revoking the key of the session in use ends that session', async () => {
    const adminKey = await createKey({ name: 'self-revoker', type: 'admin' });
    const session = await signIn(adminKey);
    const { posted } = await submit(session, '/console/keys/self-revoker/revoke', {});
    assert.equal(posted.status, 303);
    const next = await call(posted.location!, { cookie: session.cookie });
    assert.equal(next.status, 303);
    assert.equal(next.location, '/console/sign-in?expired');
    const kept = await call('/console/keys', { cookie: session.cookie });
    assert.equal(kept.status, 303, 'the cookie kept from before opens nothing');
  });
});

describe('log settings', () => {
  it('say what is recorded and for how long, and change through the API', async () => {
    const session = await signIn(ROOT_KEY);
    assert.match(session.home, /<a href="\/console\/log-settings">Log settings<\/a>/);
    const page = await call('/console/log-settings', { cookie: session.cookie });
    assert.equal(page.status, 200);
    assert.match(page.body, /Email addresses, phone numbers, IRD numbers/);
    assert.match(page.body, /id="analytics-days" name="analytics-days"[^>]*value="180"/);
    assert.match(page.body, /id="api-days" name="api-days"[^>]*value="7"/);

    const { posted, followed } = await submit(session, '/console/log-settings', {
      'analytics-enabled': 'true',
      'analytics-days': '30',
      'api-days': '14',
    });
    assert.equal(posted.status, 303);
    assert.match(followed!.body, /The log settings were saved\./);
    assert.match(followed!.body, /id="analytics-days" name="analytics-days"[^>]*value="30"/);
    assert.doesNotMatch(followed!.body, /id="api-enabled" name="api-enabled" type="checkbox" value="true" checked/);
    const saved = (await api('GET', '/log_settings', ROOT_KEY)).body as Record<
      string,
      { enabled: boolean; retention_policy: { min_age_days: number } }
    >;
    assert.deepEqual(
      [
        saved.analytics!.enabled,
        saved.analytics!.retention_policy.min_age_days,
        saved.api!.enabled,
        saved.api!.retention_policy.min_age_days,
      ],
      [true, 30, false, 14],
    );
  });

  it('refuse days the API refuses, with its words on the field and the value kept', async () => {
    const session = await signIn(ROOT_KEY);
    const answer = await call('/console/log-settings', {
      form: { csrf: session.csrf, 'analytics-enabled': 'true', 'analytics-days': 'forever', 'api-enabled': 'true', 'api-days': '7' },
      cookie: session.cookie,
    });
    assert.equal(answer.status, 400);
    assert.match(answer.body, /<a href="#analytics-days">Log settings analytics\.retention_policy\.min_age_days must be a whole number/);
    assert.match(answer.body, /id="analytics-days" name="analytics-days"[^>]*value="forever"[^>]*aria-invalid="true"/);
  });

  it('are shown without a form to a key that only reads, and its change is refused with the API’s words', async () => {
    const reader = await createKey({ name: 'settings-reader', type: 'private', read: true, write: false, access_all_engines: true });
    const session = await signIn(reader);
    const page = await call('/console/log-settings', { cookie: session.cookie });
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.body, /Save log settings/);
    assert.match(page.body, /This key cannot write\./);
    const changed = await call('/console/log-settings', {
      form: { csrf: session.csrf, 'analytics-days': '1', 'api-days': '1' },
      cookie: session.cookie,
    });
    assert.equal(changed.status, 403);
    assert.match(changed.body, /This key cannot write\./);
    const adminKey = await createKey({ name: 'settings-admin', type: 'admin' });
    const admin = await signIn(adminKey);
    const refused = await call('/console/log-settings', { cookie: admin.cookie });
    assert.equal(refused.status, 403);
    assert.match(refused.body, /An admin key can only manage credentials\./);
  });
});

describe('documents and schema', () => {
  it('lists an engine’s documents and its schema, searches them without recording, and opens one with its fields', async () => {
    const session = await signIn(ROOT_KEY);
    const list = await call('/console/engines/parks/documents', { cookie: session.cookie });
    assert.equal(list.status, 200);
    assert.match(list.body, /<a href="\/console\/engines\/parks\/documents\/p1">Parks and playgrounds<\/a>/);
    assert.match(list.body, /<a href="\/console\/engines\/parks\/documents\/maps%2Fnorth%20park">North park map<\/a>/);
    assert.match(list.body, /<th scope="row">visits<\/th><td>number<\/td>/);
    assert.match(list.body, /aria-current="page">Documents</);

    const found = await call('/console/engines/parks/documents?q=dogs', { cookie: session.cookie });
    assert.equal(found.status, 200);
    assert.match(found.body, /Dog exercise areas/);
    assert.doesNotMatch(found.body, /Parks and playgrounds/);
    await service.analytics!.flush();
    const recorded = (await api('GET', '/engines/parks/analytics/queries', ROOT_KEY)).body as { results: { term: string }[] };
    assert.ok(!recorded.results.some((row) => row.term === 'dogs'), 'a search in the console is no visitor’s');

    const opened = await call('/console/engines/parks/documents/maps%2Fnorth%20park', { cookie: session.cookie });
    assert.equal(opened.status, 200);
    assert.match(opened.body, /<h1>North park map<\/h1>/);
    assert.match(opened.body, /<th scope="row">body<\/th><td>text<\/td><td class="field-value">A map of the north park\.<\/td>/);
    assert.match(opened.body, /<th scope="row">visits<\/th><td>number<\/td><td class="field-value">1<\/td>/);
    const missing = await call('/console/engines/parks/documents/nothing-here', { cookie: session.cookie });
    assert.equal(missing.status, 404);
  });

  it('show a key scoped to one engine only that engine’s documents', async () => {
    const parksReader = await createKey({
      name: 'parks-docs',
      type: 'private',
      read: true,
      write: false,
      access_all_engines: false,
      engines: ['parks'],
    });
    const session = await signIn(parksReader);
    assert.equal((await call('/console/engines/parks/documents', { cookie: session.cookie })).status, 200);
    for (const path of [
      '/console/engines/libraries/documents',
      '/console/engines/libraries/documents/l1',
      '/console/engines/libraries/documents?q=books',
    ]) {
      const refused = await call(path, { cookie: session.cookie });
      assert.equal(refused.status, 403, path);
      assert.doesNotMatch(refused.body, /Library opening hours/, path);
    }
  });

  it('delete a document after a confirmation page, and search no longer finds it; a key that only reads cannot', async () => {
    const reader = await createKey({
      name: 'parks-looker',
      type: 'private',
      read: true,
      write: false,
      access_all_engines: false,
      engines: ['parks'],
    });
    const readerSession = await signIn(reader);
    const readerView = await call('/console/engines/parks/documents/p2', { cookie: readerSession.cookie });
    assert.doesNotMatch(readerView.body, /Delete this document/);
    const refused = await call('/console/engines/parks/documents/p2/delete', {
      form: { csrf: readerSession.csrf },
      cookie: readerSession.cookie,
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body, /This key cannot write\./);

    const session = await signIn(ROOT_KEY);
    const view = await call('/console/engines/parks/documents/p2', { cookie: session.cookie });
    assert.match(view.body, /<a href="\/console\/engines\/parks\/documents\/p2\/delete">Delete this document<\/a>/);
    const confirm = await call('/console/engines/parks/documents/p2/delete', { cookie: session.cookie });
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /<h1>Delete “Dog exercise areas”\?<\/h1>/);
    assert.match(
      (await call('/console/engines/parks/documents?q=dogs', { cookie: session.cookie })).body,
      /Dog exercise areas/,
      'the confirmation deletes nothing',
    );

    const { posted, followed } = await submit(session, '/console/engines/parks/documents/p2/delete', {});
    assert.equal(posted.status, 303);
    assert.match(followed!.body, /The document p2 was deleted\./);
    const search = await call('/console/engines/parks/documents?q=dogs', { cookie: session.cookie });
    assert.doesNotMatch(search.body, /Dog exercise areas/);
    assert.deepEqual((await api('GET', '/engines/parks/documents?ids[]=p2', ROOT_KEY)).body, [null]);
  });
});

describe('every change of these screens', () => {
  const changes = [
    '/console/keys',
    '/console/keys/guarded/revoke',
    '/console/log-settings',
    '/console/engines/libraries/documents/l1/delete',
    '/console/engines/libraries/crawls/recrawl',
  ];
  const untouched = async () => {
    assert.equal((await api('GET', '/credentials/guarded', ROOT_KEY)).status, 200);
    assert.equal((await api('GET', '/credentials/forged', ROOT_KEY)).status, 404);
    assert.deepEqual(
      ((await api('GET', '/engines/libraries/documents?ids[]=l1', ROOT_KEY)).body as { id: string }[]).map((doc) => doc.id),
      ['l1'],
    );
  };
  const form = { name: 'forged', type: 'admin', 'analytics-days': '1', 'api-days': '1' };

  it('needs a session: 401 without one, and nothing changes', async () => {
    await createKey({ name: 'guarded', type: 'admin' });
    for (const path of changes) {
      assert.equal((await call(path, { form: { ...form, csrf: 'x' } })).status, 401, path);
      assert.equal((await call(path, { form: { ...form, csrf: 'x' }, cookie: 'civic_console=made-up' })).status, 401, path);
    }
    await untouched();
  });

  it('needs the session’s CSRF token and the console’s own origin: 403 otherwise, and nothing changes', async () => {
    const session = await signIn(ROOT_KEY);
    const other = await signIn(ROOT_KEY);
    for (const path of changes) {
      for (const token of [undefined, '', 'forged', other.csrf]) {
        const answer = await call(path, { form: { ...form, ...(token !== undefined && { csrf: token }) }, cookie: session.cookie });
        assert.equal(answer.status, 403, `${path} with ${JSON.stringify(token)}`);
      }
      const foreign = await call(path, {
        form: { ...form, csrf: session.csrf },
        cookie: session.cookie,
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      assert.equal(foreign.status, 403, `${path} from another site`);
    }
    await untouched();
  });
});

describe('crawls', () => {
  let site: TestSite;
  let crawlDir: string;
  let crawling: SearchService;
  let crawlServer: Awaited<ReturnType<typeof serveOverHttp>>;
  let crawlUrl: string;
  const crawlKeys: Record<string, string> = {};

  /** The crawling service's console page, as the signed-in browser gets it. */
  const open = async (path: string, cookie: string) => {
    const response = await fetch(`${crawlUrl}${path}`, { redirect: 'manual', headers: { Cookie: cookie } });
    return { status: response.status, location: response.headers.get('location'), body: await response.text() };
  };
  const signInThere = async (key: string) => {
    const answer = await fetch(`${crawlUrl}/console/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key }).toString(),
    });
    assert.equal(answer.status, 303);
    const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec((await open('/console', cookie)).body)![1]!;
    return { cookie, csrf };
  };
  /** Reloads a page until `pattern` is on it (a crawl runs in the background), for at most 20 s. */
  const openOnceShowing = async (path: string, cookie: string, pattern: RegExp) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await open(path, cookie);
      if (pattern.test(answer.body) || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  before(async () => {
    site = await startTestSite();
    crawlDir = await mkdtemp(join(tmpdir(), 'civic-console-crawls-'));
    crawling = await createSearchService({
      dataDir: crawlDir,
      privateKey: ROOT_KEY,
      inProcess: true,
      engines: [{ name: 'forms', documents: [{ id: 'f1', title: 'Dog registration form' }] }],
      crawls: [{ url: `${site.origin}/`, engine: 'site', everyMs: 6 * 3_600_000, settings: { delayMs: 0, exclude: ['/slow', '/huge'] } }],
    });
    crawlServer = await serveOverHttp(crawling.fetch);
    crawlUrl = crawlServer.url;
    for (const [name, write] of [
      ['site-editor', true],
      ['site-viewer', false],
    ] as const) {
      const made = await crawling.request('/api/as/v1/credentials', {
        method: 'POST',
        headers: { Authorization: `Bearer ${ROOT_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, type: 'private', read: true, write, access_all_engines: false, engines: ['site', 'forms'] }),
      });
      crawlKeys[name] = ((await made.json()) as { key: string }).key;
    }
  });
  after(async () => {
    await crawlServer.close();
    await crawling.close();
    await site.close();
    await rm(crawlDir, { recursive: true, force: true });
  });

  it('show what the last run did, with each failure’s reason, and when the next starts', async () => {
    const { cookie } = await signInThere(crawlKeys['site-editor']!);
    const page = await openOnceShowing('/console/engines/site/crawls', cookie, /<td>Complete<\/td>/);
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>site: crawls<\/h1>/);
    assert.match(page.body, /<dt>Schedule<\/dt><dd>Every 6 hours<\/dd>/);
    assert.match(page.body, /<dt>Next run<\/dt><dd>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/dd>/);
    assert.match(
      page.body,
      /<td>Complete<\/td><td class="number">[1-9]\d*<\/td><td class="number">0<\/td><td class="number">[1-9]/,
      'indexed, unchanged, failed',
    );
    assert.ok(page.body.includes(`${site.origin}/broken: `), 'the page that failed is named, with its reason');
  });

  it('crawl one page again from the form, and show what came of it', async () => {
    site.pages.set('/about', {
      type: 'text/html',
      body: sitePage('About the council', '<p>The harbourmaster reports to the council.</p>'),
    });
    const { cookie, csrf } = await signInThere(crawlKeys['site-editor']!);
    const posted = await fetch(`${crawlUrl}/console/engines/site/crawls/recrawl`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, url: `${site.origin}/about` }).toString(),
    });
    assert.equal(posted.status, 303);
    const location = posted.headers.get('location')!;
    assert.match((await open(location, cookie)).body, /will be crawled again in a moment/);
    const shown = await openOnceShowing('/console/engines/site/crawls', cookie, /<th scope="row">[^<]*\/about<\/th><td>indexed<\/td>/);
    assert.match(shown.body, /<th scope="row">[^<]*\/about<\/th><td>indexed<\/td>/);

    const outside = await fetch(`${crawlUrl}/console/engines/site/crawls/recrawl`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, url: 'http://169.254.169.254/latest/meta-data/' }).toString(),
    });
    assert.equal(outside.status, 400);
    const body = await outside.text();
    assert.match(body, /<a href="#url">The URL is not within a site this service crawls\.<\/a>/);
    assert.match(body, /value="http:\/\/169\.254\.169\.254\/latest\/meta-data\/"/);
  });

  it('offer no re-crawl to a key that only reads (the API refuses it), and say when an engine has no crawl', async () => {
    const { cookie, csrf } = await signInThere(crawlKeys['site-viewer']!);
    const page = await open('/console/engines/site/crawls', cookie);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.body, /Crawl this page again/);
    assert.match(page.body, /This key cannot write\./);
    const refused = await fetch(`${crawlUrl}/console/engines/site/crawls/recrawl`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, url: `${site.origin}/about` }).toString(),
    });
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /This key cannot write\./);
    const none = await open('/console/engines/forms/crawls', cookie);
    assert.equal(none.status, 200);
    assert.match(none.body, /This engine has no crawl/);
    // A service with no crawl at all says the same.
    const session = await signIn(ROOT_KEY);
    assert.match((await call('/console/engines/parks/crawls', { cookie: session.cookie })).body, /This engine has no crawl/);
  });
});
