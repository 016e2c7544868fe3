import type { MiddlewareHandler } from 'hono';
import { answerNotModified, ifNoneMatchHas, isRead, unmodifiedSince } from './not-modified';

/**
 * Validators for files the static server answers (the built kit, the site's assets, the attached PDFs). The
 * static server sends `Last-Modified` and the length but answers no condition itself; this adds a tag made from
 * those two and answers `If-None-Match`, or else `If-Modified-Since`, with a 304. The file is never read for it,
 * so large files still stream. The tag is weak: two versions of a file with the same length written within the
 * same second would share it, so it promises no more than "the same file", never byte ranges.
 */
export function staticValidators(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isRead(c) || c.res.status !== 200) return;
    const lastModified = c.res.headers.get('Last-Modified');
    const length = c.res.headers.get('Content-Length');
    const modifiedAt = Date.parse(lastModified ?? '') / 1000;
    if (!lastModified || !length || !Number.isFinite(modifiedAt)) return;
    const etag = `W/"${Number(length).toString(16)}-${modifiedAt.toString(16)}"`;
    c.res.headers.set('ETag', etag);
    const ifNoneMatch = c.req.header('If-None-Match');
    // When both are sent, the tag decides: a date is only the fallback of clients that kept no tag.
    const unchanged = ifNoneMatch !== undefined ? ifNoneMatchHas(ifNoneMatch, etag) : unmodifiedSince(c.req.header('If-Modified-Since'), lastModified);
    if (unchanged) await answerNotModified(c);
  };
}
