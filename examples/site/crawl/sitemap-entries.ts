/**
 * What the site's sitemaps list: every page a visitor can reach by following links (the hand-written pages, the
 * listings, forms and decision trees, each library document and news item) and the files attached to documents,
 * each with its content's date as `lastmod` where the content has one. Pure functions over the site's content,
 * so they are tested without a server.
 */
import type { SiteDocument } from 'civic-search';
import { attachments, attachmentUrl } from '../../content/attachments';
import { decisionTrees } from '../decision-trees/trees';
import { reportAProblem } from '../forms/report-a-problem';
import { LIBRARY_PATH } from '../documents/DocumentResults';
import { NEWS_PATH } from '../documents/NewsPage';
import { libraryDocuments } from '../documents/document-listing';
import { newsItems } from '../documents/news-listing';

export interface SitemapEntry {
  /** The address's path on this site (made absolute with the visitor's origin when written). */
  path: string;
  /** When the content last changed (W3C date), if the content says. */
  lastmod?: string;
}

/** One sitemap file of a sitemap index: a name (its address under /sitemaps/) and its entries. */
export interface SitemapPart {
  name: string;
  entries: SitemapEntry[];
}

/**
 * At most this many addresses in one sitemap file. The protocol allows 50,000, but large council sites split far
 * sooner (one file per content type, and pages of a thousand or so), so a change re-reads a small file.
 */
export const SITEMAP_MAX_URLS = 1000;

/** The site's own pages that are no search document: the listings, forms and decision trees. */
const FORMS_PATH = '/forms';

const newest = (dates: readonly (string | undefined)[]): string | undefined =>
  dates.reduce<string | undefined>((latest, date) => (date && (!latest || date > latest) ? date : latest), undefined);

const entryOf = (document: SiteDocument): SitemapEntry => ({ path: document.url, lastmod: document.published_date || undefined });

/**
 * The site's addresses in three groups: its pages (hand-written pages, listings, forms, decision trees), its
 * documents (library documents and news items), and the files attached to documents.
 */
export function sitemapGroups(documents: readonly SiteDocument[]): {
  pages: SitemapEntry[];
  documents: SitemapEntry[];
  files: SitemapEntry[];
} {
  const library = libraryDocuments(documents);
  const libraryIds = new Set(library.map((document) => document.id));
  const pages = documents.filter((document) => !libraryIds.has(document.id)).map(entryOf);
  pages.push(
    { path: LIBRARY_PATH, lastmod: newest(library.map((document) => document.published_date)) },
    { path: NEWS_PATH, lastmod: newest(newsItems(documents).map((document) => document.published_date)) },
    { path: FORMS_PATH },
    { path: `${FORMS_PATH}/${reportAProblem.slug}` },
    ...decisionTrees.map((tree) => ({ path: `/decision-trees/${tree.slug}` })),
  );
  const files = attachments.map((attachment) => ({ path: attachmentUrl(attachment), lastmod: attachment.published }));
  return { pages: pages.map(withoutEmptyDate), documents: library.map(entryOf), files };
}

const withoutEmptyDate = (entry: SitemapEntry): SitemapEntry => (entry.lastmod ? entry : { path: entry.path });

/**
 * The sitemap files: one when every address fits in SITEMAP_MAX_URLS (served at /sitemap.xml itself), otherwise
 * `pages`, `documents-1`, `documents-2`... and `files`, each within the limit, for a sitemap index.
 */
export function sitemapParts(documents: readonly SiteDocument[], maxUrls: number = SITEMAP_MAX_URLS): SitemapPart[] {
  const groups = sitemapGroups(documents);
  const all = [...groups.pages, ...groups.documents, ...groups.files];
  if (all.length <= maxUrls) return [{ name: 'sitemap', entries: all }];
  const parts: SitemapPart[] = [];
  const split = (name: string, entries: SitemapEntry[]) => {
    if (entries.length <= maxUrls) {
      if (entries.length > 0) parts.push({ name, entries });
      return;
    }
    for (let start = 0, n = 1; start < entries.length; start += maxUrls, n++)
      parts.push({ name: `${name}-${n}`, entries: entries.slice(start, start + maxUrls) });
  };
  split('pages', groups.pages);
  split('documents', groups.documents);
  split('files', groups.files);
  return parts;
}

/** The newest lastmod of a part's entries: its own lastmod in the sitemap index. */
export function partLastmod(part: SitemapPart): string | undefined {
  return newest(part.entries.map((entry) => entry.lastmod));
}
