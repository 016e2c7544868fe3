import { createHash } from 'node:crypto';

/** Query parameters dropped from every URL unless configured otherwise: none (a query can select real content). */
export interface UrlRules {
  /** Query parameter names to drop; `*` at the end matches a prefix (`utm_*`). */
  dropQueryParameters?: readonly string[];
}

const matchesName = (name: string, pattern: string) =>
  pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

/**
 * The one spelling of a URL the crawler keys everything by: http(s) only, no credentials, lower-case host (the URL
 * parser does that), no default port (likewise), no fragment, and the query kept except the parameters configured
 * to drop (tracking tags that make one page look like many). Undefined for anything it will not fetch.
 */
export function normaliseUrl(input: string, base?: string | URL, rules: UrlRules = {}): URL | undefined {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Credentials in a link would be sent to the site with every request: such links are not followed.
  if (url.username !== '' || url.password !== '') return undefined;
  url.hash = '';
  const drop = rules.dropQueryParameters ?? [];
  if (drop.length > 0 && url.search !== '') {
    for (const name of [...new Set(url.searchParams.keys())]) {
      if (drop.some((pattern) => matchesName(name, pattern))) url.searchParams.delete(name);
    }
    if ([...url.searchParams.keys()].length === 0) url.search = '';
  }
  return url;
}

/** A URL's stable document id, so a re-crawl replaces the document it wrote before. */
export function documentId(url: string): string {
  return `crawl-${createHash('sha256').update(url, 'utf8').digest('hex').slice(0, 24)}`;
}

/** Whether a path names a sitemap rather than a page (`.xml`, `.xml.gz`). */
export function looksLikeSitemap(url: URL): boolean {
  return /\.xml(\.gz)?$/i.test(url.pathname);
}
