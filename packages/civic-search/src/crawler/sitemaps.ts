/** One URL a sitemap lists, with its `<lastmod>` when it has one. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export interface ParsedSitemap {
  /** Pages listed by a `<urlset>`. */
  urls: SitemapEntry[];
  /** Further sitemaps listed by a `<sitemapindex>`. */
  sitemaps: SitemapEntry[];
}

/** A sitemap may list at most 50,000 URLs (sitemaps.org); more are ignored. */
export const MAX_SITEMAP_ENTRIES = 50_000;

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
};

/**
 * Reads a sitemap or a sitemap index (sitemaps.org's XML; a plain text list of URLs, one a line, too). The XML is
 * untrusted: entities are not expanded (no entity bombs), and anything but `<loc>` and `<lastmod>` is ignored.
 */
export async function parseSitemap(body: Uint8Array): Promise<ParsedSitemap> {
  const source = new TextDecoder().decode(body);
  if (!source.trimStart().startsWith('<')) {
    const urls = source
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line))
      .slice(0, MAX_SITEMAP_ENTRIES)
      .map((loc) => ({ loc }));
    return { urls, sitemaps: [] };
  }
  const { XMLParser } = await import('fast-xml-parser');
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  let tree: Record<string, unknown>;
  try {
    tree = parser.parse(source) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`not a readable sitemap (${(error as Error).message.split('\n', 1)[0]})`);
  }
  const entries = (items: unknown[]) =>
    items.slice(0, MAX_SITEMAP_ENTRIES).flatMap((item) => {
      const record = (item ?? {}) as Record<string, unknown>;
      const loc = text(record.loc);
      if (!loc) return [];
      // XML escapes `&` in URLs; with entities left alone, the one every sitemap has is undone here.
      const lastmod = text(record.lastmod);
      return [{ loc: loc.replaceAll('&amp;', '&'), ...(lastmod && { lastmod }) }];
    });
  const urlset = tree.urlset as { url?: unknown } | undefined;
  const index = tree.sitemapindex as { sitemap?: unknown } | undefined;
  if (!urlset && !index) throw new Error('not a sitemap (no <urlset> or <sitemapindex>)');
  return { urls: entries(asList(urlset?.url)), sitemaps: entries(asList(index?.sitemap)) };
}
