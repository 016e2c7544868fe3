import type { Context } from 'hono';

/**
 * What a 304 keeps of the answer it stands for: the headers a cache updates its stored copy with (caching rules,
 * validators, Vary, Date) and any cookie set. Everything else describes a body it does not carry (type, length),
 * and a cache keeps those from the copy it already holds. The security headers are added by their own middleware,
 * which runs around this one.
 */
const KEPT_ON_304 = new Set(['cache-control', 'content-location', 'date', 'etag', 'expires', 'last-modified', 'set-cookie', 'vary']);

/** Only a read can be answered "not modified": a post always runs. */
export const isRead = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether `If-None-Match` names this entity tag. `*` names any. The comparison is the weak one the header is
 * defined with: `W/"x"` and `"x"` are the same tag here (a proxy that compresses a page marks its tag weak).
 */
export function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaqueTag(tag) === wanted);
}

/**
 * Whether `If-Modified-Since` is at or after `Last-Modified`. Dates are whole seconds on the wire, so equal is
 * unchanged. A date that does not parse is no condition at all.
 */
export function unmodifiedSince(ifModifiedSince: string | undefined, lastModified: string): boolean {
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

/** Replaces the answer with a 304 without a body, keeping the headers a cache needs (see KEPT_ON_304). */
export async function answerNotModified(c: Context): Promise<void> {
  await c.res.body?.cancel();
  // Hono carries the previous answer's headers over to the new one: keep only those a 304 may send.
  c.res = new Response(null, { status: 304 });
  for (const name of [...c.res.headers.keys()]) if (!KEPT_ON_304.has(name)) c.res.headers.delete(name);
}
