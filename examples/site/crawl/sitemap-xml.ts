/**
 * Sitemaps as the sitemaps.org protocol writes them: a `urlset` of `url`s, or a `sitemapindex` of `sitemap`s,
 * UTF-8, every address absolute and XML-escaped (an address may hold `&`, and the origin comes from the request).
 */
import type { SitemapEntry } from './sitemap-entries';

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

function item(tag: 'url' | 'sitemap', loc: string, lastmod: string | undefined): string {
  const date = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
  return `  <${tag}><loc>${escapeXml(loc)}</loc>${date}</${tag}>`;
}

/** A sitemap of pages: each address resolved against the site's origin (percent-encoded as a URL). */
export function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => item('url', new URL(entry.path, origin).href, entry.lastmod));
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A sitemap index: the address of each sitemap file and the newest date in it. */
export function sitemapIndexXml(origin: string, sitemaps: ReadonlyArray<{ path: string; lastmod?: string }>): string {
  const items = sitemaps.map((sitemap) => item('sitemap', new URL(sitemap.path, origin).href, sitemap.lastmod));
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
}
