import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { consoleBrowser, serveConsole, type ServedConsole } from './support/console-browser';
import type { SearchService } from '../../packages/civic-search/src/service/create-search-service';

/**
 * The search manager's console as an attacker would try it, over real HTTP against the service: routes without a
 * session, posts from another site, forged or missing CSRF tokens, search keys, scoped keys, revoked keys, a cookie
 * kept after sign-out, and key guessing. And as its user would see it: the reports of an engine's real searches.
 */

const ROOT_KEY = 'private-console-test-root-key';

let served: ServedConsole | undefined;
let service: SearchService;
let server: ServedConsole['server'];
let url: string;
const { call, signIn, newClient } = consoleBrowser(() => url);

async function createKey(body: object): Promise<string> {
  const response = await fetch(`${url}/api/as/v1/credentials`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ROOT_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { key: string }).key;
}

async function search(engine: string, query: string) {
  const response = await fetch(`${url}/api/as/v1/engines/${engine}/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  assert.equal(response.status, 200);
}

before(async () => {
  served = await serveConsole('civic-console', {
    privateKey: ROOT_KEY,
    engines: [
      { name: 'parks', documents: [{ id: 'p1', title: 'Parks and playgrounds', body: 'Find a park near you.' }] },
      { name: 'libraries', documents: [{ id: 'l1', title: 'Library opening hours', body: 'Borrow books.' }] },
    ],
  });
  ({ service, server } = served);
  url = server.url;
});

after(() => served?.stop());

describe('the console without a session', () => {
  it('sends every page to sign in and refuses every change with 401', async () => {
    for (const path of ['/console', '/console/engines/parks', '/console/engines/nowhere', '/console/keys']) {
      const answer = await call(path);
      assert.equal(answer.status, 303, path);
      assert.equal(answer.location, '/console/sign-in', path);
    }
    const signOut = await call('/console/sign-out', { form: { csrf: 'x' } });
    assert.equal(signOut.status, 401);
    const forged = await call('/console/sign-out', { form: { csrf: 'x' }, cookie: 'civic_console=made-up-session-id' });
    assert.equal(forged.status, 401);
  });

  it('serves the sign-in page as a form that posts the key in its body, under a strict Content-Security-Policy', async () => {
    const page = await call('/console/sign-in');
    assert.equal(page.status, 200);
    assert.match(page.body, /<form method="post" action="\/console\/sign-in"/);
    assert.match(page.body, /<input id="key" name="key" type="password"/);
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(policy, /unsafe-inline/);
    assert.equal(page.headers.get('access-control-allow-origin'), null);
    assert.equal(page.headers.get('cache-control'), 'no-store');
  });
});

describe('signing in', () => {
  it('gives an HttpOnly, SameSite=Strict session cookie, and the key appears nowhere after', async () => {
    const answer = await call('/console/sign-in', { form: { key: ROOT_KEY }, client: newClient() });
    assert.equal(answer.status, 303);
    assert.equal(answer.location, '/console');
    const cookie = answer.cookie ?? '';
    assert.match(cookie, /^civic_console=[\w-]{43};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\/console/);
    assert.doesNotMatch(cookie, /Secure/, 'plain HTTP here: a Secure cookie would never come back');
    assert.ok(!cookie.includes(ROOT_KEY));
    const page = await call('/console', { cookie: cookie.split(';')[0] });
    assert.equal(page.status, 200);
    assert.ok(!page.body.includes(ROOT_KEY), 'the key is not in the page');
    assert.match(page.body, /href="\/console\/engines\/parks"/);
    assert.match(page.body, /href="\/console\/engines\/libraries"/);
  });

  it('refuses a wrong key with 401 and gives no cookie', async () => {
    const answer = await call('/console/sign-in', { form: { key: 'private-not-a-key' }, client: newClient() });
    assert.equal(answer.status, 401);
    assert.equal(answer.cookie, null);
    assert.match(answer.body, /That key was not accepted/);
    assert.ok(!answer.body.includes('private-not-a-key'), 'the page does not repeat what was typed');
  });

  it('refuses a search key: it can only search', async () => {
    const searchKey = await createKey({ name: 'box', type: 'search', access_all_engines: true });
    const answer = await call('/console/sign-in', { form: { key: searchKey }, client: newClient() });
    assert.equal(answer.status, 403);
    assert.equal(answer.cookie, null);
    assert.match(answer.body, /A search key can only search/);
  });

  it('refuses a sign-in posted from another site, before it looks at the key', async () => {
    for (const headers of [{ Origin: 'https://attacker.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
      const answer = await call('/console/sign-in', { form: { key: ROOT_KEY }, headers, client: newClient() });
      assert.equal(answer.status, 403);
      assert.equal(answer.cookie, null);
    }
  });

  it('stops a client after 5 wrong keys, even when the sixth is right, while other clients sign in', async () => {
    const guesser = newClient();
    for (let attempt = 1; attempt <= 5; attempt++) {
      assert.equal((await call('/console/sign-in', { form: { key: `private-guess-${attempt}` }, client: guesser })).status, 401);
    }
    const blocked = await call('/console/sign-in', { form: { key: ROOT_KEY }, client: guesser });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.cookie, null);
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    await signIn(ROOT_KEY, newClient());
  });
});

describe('a signed-in session', () => {
  it('shows a scoped key only its engines, and refuses the others', async () => {
    const parksOnly = await createKey({ name: 'parks-reader', type: 'private', read: true, write: false, access_all_engines: false, engines: ['parks'] });
    const session = await signIn(parksOnly);
    assert.match(session.home, /href="\/console\/engines\/parks"/);
    assert.doesNotMatch(session.home, /libraries/);
    assert.equal((await call('/console/engines/parks', { cookie: session.cookie })).status, 200);
    const other = await call('/console/engines/libraries', { cookie: session.cookie });
    assert.equal(other.status, 403);
    assert.doesNotMatch(other.body, /Top queries/);
  });

  it('checks the CSRF token on every change: missing, wrong or another session’s is 403 and changes nothing', async () => {
    const mine = await signIn(ROOT_KEY);
    const theirs = await signIn(ROOT_KEY);
    for (const form of [{}, { csrf: '' }, { csrf: 'forged' }, { csrf: theirs.csrf }] as Record<string, string>[]) {
      const answer = await call('/console/sign-out', { form, cookie: mine.cookie });
      assert.equal(answer.status, 403, JSON.stringify(form));
    }
    assert.equal((await call('/console', { cookie: mine.cookie })).status, 200, 'still signed in');
  });

  it('refuses a change posted from another site even with the session cookie and the right token', async () => {
    const session = await signIn(ROOT_KEY);
    const answer = await call('/console/sign-out', { form: { csrf: session.csrf }, cookie: session.cookie, headers: { Origin: 'https://attacker.example' } });
    assert.equal(answer.status, 403);
    assert.equal((await call('/console', { cookie: session.cookie })).status, 200, 'still signed in');
  });

  it('ends on sign-out: the same cookie, kept or stolen, no longer opens anything', async () => {
    const session = await signIn(ROOT_KEY);
    const out = await call('/console/sign-out', { form: { csrf: session.csrf }, cookie: session.cookie });
    assert.equal(out.status, 303);
    assert.equal(out.location, '/console/sign-in?signed-out');
    assert.match(out.cookie ?? '', /civic_console=;/);
    const replayed = await call('/console', { cookie: session.cookie });
    assert.equal(replayed.status, 303);
    assert.match(replayed.location ?? '', /^\/console\/sign-in/);
    assert.equal((await call('/console/sign-out', { form: { csrf: session.csrf }, cookie: session.cookie })).status, 401);
  });

  it('ends at once when its key is revoked through the credentials API', async () => {
    const key = await createKey({ name: 'temporary', type: 'private', read: true, write: true, access_all_engines: true });
    const session = await signIn(key);
    const list = (await (await fetch(`${url}/api/as/v1/credentials`, { headers: { Authorization: `Bearer ${ROOT_KEY}` } })).json()) as {
      results: Array<{ name: string }>;
    };
    assert.ok(list.results.some((credential) => credential.name === 'temporary'));
    const deleted = await fetch(`${url}/api/as/v1/credentials/temporary`, { method: 'DELETE', headers: { Authorization: `Bearer ${ROOT_KEY}` } });
    assert.equal(deleted.status, 200);
    const after = await call('/console', { cookie: session.cookie });
    assert.equal(after.status, 303);
    assert.equal(after.location, '/console/sign-in?expired');
  });
});

describe('the reports, without scripts', () => {
  it('show an engine’s top queries, the ones that found nothing, and the ones nobody clicked, with personal details removed', async () => {
    await search('parks', 'park');
    await search('parks', 'park');
    await search('parks', 'skate ramp');
    await search('parks', 'email jane.doe@example.com');
    await service.analytics!.flush();
    const session = await signIn(ROOT_KEY);
    const page = await call('/console/engines/parks', { cookie: session.cookie });
    assert.equal(page.status, 200);
    const section = (id: string) => page.body.slice(page.body.indexOf(`id="${id}"`), page.body.indexOf('</section>', page.body.indexOf(`id="${id}"`)));
    assert.match(section('top'), /<th scope="row"><a href="[^"]+">park<\/a><\/th><td class="number">2<\/td>/);
    assert.match(section('no-results'), /skate ramp/);
    assert.doesNotMatch(section('no-results'), /<th scope="row"><a href="[^"]+">park</);
    assert.match(section('no-clicks'), /<th scope="row"><a href="[^"]+">park</);
    assert.ok(!page.body.includes('jane.doe'), 'an email typed into the search box never shows');
    assert.match(page.body, /\[email\]/);
  });

  it('take a date range, and say what is wrong with one that cannot be', async () => {
    const session = await signIn(ROOT_KEY);
    const longAgo = await call('/console/engines/parks?from=2001-01-01&to=2001-01-31', { cookie: session.cookie });
    assert.equal(longAgo.status, 200);
    assert.match(longAgo.body, /No searches in this range/);
    assert.match(longAgo.body, /value="2001-01-01"/);
    const backwards = await call('/console/engines/parks?from=2026-02-01&to=2026-01-01', { cookie: session.cookie });
    assert.equal(backwards.status, 400);
    assert.match(backwards.body, /The end date must be the same as or after the start date/);
    const notADate = await call('/console/engines/parks?from=2026-02-30&to=2026-03-01', { cookie: session.cookie });
    assert.equal(notADate.status, 400);
    assert.match(notADate.body, /Enter the dates as year, month and day/);
  });
});
