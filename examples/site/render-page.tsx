/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { ANNOUNCEMENT_COOKIE_NAME } from '../../src/core/constants';
import { PageRequestContext } from './request-context';

/** A full page answer, with what the shared layout needs to know about the request (as the site's own pages get). */
export function renderPage(c: Context, element: JSX.Element, status: 200 | 404 | 422 = 200) {
  const request = { feedbackSent: c.req.query('feedback') === 'thanks', dismissedAnnouncement: getCookie(c, ANNOUNCEMENT_COOKIE_NAME) };
  return c.html(`<!doctype html>${String(<PageRequestContext.Provider value={request}>{element}</PageRequestContext.Provider>)}`, status);
}
