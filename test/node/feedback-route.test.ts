import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createFeedbackStore, feedbackEntries, feedbackRoutes } from '../../examples/site/server/feedback';
import { FEEDBACK_PAGE_MAX_LENGTH, isSameSitePath } from '../../examples/site/server/feedback-validation';

/** A page of this site posting (what a browser sends with every post from one of the site's pages). */
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };
const JSON_ACCEPT = { ...SAME_ORIGIN, Accept: 'application/json' };
/** What a browser sends for a plain form post. */
const BROWSER_ACCEPT = { ...SAME_ORIGIN, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function post(app: ReturnType<typeof feedbackRoutes>, fields: Record<string, string>, headers: Record<string, string>) {
  return app.request('/feedback', { method: 'POST', body: new URLSearchParams(fields), headers });
}

/** Where a browser on https://council.example goes when told `location`. */
const followedFrom = (location: string) => new URL(location, 'https://council.example/feedback');

describe('POST /feedback', () => {
  let store = createFeedbackStore();
  let app = feedbackRoutes({ store });
  beforeEach(() => {
    store = createFeedbackStore();
    app = feedbackRoutes({ store });
  });

  it('stores a valid answer and answers { ok: true } to the script', async () => {
    const response = await post(app, { page: '/guidance/building-consent', useful: 'yes' }, JSON_ACCEPT);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(await response.json(), { ok: true });
    const [entry, ...rest] = await store.entries();
    assert.equal(rest.length, 0);
    assert.equal(entry.page, '/guidance/building-consent');
    assert.equal(entry.useful, 'yes');
    assert.ok(!Number.isNaN(Date.parse(entry.receivedAt)));
  });

  it('redirects a form posted without JavaScript back to the page with ?feedback=thanks (303)', async () => {
    const response = await post(app, { page: '/guidance/building-consent', useful: 'no' }, BROWSER_ACCEPT);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/guidance/building-consent?feedback=thanks');
    assert.equal((await store.entries())[0].useful, 'no');
  });

  it('keeps the page query string and fragment when redirecting', async () => {
    const response = await post(app, { page: '/search?q=fees#results', useful: 'yes' }, SAME_ORIGIN);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/search?q=fees&feedback=thanks#results');
  });

  it('refuses a page that leaves the site once a browser resolves it (dot segments, encoded dots, backslashes)', async () => {
    const disguised = [
      '/.//evil.example/phish',
      '/..//evil.example/phish',
      '/a/..//evil.example/phish',
      '/%2e//evil.example/phish',
      '/%2e%2e//evil.example/phish',
      '/%2E/%2E%2E//evil.example',
      '/./\\evil.example',
      '/a/..\\/evil.example',
      '/.\\/evil.example',
      '/\t/evil.example',
    ];
    for (const page of disguised) {
      const response = await post(app, { page, useful: 'yes' }, BROWSER_ACCEPT);
      assert.equal(response.status, 400, page);
      assert.equal(response.headers.get('location'), null, page);
    }
    assert.equal((await store.entries()).length, 0);
  });

  it('redirects to the normalised page it checked, and stores that page', async () => {
    const response = await post(app, { page: '/a/./b/../guidance/%2e%2e/contact?x=1#top', useful: 'yes' }, BROWSER_ACCEPT);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/a/contact?x=1&feedback=thanks#top');
    assert.equal((await store.entries())[0].page, '/a/contact?x=1#top');
  });

  it('never redirects off the site, whatever the page (generated paths)', async () => {
    const parts = ['/', '//', '.', '..', '%2e', '%2E%2e', '\\', 'evil.example', 'a', '?', '#', '%2f', '@', ':'];
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 400; run++) {
      let page = '/';
      for (let count = 1 + (next() % 6); count > 0; count--) page += parts[next() % parts.length];
      const response = await post(app, { page, useful: 'yes' }, BROWSER_ACCEPT);
      const location = response.headers.get('location');
      if (location === null) continue;
      assert.equal(followedFrom(location).origin, 'https://council.example', `${page} -> ${location}`);
      assert.match(location, /^\/(?![/\\])/, `${page} -> ${location}`);
    }
  });

  it('refuses a post from another site (403, with a message a person understands), storing nothing', async () => {
    const cases: Array<Record<string, string>> = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      {},
      // The body's type changes nothing: a form can send text/plain or claim JSON.
      { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
      { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
    ];
    for (const headers of cases) {
      const response = await app.request('/feedback', {
        method: 'POST',
        body: 'page=%2Fa&useful=yes',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      });
      assert.equal(response.status, 403, JSON.stringify(headers));
      assert.match(await response.text(), /sent from another website/);
    }
    const json = await post(app, { page: '/a', useful: 'yes' }, { 'Sec-Fetch-Site': 'cross-site', Accept: 'application/json' });
    assert.deepEqual(((await json.json()) as { errors: Array<{ field: string }> }).errors[0].field, 'request');
    assert.equal((await store.entries()).length, 0);
  });

  it('accepts a post from the site itself by Origin when the browser sends no Sec-Fetch-Site, behind a TLS proxy too', async () => {
    // The request reaches Node as http://council.example, the browser was on https://council.example.
    const response = await app.request('http://council.example/feedback', {
      method: 'POST',
      body: new URLSearchParams({ page: '/a', useful: 'yes' }),
      headers: { Origin: 'https://council.example', Host: 'council.example', Accept: 'application/json' },
    });
    assert.equal(response.status, 200);
  });

  it('stops one client posting in a loop (429 with Retry-After), before anything is stored', async () => {
    const limited = feedbackRoutes({ store, rateLimit: { windowMs: 60_000, limit: 3 } });
    for (let count = 0; count < 3; count++) assert.equal((await post(limited, { page: '/a', useful: 'yes' }, JSON_ACCEPT)).status, 200);
    const response = await post(limited, { page: '/a', useful: 'yes' }, BROWSER_ACCEPT);
    assert.equal(response.status, 429);
    assert.ok(Number(response.headers.get('retry-after')) > 0);
    assert.match(await response.text(), /too many times/);
    assert.equal((await store.entries()).length, 3);
  });

  it('does not acknowledge an answer it could not save (503, try again)', async () => {
    const failing = feedbackRoutes({
      store: { add: () => Promise.reject(new Error('ENOSPC: no space left on device')), entries: async () => [], close: async () => {} },
    });
    const response = await post(failing, { page: '/a', useful: 'yes' }, JSON_ACCEPT);
    assert.equal(response.status, 503);
    assert.match(JSON.stringify(await response.json()), /could not save your feedback/);
    const page = await post(failing, { page: '/a', useful: 'yes' }, BROWSER_ACCEPT);
    assert.equal(page.status, 503);
    assert.equal(page.headers.get('location'), null);
  });

  it('reads a multipart post as well', async () => {
    const body = new FormData();
    body.set('page', '/a');
    body.set('useful', 'yes');
    const response = await app.request('/feedback', { method: 'POST', body, headers: JSON_ACCEPT });
    assert.equal(response.status, 200);
    assert.equal((await store.entries()).length, 1);
  });

  it('refuses missing fields with 400 and a list of errors, storing nothing', async () => {
    const response = await post(app, {}, JSON_ACCEPT);
    assert.equal(response.status, 400);
    const { errors } = (await response.json()) as { errors: Array<{ field: string; message: string }> };
    assert.deepEqual(
      errors.map((e) => e.field),
      ['page', 'useful'],
    );
    assert.ok(errors.every((e) => e.message.length > 0));
    assert.equal((await store.entries()).length, 0);
  });

  it('refuses an answer other than yes or no', async () => {
    for (const useful of ['maybe', 'YES', 'yes ', '']) {
      const response = await post(app, { page: '/a', useful }, JSON_ACCEPT);
      assert.equal(response.status, 400, useful);
      const { errors } = (await response.json()) as { errors: Array<{ field: string }> };
      assert.deepEqual(
        errors.map((e) => e.field),
        ['useful'],
      );
    }
    assert.equal((await store.entries()).length, 0);
  });

  it('refuses a page that is not a path on this site (no open redirect)', async () => {
    const offSite = [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'guidance',
      'javascript:alert(1)',
      '/a\r\nSet-Cookie: x=1',
    ];
    for (const page of offSite) {
      const response = await post(app, { page, useful: 'yes' }, BROWSER_ACCEPT);
      assert.equal(response.status, 400, page);
      assert.equal(response.headers.get('location'), null, page);
    }
    assert.equal((await store.entries()).length, 0);
  });

  it(`accepts a page of ${FEEDBACK_PAGE_MAX_LENGTH} characters and refuses a longer one`, async () => {
    const longest = `/${'a'.repeat(FEEDBACK_PAGE_MAX_LENGTH - 1)}`;
    assert.equal((await post(app, { page: longest, useful: 'yes' }, JSON_ACCEPT)).status, 200);
    const response = await post(app, { page: `${longest}a`, useful: 'yes' }, JSON_ACCEPT);
    assert.equal(response.status, 400);
    const { errors } = (await response.json()) as { errors: Array<{ field: string; message: string }> };
    assert.equal(errors[0].field, 'page');
    assert.match(errors[0].message, /500 characters/);
  });

  it('shows a plain HTML error page, with the input escaped, when JSON is not accepted', async () => {
    const response = await post(app, { page: '/a', useful: '<script>alert(1)</script>' }, BROWSER_ACCEPT);
    assert.equal(response.status, 400);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const page = await response.text();
    assert.match(page, /<h1>There is a problem with your feedback<\/h1>/);
    assert.match(page, /useful must be &quot;yes&quot; or &quot;no&quot;\./);
    assert.match(page, /<a href="\/a">Go back to the page<\/a>/);
    assert.doesNotMatch(page, /<script>/);
  });

  it('links the HTML error page to the home page when the page itself was the problem', async () => {
    const response = await post(app, { page: '//evil.example', useful: 'yes' }, BROWSER_ACCEPT);
    assert.match(await response.text(), /<a href="\/">Go back to the page<\/a>/);
  });

  it('refuses an oversized post with 413 before reading it', async () => {
    const response = await post(app, { page: '/a', useful: 'yes', padding: 'x'.repeat(10_000) }, JSON_ACCEPT);
    assert.equal(response.status, 413);
    const { errors } = (await response.json()) as { errors: Array<{ field: string }> };
    assert.equal(errors[0].field, 'request');
    assert.equal((await store.entries()).length, 0);
  });

  it('answers only POST', async () => {
    assert.equal((await app.request('/feedback')).status, 404);
  });
});

describe('the default store', () => {
  it('is readable through feedbackEntries()', async () => {
    const app = feedbackRoutes();
    const before = (await feedbackEntries()).length;
    await post(app, { page: '/default-store', useful: 'yes' }, JSON_ACCEPT);
    const entries = await feedbackEntries();
    assert.equal(entries.length, before + 1);
    assert.equal(entries.at(-1)?.page, '/default-store');
  });
});

describe('createFeedbackStore', () => {
  it('keeps only the newest answers beyond its limit', async () => {
    const store = createFeedbackStore({ limit: 2 });
    await store.add({ page: '/1', useful: 'yes' });
    await store.add({ page: '/2', useful: 'no' });
    await store.add({ page: '/3', useful: 'yes' });
    assert.deepEqual(
      (await store.entries()).map((e) => e.page),
      ['/2', '/3'],
    );
  });
});

describe('isSameSitePath', () => {
  it('accepts site paths and refuses everything that leaves the site', () => {
    for (const path of ['/', '/guidance/building-consent', '/search?q=a%20b', '/a#b']) assert.equal(isSameSitePath(path), true, path);
    for (const path of ['', 'a', '//x', '/\\x', 'http://x', ' /a', '/a\tb', '/a\u0000', '/.//x', '/%2e%2e//x', '/./\\x'])
      assert.equal(isSameSitePath(path), false, JSON.stringify(path));
  });
});
