import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBrowser, serveConsole, TRUSTED_CLIENT_HEADER, type ServedConsole } from './support/console-browser';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { readServeSettings } from '../../packages/civic-search/src/cli/serve-options';

/**
 * Every route the console registers, read from the service itself rather than from a list kept by hand, so a screen
 * added later is held to the same rules: without a session a page is sent to sign in and a change is refused with
 * 401; with one, a change without the session's CSRF token (in the form or the header) is refused with 403. And the
 * session cookie's Secure flag over HTTPS, behind a proxy that ends TLS, and the console switched off.
 */

const ROOT_KEY = 'private-console-every-route-root';

let served: ServedConsole | undefined;
let service: SearchService;
let server: ServedConsole['server'];
const { call, signIn } = consoleBrowser(() => server.url);

before(async () => {
  served = await serveConsole('console-every-route', {
    privateKey: ROOT_KEY,
    engines: [{ name: 'parks', documents: [{ id: 'p1', title: 'Parks and playgrounds' }] }],
  });
  ({ service, server } = served);
});
after(() => served?.stop());

/** Routes open to everyone: the sign-in form and the files every page loads. */
const OPEN = [/^\/console\/sign-in$/, /^\/console\/console\.css$/, /^\/console\/assets\//];

/** The console's routes of one method, their parameters filled in (the engine `parks`, anything else `x`). */
function consoleRoutes(method: 'GET' | 'POST'): string[] {
  const paths = service.routes
    .filter((route) => route.method === method && route.path.startsWith('/console') && !route.path.includes('*'))
    .map((route) => route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => (name === 'engine' ? 'parks' : 'x')))
    .filter((path) => !OPEN.some((open) => open.test(path)));
  return [...new Set(paths)];
}

describe('every console route', () => {
  it('the service has the screens’ routes to check', () => {
    assert.ok(consoleRoutes('GET').length >= 20, `GET: ${consoleRoutes('GET').join(' ')}`);
    assert.ok(consoleRoutes('POST').length >= 15, `POST: ${consoleRoutes('POST').join(' ')}`);
  });

  it('sends a page asked for without a session to sign in', async () => {
    for (const path of consoleRoutes('GET')) {
      const answer = await call(path);
      assert.equal(answer.status, 303, path);
      assert.match(answer.location ?? '', /^\/console\/sign-in/, path);
    }
  });

  it('refuses a change without a session with 401', async () => {
    for (const path of consoleRoutes('POST')) {
      const answer = await call(path, { form: { csrf: 'anything' } });
      assert.equal(answer.status, 401, path);
    }
  });

  it('refuses a change with a session but without its CSRF token, or with a wrong one in the header, with 403', async () => {
    const session = await signIn(ROOT_KEY);
    const other = await signIn(ROOT_KEY);
    for (const path of consoleRoutes('POST')) {
      for (const [what, init] of [
        ['no token', { form: {} }],
        ['a wrong token in the header', { form: {}, headers: { 'x-csrf-token': other.csrf } }],
      ] as const) {
        const answer = await call(path, { ...init, cookie: session.cookie });
        assert.equal(answer.status, 403, `${path}, ${what}`);
        assert.match(answer.body, /This form has expired/, `${path}, ${what}`);
      }
    }
    assert.equal((await call('/console', { cookie: session.cookie })).status, 200, 'still signed in');
    const out = await call('/console/sign-out', { form: {}, headers: { 'x-csrf-token': session.csrf }, cookie: session.cookie });
    assert.equal(out.status, 303, 'the token is taken from the header too');
  });
});

describe('the session cookie', () => {
  const signInOver = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await service.fetch(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', [TRUSTED_CLIENT_HEADER]: '198.51.100.77', ...headers },
        body: new URLSearchParams({ key: ROOT_KEY }).toString(),
      }),
    );
    assert.equal(answer.status, 303);
    return answer.headers.get('set-cookie') ?? '';
  };

  it('is Secure over HTTPS, and behind a proxy that says the browser used HTTPS', async () => {
    assert.match(await signInOver('https://search.council.example/console/sign-in'), /; Secure/);
    assert.match(await signInOver('http://127.0.0.1/console/sign-in', { 'X-Forwarded-Proto': 'https' }), /; Secure/);
    assert.doesNotMatch(await signInOver('http://127.0.0.1/console/sign-in'), /Secure/);
    assert.doesNotMatch(await signInOver('http://127.0.0.1/console/sign-in', { 'X-Forwarded-Proto': 'http' }), /Secure/);
  });
});

describe('the console switched off', () => {
  it('is not served at all, and --console off says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-off-'));
    const off = await createSearchService({ dataDir: dir, privateKey: ROOT_KEY, inProcess: true, console: false, engines: [] });
    try {
      for (const path of ['/console', '/console/sign-in'])
        assert.equal((await off.fetch(new Request(`http://local${path}`))).status, 404, path);
    } finally {
      await off.close();
      await rm(dir, { recursive: true, force: true });
    }
    assert.equal((await readServeSettings(['--console', 'off'], {}, '/')).service.console, false);
    assert.equal((await readServeSettings([], { CIVIC_SEARCH_CONSOLE: 'off' }, '/')).service.console, false);
  });
});
