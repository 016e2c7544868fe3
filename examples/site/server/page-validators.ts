import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { answerNotModified, ifNoneMatchHas, isRead } from './not-modified';

/** The answers tagged: the site's pages, fragments and generated stylesheets (the search API's JSON is left alone). */
const TEXT_TYPE = /^text\//i;

/** An entity tag from the bytes sent: two answers share one only if every byte is the same. */
export function bodyEntityTag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Validators for the site's own text answers, as a CMS sends them, so a browser or a crawler that already holds a
 * page asks again with `If-None-Match` and gets a 304 without a body when nothing changed.
 *
 * The tag is a hash of the body, so anything the body depends on is in it: a visitor who closed the announcement
 * (the cookie the pages vary by) or came back from sending feedback gets a body of their own, a tag of their own,
 * and a full page when theirs differs from the one held. Only a read answered 200 is tagged: posts, redirects,
 * errors and the 429 page always answer in full. An answer that already has a tag keeps it.
 *
 * The body is read whole before the answer leaves, which suits pages rendered to a string (all of the site's
 * are); the static files are answered by the static server before this runs, with validators of their own.
 */
export function pageValidators(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isRead(c) || c.res.status !== 200 || c.res.headers.has('ETag')) return;
    if (!TEXT_TYPE.test(c.res.headers.get('Content-Type') ?? '')) return;
    const etag = bodyEntityTag(new Uint8Array(await c.res.clone().arrayBuffer()));
    c.res.headers.set('ETag', etag);
    if (ifNoneMatchHas(c.req.header('If-None-Match'), etag)) await answerNotModified(c);
  };
}
