import type { MiddlewareHandler } from 'hono';

/** A year: what "never changes" means to caches. */
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * How long browsers may keep the files the static server answers. The kit's shared chunks carry a hash of their
 * content in their names (`/dist/chunks/react-C2f3_zG-.js`), so a new build gives new names: they are kept for a
 * year without asking again. Everything else keeps its name across versions (the autoloader, each element's
 * module, the stylesheet, the site's assets and PDFs), so a browser asks each time and gets a 304 when the file
 * is unchanged: a deploy reaches every visitor on their next page, never after a guessed while.
 */
export function staticCaching(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 304) return;
    const named = /^\/dist\/(?:lean\/)?chunks\//.test(c.req.path);
    c.res.headers.set('Cache-Control', named ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
  };
}
