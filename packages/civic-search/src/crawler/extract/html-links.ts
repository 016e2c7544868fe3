import { inlineText } from './dom-text';
import { absoluteHttpUrl } from './html-meta';
import { LINK_TEXT_CHARS, MAX_LINKS } from './limits';
import { cleanLine } from './text';
import type { PageLink } from './types';

/**
 * Every link of a page the crawl may follow: `<a href>` and `<area href>`, absolute against the page's base, http(s)
 * only (no javascript:, mailto:, tel:, data:), the fragment dropped; nofollow when the link's rel says so. Exact
 * repeats (same address, flag and text) are listed once; a page can list at most MAX_LINKS.
 */
export function pageLinks(document: Document, base: string): PageLink[] {
  const links: PageLink[] = [];
  const seen = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href], area[href]')) {
    const url = absoluteHttpUrl(anchor.getAttribute('href'), base);
    if (!url) continue;
    const nofollow = (anchor.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('nofollow');
    const text = linkText(anchor);
    const key = `${nofollow ? 1 : 0} ${url} ${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ url, nofollow, text });
    if (links.length >= MAX_LINKS) break;
  }
  return links;
}

/** What the link says: its text, else its image's alt, else its label or title (an area's alt). */
function linkText(anchor: Element): string {
  const text =
    inlineText(anchor) ||
    cleanLine(anchor.querySelector('img[alt]')?.getAttribute('alt') ?? '') ||
    cleanLine(anchor.getAttribute('aria-label') ?? anchor.getAttribute('alt') ?? anchor.getAttribute('title') ?? '');
  return text.slice(0, LINK_TEXT_CHARS).trim();
}
