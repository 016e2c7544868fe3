/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { ANNOUNCEMENT_COOKIE_NAME } from 'civic-elements/core';
import { PageRequestContext, type PageRequest } from './request-context';
import { siteServerConfig } from './server/site-config';
import { siteOrigin } from './server/visitor-origin';

/**
 * What the shared layout reads from the request: the thanks note after feedback, the closed announcement, the
 * site's origin (for canonical addresses) and whether the address was a variant of the page (a query string).
 */
export function pageRequest(c: Context): PageRequest {
  return {
    feedbackSent: c.req.query('feedback') === 'thanks',
    dismissedAnnouncement: getCookie(c, ANNOUNCEMENT_COOKIE_NAME),
    origin: siteOrigin(c, siteServerConfig().trustProxy),
    hasQuery: new URL(c.req.url).search !== '',
  };
}

/**
 * A page's caching rules. Its output depends on the visitor's cookie (the announcement they closed), so it is
 * for that browser alone (`private`, never in a shared cache, `Vary: Cookie`), checked again before reuse
 * (`no-cache`). The thanks variant after feedback is one visitor's moment: never stored at all.
 */
export function setPageCaching(c: Context, request: PageRequest): void {
  c.header('Cache-Control', request.feedbackSent ? 'no-store' : 'private, no-cache');
  c.header('Vary', 'Cookie', { append: true });
}

/** A full page answer, with what the shared layout needs to know about the request (as the site's own pages get). */
export function renderPage(c: Context, element: JSX.Element, status: 200 | 404 | 422 = 200) {
  const request = pageRequest(c);
  setPageCaching(c, request);
  return c.html(`<!doctype html>${String(<PageRequestContext.Provider value={request}>{element}</PageRequestContext.Provider>)}`, status);
}
