import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { setCookie } from 'hono/cookie';
import {
  announcementCookieAttributes,
  announcementCookieExpiry,
  announcementReturnPath,
  ANNOUNCEMENT_COOKIE_NAME,
  subsiteStylesheet,
} from 'civic-elements/core';
import { site } from '../site';
import { SUBSITE_STYLESHEET_PATH, subsites } from './subsites';

/** Where the announcement's close form posts when the page runs no script. */
export const ANNOUNCEMENT_CLOSE_PATH = '/announcement/close';

/** The close form holds a timestamp and a return path: anything bigger is refused before it is read. */
const CLOSE_MAX_BODY_BYTES = 4 * 1024;

/** How long browsers may keep the subsite stylesheet before asking again (it changes when the CMS's settings do). */
const STYLESHEET_MAX_AGE_SECONDS = 300;

/**
 * The page to go back to. The form names the page's path; the browser's Referer, when it is this site and the
 * same path, adds the query the page had (a filtered listing stays filtered). Both pass the same check.
 */
function returnTo(field: unknown, referer: string | undefined, origin: string): string {
  const path = announcementReturnPath(field);
  if (!referer) return path;
  try {
    const from = new URL(referer);
    if (from.origin !== origin) return path;
    const withQuery = announcementReturnPath(`${from.pathname}${from.search}`);
    return new URL(withQuery, origin).pathname === new URL(path, origin).pathname ? withQuery : path;
  } catch {
    return path;
  }
}

/**
 * What the site settings need from the server when the page runs no script:
 * - POST /announcement/close (the announcement's close form): remembers the dismissal in the cookie the
 *   element itself writes, then sends the visitor back to the page they were on (a 303, so a reload does
 *   not post again). Only the current announcement's timestamp is remembered; a stale form just returns.
 * - GET /subsite-themes.css: each subsite's colours for its class, so they apply before and without script.
 */
export function siteSettingsRoutes(): Hono {
  const app = new Hono();

  app.post(
    ANNOUNCEMENT_CLOSE_PATH,
    bodyLimit({ maxSize: CLOSE_MAX_BODY_BYTES, onError: (c) => c.text('The form sent too much.', 413) }),
    async (c) => {
      let fields: Record<string, unknown> = {};
      try {
        fields = await c.req.parseBody();
      } catch {
        // An unreadable body closes nothing and goes home.
      }
      const back = returnTo(fields.return, c.req.header('referer'), new URL(c.req.url).origin);
      const timestamp = typeof fields.timestamp === 'string' ? fields.timestamp.trim() : '';
      if (timestamp !== '' && timestamp === site.announcement.timestamp) {
        const { expires } = announcementCookieExpiry(site.announcement.expires, new Date());
        const { path, secure } = announcementCookieAttributes(expires, new URL(c.req.url).protocol);
        // Readable by script (no HttpOnly): the element reads the same cookie.
        setCookie(c, ANNOUNCEMENT_COOKIE_NAME, timestamp, { expires, path, secure, sameSite: 'Lax' });
      }
      return c.redirect(back, 303);
    },
  );

  const stylesheet = subsiteStylesheet(Object.values(subsites));
  for (const problem of stylesheet.problems) console.warn(`Subsite colours: ${problem}`);
  app.get(SUBSITE_STYLESHEET_PATH, (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', `public, max-age=${STYLESHEET_MAX_AGE_SECONDS}`);
    return c.body(`/* Subsite colours, from the site's settings. */\n${stylesheet.css}`);
  });

  return app;
}
