import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { documentRoutes } from '../../examples/site/documents/routes';
import { formRoutes } from '../../examples/site/forms/routes';
import { createReportStore } from '../../examples/site/forms/report-store';
import { handleError } from '../../examples/site/server/errors';
import { logText } from '../../examples/site/server/log-text';
import { securityHeaders } from '../../examples/site/server/security-headers';
import { siteDocuments } from '../../examples/content/site-documents';

describe('the no-JavaScript sort: a bad address', () => {
  const app = documentRoutes({ documents: siteDocuments });
  const sort = (url: string) => app.request(`http://site.example/documents/sort?url=${encodeURIComponent(url)}`);

  it('is a 400 with a message, not a 500, when it holds control characters (CR, LF, NUL, tab)', async () => {
    for (const url of ['/documents?sort=title\r\nSet-Cookie: a=1', '/documents\n', '/documents?\u0000', '/docu\tments']) {
      const response = await sort(url);
      assert.equal(response.status, 400, JSON.stringify(url));
      assert.equal(response.headers.get('location'), null);
      assert.equal(response.headers.get('set-cookie'), null);
      assert.match(await response.text(), /not valid/);
    }
  });

  it('redirects to the normalised address it checked, and never off the site', async () => {
    const tidy = await sort('/news/../documents/./?sort=title');
    assert.equal(tidy.status, 303);
    assert.equal(tidy.headers.get('location'), '/documents/?sort=title');
    for (const url of ['/.//evil.example/x', '/%2e%2e//evil.example', '/./\\evil.example']) {
      assert.equal((await sort(url)).headers.get('location'), '/documents', url);
    }
  });
});

describe('the error handler', () => {
  it('logs one line per failure, with what the request carried escaped', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.onError((error, c) => handleError(error, c, (line) => lines.push(line)));
    app.get('*', (c) => {
      throw new Error(`cannot handle ${c.req.path}`);
    });
    const response = await app.request('/boom%0D%0A2026-11-24 GET /admin 200%1b[2J');
    assert.equal(response.status, 500);
    assert.doesNotMatch(await response.text(), /boom|Error|at /);
    assert.equal(lines.length, 1);
    assert.ok(!/[\r\n]/.test(lines[0]) && !lines[0].includes('\u001b'), lines[0]);
    assert.match(lines[0], /^GET \/boom/);
    assert.match(lines[0], /\\r\\n2026-11-24 GET \/admin 200\\u001b\[2J/);
  });

  it('logText escapes every control character and leaves other text alone', () => {
    assert.equal(logText('a\r\nb\tc\u0000d\u007fe\u0085f é ✓'), 'a\\r\\nb\\tc\\u0000d\\u007fe\\u0085f é ✓');
  });
});

describe('pages and caches', () => {
  const forms = formRoutes({ store: createReportStore() });

  it('a page that depends on the visitor cookie is private to that browser and checked again (Vary: Cookie)', async () => {
    for (const headers of [{}, { Cookie: 'ANNOUNCEMENT_CLOSED=2026-11-18T09:00:00Z' }] as Array<Record<string, string>>) {
      const response = await forms.request('/forms', { headers });
      assert.equal(response.headers.get('cache-control'), 'private, no-cache');
      assert.match(response.headers.get('vary') ?? '', /\bCookie\b/i);
    }
    const library = await documentRoutes({ documents: siteDocuments }).request('/documents');
    assert.equal(library.headers.get('cache-control'), 'private, no-cache');
    assert.match(library.headers.get('vary') ?? '', /\bCookie\b/i);
  });

  it('the thanks variant after feedback is never stored', async () => {
    const response = await forms.request('/forms?feedback=thanks');
    assert.match(await response.text(), /Thank you for your feedback/);
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });
});

describe('Strict-Transport-Security', () => {
  const site = (options: Parameters<typeof securityHeaders>[0]) => {
    const app = new Hono();
    app.use(securityHeaders(options));
    app.get('/', (c) => c.text('home'));
    return (url: string, headers: Record<string, string> = {}) =>
      Promise.resolve(app.request(url, { headers })).then((r) => r.headers.get('strict-transport-security'));
  };
  const oneYear = { maxAge: 31_536_000, includeSubDomains: false };

  it('is off by default, over HTTP and HTTPS alike', async () => {
    const off = site({ hsts: false, trustProxy: false });
    assert.equal(await off('http://council.example/'), null);
    assert.equal(await off('https://council.example/'), null);
    const fromEnvironment = site(undefined);
    assert.equal(await fromEnvironment('https://council.example/'), null, 'SITE_HSTS_MAX_AGE is not set in tests');
  });

  it('when configured, is sent over HTTPS only, with includeSubDomains only when asked', async () => {
    const on = site({ hsts: oneYear, trustProxy: false });
    assert.equal(await on('http://council.example/'), null);
    assert.equal(await on('https://council.example/'), 'max-age=31536000');
    const wide = site({ hsts: { maxAge: 600, includeSubDomains: true }, trustProxy: false });
    assert.equal(await wide('https://council.example/'), 'max-age=600; includeSubDomains');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const proxied = site({ hsts: oneYear, trustProxy: true });
    assert.equal(await proxied('http://council.example/', { 'X-Forwarded-Proto': 'https' }), 'max-age=31536000');
    assert.equal(await proxied('http://council.example/', { 'X-Forwarded-Proto': 'http' }), null);
    const direct = site({ hsts: oneYear, trustProxy: false });
    assert.equal(await direct('http://council.example/', { 'X-Forwarded-Proto': 'https' }), null);
  });
});
