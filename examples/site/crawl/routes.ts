import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import type { SiteDocument } from 'civic-search';
import { siteServerConfig } from '../server/site-config';
import { siteOrigin } from '../server/visitor-origin';
import { robotsTxt } from './robots-txt';
import { partLastmod, sitemapParts, type SitemapPart } from './sitemap-entries';
import { sitemapIndexXml, urlsetXml } from './sitemap-xml';

export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_PATH = '/sitemap.xml';
/** Where the files of a sitemap index are served: /sitemaps/<name>.xml. */
export const SITEMAPS_FOLDER = '/sitemaps';

export interface CrawlRoutesOptions {
  /** The site's documents, as the document library has them (read once, on the first request). */
  documents: () => readonly SiteDocument[];
  /** Believe X-Forwarded-Host and X-Forwarded-Proto for the origin written in the files (default: SITE_TRUST_PROXY). */
  trustProxy?: boolean;
}

/**
 * What a crawler reads before the pages: GET /robots.txt (text/plain) and GET /sitemap.xml (application/xml), a
 * sitemap of every address, or, when there are more than a sitemap file takes, a sitemap index of
 * /sitemaps/<name>.xml files. Every address in them is absolute, on the origin the request came to. They depend on
 * no cookie and change when the content does: cacheable by anyone, checked again before reuse (an ETag answers 304).
 */
export function crawlRoutes({ documents, trustProxy }: CrawlRoutesOptions): Hono {
  let parts: SitemapPart[] | undefined;
  const sitemapFiles = () => (parts ??= sitemapParts(documents()));
  const originOf = (c: Context) => siteOrigin(c, trustProxy ?? siteServerConfig().trustProxy);
  const app = new Hono();

  const cached = (c: Context) => {
    c.header('Cache-Control', 'public, no-cache');
  };
  const xml = (c: Context, body: string) => {
    cached(c);
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  };

  app.use(ROBOTS_PATH, etag());
  app.use(SITEMAP_PATH, etag());
  app.use(`${SITEMAPS_FOLDER}/*`, etag());

  app.get(ROBOTS_PATH, (c) => {
    cached(c);
    return c.text(robotsTxt(new URL(SITEMAP_PATH, originOf(c)).href));
  });

  app.get(SITEMAP_PATH, (c) => {
    const files = sitemapFiles();
    const origin = originOf(c);
    if (files.length === 1) return xml(c, urlsetXml(origin, files[0].entries));
    return xml(
      c,
      sitemapIndexXml(
        origin,
        files.map((part) => ({ path: `${SITEMAPS_FOLDER}/${part.name}.xml`, lastmod: partLastmod(part) })),
      ),
    );
  });

  app.get(`${SITEMAPS_FOLDER}/:file`, (c, next) => {
    const files = sitemapFiles();
    const part = files.length > 1 ? files.find((candidate) => `${candidate.name}.xml` === c.req.param('file')) : undefined;
    return part ? xml(c, urlsetXml(originOf(c), part.entries)) : next();
  });

  return app;
}
