import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createFeedbackStore, feedbackEntries, feedbackRoutes } from '../../examples/site/server/feedback';
import { FEEDBACK_PAGE_MAX_LENGTH, isSameSitePath } from '../../examples/site/server/feedback-validation';

const JSON_ACCEPT = { Accept: 'application/json' };
/** What a browser sends for a plain form post. */
const BROWSER_ACCEPT = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function post(app: ReturnType<typeof feedbackRoutes>, fields: Record<string, string>, headers: Record<string, string>) {
  return app.request('/feedback', { method: 'POST', body: new URLSearchParams(fields), headers });
}

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
    const [entry, ...rest] = store.entries();
    assert.equal(rest.length, 0);
    assert.equal(entry.page, '/guidance/building-consent');
    assert.equal(entry.useful, 'yes');
    assert.ok(!Number.isNaN(Date.parse(entry.receivedAt)));
  });

  it('redirects a form posted without JavaScript back to the page with ?feedback=thanks (303)', async () => {
    const response = await post(app, { page: '/guidance/building-consent', useful: 'no' }, BROWSER_ACCEPT);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/guidance/building-consent?feedback=thanks');
    assert.equal(store.entries()[0].useful, 'no');
  });

  it('keeps the page query string and fragment when redirecting', async () => {
    const response = await post(app, { page: '/search?q=fees#results', useful: 'yes' }, {});
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/search?q=fees&feedback=thanks#results');
  });

  it('reads a multipart post as well', async () => {
    const body = new FormData();
    body.set('page', '/a');
    body.set('useful', 'yes');
    const response = await app.request('/feedback', { method: 'POST', body, headers: JSON_ACCEPT });
    assert.equal(response.status, 200);
    assert.equal(store.entries().length, 1);
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
    assert.equal(store.entries().length, 0);
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
    assert.equal(store.entries().length, 0);
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
    assert.equal(store.entries().length, 0);
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
    assert.equal(store.entries().length, 0);
  });

  it('answers only POST', async () => {
    assert.equal((await app.request('/feedback')).status, 404);
  });
});

describe('the default store', () => {
  it('is readable through feedbackEntries()', async () => {
    const app = feedbackRoutes();
    const before = feedbackEntries().length;
    await post(app, { page: '/default-store', useful: 'yes' }, JSON_ACCEPT);
    const entries = feedbackEntries();
    assert.equal(entries.length, before + 1);
    assert.equal(entries.at(-1)?.page, '/default-store');
  });
});

describe('createFeedbackStore', () => {
  it('keeps only the newest answers beyond its limit', () => {
    const store = createFeedbackStore(2);
    store.add({ page: '/1', useful: 'yes' });
    store.add({ page: '/2', useful: 'no' });
    store.add({ page: '/3', useful: 'yes' });
    assert.deepEqual(
      store.entries().map((e) => e.page),
      ['/2', '/3'],
    );
    store.clear();
    assert.equal(store.entries().length, 0);
  });
});

describe('isSameSitePath', () => {
  it('accepts site paths and refuses everything that leaves the site', () => {
    for (const path of ['/', '/guidance/building-consent', '/search?q=a%20b', '/a#b']) assert.equal(isSameSitePath(path), true, path);
    for (const path of ['', 'a', '//x', '/\\x', 'http://x', ' /a', '/a\tb', '/a\u0000'])
      assert.equal(isSameSitePath(path), false, JSON.stringify(path));
  });
});
