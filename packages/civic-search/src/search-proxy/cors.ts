import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

/** Headers App Search clients send with a search: their key and their name and version. */
const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, X-Swiftype-Client, X-Swiftype-Client-Version, X-Elastic-Client-Meta';
/** Browsers may cache a preflight answer this long (seconds). */
const PREFLIGHT_MAX_AGE_S = 600;

/** An origin exactly as browsers send it: scheme, host and port, no path. Throws on anything else. */
export function normaliseOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`${JSON.stringify(origin)} is not an origin like https://www.example.govt.nz`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin === 'null' || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`${JSON.stringify(origin)} is not an origin like https://www.example.govt.nz`);
  }
  return url.origin;
}

/** The host the visitor asked for: the Host header (what the browser compares an Origin with). */
function requestHost(c: Context): string | undefined {
  return c.req.header('host')?.toLowerCase();
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Whether a request comes from a page of another site that is not allowed: its browser says so with
 * `Sec-Fetch-Site: cross-site` or `same-site`, or its `Origin` names another host than the one it asked. Requests
 * without either header (servers, scripts, old browsers on plain links) are not from another site's page.
 * The host is compared without the scheme, so a site behind a TLS-terminating proxy (Origin https, request http)
 * is still itself.
 */
export function isForeignSite(c: Context, allowed: ReadonlySet<string>): boolean {
  const origin = c.req.header('origin');
  if (origin && origin !== 'null' && allowed.has(origin)) return false;
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  if (fetchSite === 'same-origin' || fetchSite === 'none') return false;
  if (!origin) return false;
  if (origin === 'null') return true;
  return originHost(origin) !== requestHost(c);
}

/**
 * Another site's page can never change anything here, even with a visitor's cookies or a key it got hold of: a
 * request a browser marks as cross-site is answered by `refused` and goes no further (no CORS headers are ever sent
 * on these paths, so preflights fail too).
 */
export function sameSiteOnly(refused: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    if (isForeignSite(c, new Set())) return refused(c);
    await next();
  };
}

/**
 * CORS for the read paths (search, suggestions, clicks) of the origins a council names, and nothing for anyone
 * else: a preflight from an allowed origin gets the methods and headers App Search clients use; from any other
 * origin, 403 without CORS headers, so the browser refuses. Any request from another site's page that is not
 * allowed is refused with 403 too, so a page elsewhere cannot post clicks or searches in a visitor's name.
 */
export function readPathCors(allowedOrigins: readonly string[], methods: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins.map(normaliseOrigin));
  return async (c, next) => {
    const origin = c.req.header('origin');
    const isAllowed = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS') {
      if (!isAllowed) return c.json(errorBody(['This origin may not call the search service.']), 403, { Vary: 'Origin' });
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': methods.join(', '),
        'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
        // App Search's JavaScript client sends its calls with credentials: only a named origin is ever allowed.
        'Access-Control-Allow-Credentials': 'true',
        Vary: 'Origin',
      });
    }
    if (isForeignSite(c, allowed)) {
      return c.json(errorBody(['Requests from other sites are not accepted here.']), 403, { Vary: 'Origin' });
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (isAllowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
    }
  };
}
