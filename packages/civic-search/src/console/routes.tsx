/** @jsxImportSource hono/jsx */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { bodyLimit } from 'hono/body-limit';
import type { AnalyticsStore } from '../analytics/types';
import type { OperatorStore } from '../operator-state';
import type { KeyRing } from '../credentials/types';
import type { PreviewSearch } from '../relevance';
import { isForeignSite } from '../search-proxy/cors';
import { BackendError } from '../search/types';
import { clientAddress } from '../search-proxy/rate-limit';
import { guardedSourceGet } from './app-search-source';
import { defaultAssetsDir, loadConsoleClient, serveConsoleClient } from './client-assets';
import { CONSOLE_CSS } from './console-css';
import type { ConsoleEnv, ConsoleGuards, ConsoleServices, ServiceFetch } from './console-env';
import { importAddressPolicy } from './import-address';
import { CONSOLE_PATH, MessagePage, SignInPage } from './pages';
import { consoleScreens } from './screens';
import { ConsoleSessions, csrfTokenMatches, type SessionLimits } from './sessions';
import { SignInLimiter, type SignInLimit } from './sign-in-limiter';
import { FORM_MAX_BYTES, isUploadRoute, tooLarge } from './upload-limit';

export interface ConsoleOptions {
  /** The service's keys: who may sign in, and what each may see. */
  keys: KeyRing;
  /** Where sessions are kept: the service's operator store, shared by every process that serves it. */
  store: OperatorStore;
  /** The engines the service serves now. */
  engineNames: () => readonly string[];
  /** Where the reports come from (absent: analytics is switched off, and the reports page says so). */
  analytics?: AnalyticsStore;
  /** The service's own App Search API, which the console's changes go through as the signed-in key. */
  api?: ServiceFetch;
  /** A search with a draft of an engine's rules, for the console's previews. */
  preview?: PreviewSearch;
  /** Names the client for the sign-in limit (default: the socket address; a trusted proxy's header behind one). */
  clientKey?: (c: Context) => string;
  /**
   * Hosts on the service's own network (names, addresses or CIDR ranges) that the import from an old App Search may
   * read from; every other internal, loopback, link-local or metadata address is refused.
   */
  importHosts?: readonly string[];
  sessionLimits?: Partial<SessionLimits>;
  signInLimit?: Partial<SignInLimit>;
  /** The clock (tests move it). */
  now?: () => number;
  /** Where the console's built browser code is (default: the civic-search package's dist/console-assets). */
  assetsDir?: string;
  /** Where the console says what an operator should know (default: standard error). */
  log?: (message: string) => void;
}

/** The session cookie: HttpOnly, SameSite=Strict, only under the console's path, Secure whenever the page is HTTPS. */
const COOKIE = 'civic_console';

/**
 * Nothing but the console's own files may run or load on its pages: no inline script or style, no frames, forms
 * that post only here, and no page of another site may frame it.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Frame-Options', 'DENY');
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * The search manager's console at `/console`: sign in with a private or admin key, see what visitors search for.
 * Every page is rendered on the server, so it works without scripts. A session is a cookie naming a session kept in
 * the operator store (so any process serving the store knows it); its key is checked again on every request, so a
 * key revoked or narrowed takes effect at once.
 */
