import type { Context, MiddlewareHandler } from 'hono';
import { wantsJson } from '../form-requests';
import { siteServerConfig } from './site-config';
import { originMatches, visitorOrigin } from './visitor-origin';

export interface SameOriginPostsOptions {
  /** Believe X-Forwarded-Host and X-Forwarded-Proto (only behind a proxy that always sets them). Default: SITE_TRUST_PROXY. */
  trustProxy?: boolean;
  /** Paths left to their own rules (the search service's API has its own). */
  skip?: (path: string) => boolean;
}

/** Methods that change something: a page on another site must not be able to make a visitor's browser send them. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The search proxy and the App Search API paths check their own callers. */
export const skipSearchApi = (path: string) => /^\/(_search-proxy|api)(\/|$)/.test(path);

export const CROSS_SITE_MESSAGE =
  'This form was sent from another website, so it was not accepted. Go to the page on our website and send it from there.';

export type CrossSiteVerdict = 'same-origin' | 'cross-site';

/**
 * Who sent a state-changing request. A browser that sends `Sec-Fetch-Site` says so itself: only `same-origin`
 * (a page of this site) or `none` (the visitor typed or bookmarked it) may change anything. A browser without
 * it sends `Origin` with every post, which must be this site's own. Neither header: not a browser page of this
 * site, refused. The body's content type plays no part: a form can send any of them.
 */
export function crossSiteVerdict(c: Context, trustProxy: boolean): CrossSiteVerdict {
  const fetchSite = c.req.header('sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same-origin' : 'cross-site';
  const origin = c.req.header('origin');
  if (!origin) return 'cross-site';
  return originMatches(origin, visitorOrigin(c, trustProxy)) ? 'same-origin' : 'cross-site';
}

/** Refuses state-changing requests that another site's page made the visitor's browser send (403). */
export function sameOriginPosts(options: SameOriginPostsOptions = {}): MiddlewareHandler {
  const skip = options.skip ?? skipSearchApi;
  let trustProxy = options.trustProxy;
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || skip(c.req.path)) return next();
    trustProxy ??= siteServerConfig().trustProxy;
    if (crossSiteVerdict(c, trustProxy) === 'same-origin') return next();
    if (wantsJson(c)) return c.json({ errors: [{ field: 'request', message: CROSS_SITE_MESSAGE }] }, 403);
    return c.text(CROSS_SITE_MESSAGE, 403);
  };
}
