import { cleanLine } from './text';

/**
 * A page's meta tags by name: `<meta name>` and `<meta property>` (Open Graph's and article's), keys in lower case,
 * the first tag of a name winning (as search engines read them). Contents are single-line, control-free text.
 */
export type MetaTags = ReadonlyMap<string, string>;

export function readMetaTags(document: Document): MetaTags {
  const tags = new Map<string, string>();
  for (const meta of document.querySelectorAll('meta[content]')) {
    const content = cleanLine(meta.getAttribute('content') ?? '');
    for (const key of [meta.getAttribute('name'), meta.getAttribute('property')]) {
      const name = key?.trim().toLowerCase();
      if (name && content && !tags.has(name)) tags.set(name, content);
    }
  }
  return tags;
}

/** The first of the named meta tags that has content. */
export function firstMeta(tags: MetaTags, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = tags.get(name.toLowerCase());
    if (value) return value;
  }
  return undefined;
}

/** Every robots meta tag addressed to all crawlers or to one name (there may be several of each). */
export function robotsMetaContents(document: Document, names: readonly string[]): string[] {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  const contents: string[] = [];
  for (const meta of document.querySelectorAll('meta[name][content]')) {
    if (wanted.has((meta.getAttribute('name') ?? '').trim().toLowerCase())) contents.push(meta.getAttribute('content') ?? '');
  }
  return contents;
}

/** An address written in the page, made absolute against `base`: http(s) only, fragment dropped. */
export function absoluteHttpUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  const value = href.trim();
  if (value === '' || value.length > 4096) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

/** The page's base address: its `<base href>` (resolved against its URL), else its URL. */
export function baseUrl(document: Document, url: string): string {
  const base = document.querySelector('base[href]');
  return absoluteHttpUrl(base?.getAttribute('href'), url) ?? url;
}

/** `<link rel="canonical">`, absolute (resolved against the page's URL, as search engines do). */
export function canonicalUrl(document: Document, url: string): string | undefined {
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('canonical')) return absoluteHttpUrl(link.getAttribute('href'), url);
  }
  return undefined;
}