export function consoleRoutes(options: ConsoleOptions): Hono<ConsoleEnv> {
  const { keys, clientKey = clientAddress, now = Date.now } = options;
  const sessions = new ConsoleSessions(options.store, options.sessionLimits, now);
  const log = options.log ?? console.error;
  // Sessions that ended by time while nobody used them are deleted at start and at each sign-in.
  const sweep = () => sessions.sweep().catch((error: Error) => log(`console: expired sessions could not be deleted (${error.message})`));
  void sweep();
  const limiter = new SignInLimiter(options.signInLimit, now);
  const app = new Hono<ConsoleEnv>();
  // A page is HTTPS when this service serves it so, or when the proxy in front of it says the browser's side was
  // (X-Forwarded-Proto). Trusting that header without a proxy is harmless: it can only make a cookie Secure, which a
  // browser then keeps off plain HTTP, so a client that forges it loses only its own session.
  const secure = (c: Context) =>
    new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';

  app.use(`${CONSOLE_PATH}/*`, securityHeaders);
  app.use(CONSOLE_PATH, securityHeaders);
  // Sessions and keys live in the operator store: while it cannot be read (the cluster away), a page says so rather
  // than signing anyone out or failing without a word.
  app.onError((error, c) => {
    if (error instanceof BackendError) {
      return c.html(<MessagePage title="The console cannot be used right now" message={`The service's store cannot be reached: ${error.message} Try again in a moment.`} />, 503);
    }
    log(`console: ${c.req.method} ${c.req.path} failed (${error.message})`);
    return c.html(<MessagePage title="Something went wrong" message="The console could not answer. Try again, and tell the service's operator if it keeps happening." />, 500);
  });
  // A change never comes from another site's page, whatever cookies its browser holds.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], [`${CONSOLE_PATH}/*`], async (c, next) => {
    if (isForeignSite(c, new Set())) {
      return c.html(<MessagePage title="Not allowed" message="The console takes changes only from its own pages." />, 403);
    }
    await next();
  });
  // A form is small; a route that takes a file sets its own limit (upload-limit.ts).
  const formLimit = bodyLimit({ maxSize: FORM_MAX_BYTES, onError: (c) => tooLarge(c, 'Too large') });
  app.use(`${CONSOLE_PATH}/*`, (c, next) => (isUploadRoute(c.req.path) ? next() : formLimit(c, next)));

  serveConsoleClient(app, loadConsoleClient(options.assetsDir ?? defaultAssetsDir(), log));

  app.get(`${CONSOLE_PATH}/console.css`, (c) =>
    c.body(CONSOLE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  const signInPage = (c: Context, status: 200 | 401 | 403 | 429, props: Parameters<typeof SignInPage>[0] = {}) =>
    c.html(<SignInPage {...props} />, status);

  app.get(`${CONSOLE_PATH}/sign-in`, async (c) => {
    if (await sessions.find(getCookie(c, COOKIE))) return c.redirect(CONSOLE_PATH, 303);
    const notice = c.req.query('signed-out') !== undefined ? 'You have signed out.' : c.req.query('expired') !== undefined ? 'Your session has ended. Sign in again.' : undefined;
    return signInPage(c, 200, { notice });
  });

  app.post(`${CONSOLE_PATH}/sign-in`, async (c) => {
    const client = clientKey(c);
    const wait = limiter.waitSeconds(client);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return signInPage(c, 429, { problem: `Too many attempts to sign in. Try again in ${Math.ceil(wait / 60)} minute(s).` });
    }
    const form = await c.req.parseBody();
    const key = typeof form.key === 'string' ? form.key.trim() : '';
    const grant = key ? await keys.grantFor(key) : undefined;
    if (!grant) {
      limiter.failed(client);
      return signInPage(c, 401, { problem: key ? 'That key was not accepted. Check it and try again.' : 'Enter a key.' });
    }
    if (grant.type === 'search') {
      return signInPage(c, 403, { problem: 'A search key can only search. Sign in with a private key or an admin key.' });
    }
    limiter.succeeded(client);
    void sweep();
    const { id } = await sessions.start(key);
    setCookie(c, COOKIE, id, { httpOnly: true, sameSite: 'Strict', path: CONSOLE_PATH, secure: secure(c) });
    return c.redirect(CONSOLE_PATH, 303);
  });

  // Every other console page needs a live session whose key still works: a page asked for is sent to sign in, a
  // change is refused with 401.
  const signedIn: MiddlewareHandler<ConsoleEnv> = async (c, next) => {
    const sessionId = getCookie(c, COOKIE);
    const session = await sessions.find(sessionId);
    const grant = session && (await keys.grantFor(session.key));
    if (!session || !grant || !sessionId) {
      if (sessionId) {
        await sessions.end(sessionId);
        deleteCookie(c, COOKIE, { path: CONSOLE_PATH, secure: secure(c) });
      }
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return c.redirect(`${CONSOLE_PATH}/sign-in${sessionId ? '?expired' : ''}`, 303);
      return c.html(<MessagePage title="Sign in first" message="Your session has ended. Sign in again." />, 401);
    }
    c.set('session', session);
    c.set('sessionId', sessionId);
    c.set('grant', grant);
    await next();
  };
  // A change carries the session's token: a page elsewhere cannot know it, even where its browser sends the cookie.
  const csrfChecked: MiddlewareHandler<ConsoleEnv> = async (c, next) => {
    const form = await c.req.parseBody();
    const sent = typeof form.csrf === 'string' ? form.csrf : c.req.header('x-csrf-token');
    if (!csrfTokenMatches(c.get('session'), sent)) {
      return c.html(<MessagePage title="Not allowed" message="This form has expired. Go back, reload the page and try again." />, 403);
    }
    await next();
  };

  app.post(`${CONSOLE_PATH}/sign-out`, signedIn, csrfChecked, async (c) => {
    await sessions.end(c.get('sessionId'));
    deleteCookie(c, COOKIE, { path: CONSOLE_PATH, secure: secure(c) });
    return c.redirect(`${CONSOLE_PATH}/sign-in?signed-out`, 303);
  });

  const services: ConsoleServices = {
    keys,
    engineNames: options.engineNames,
    analytics: options.analytics,
    api: options.api,
    preview: options.preview,
    importGet: guardedSourceGet(importAddressPolicy(options.importHosts)),
    now,
  };
  const guards: ConsoleGuards = { signedIn, csrfChecked };
  for (const screen of consoleScreens) screen(app, services, guards);

  // Anything else under the console: sign in first, then not found (never a hint of what exists to a stranger).
  app.all(`${CONSOLE_PATH}/*`, signedIn, (c) =>
    c.html(<MessagePage title="Page not found" message="There is no console page at this address." csrfToken={c.get('session').csrfToken} />, 404),
  );
  return app;
}
