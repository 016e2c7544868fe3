import type { SiteDocument } from 'civic-search';
import { handWrittenPages } from '../content/site-documents';

let byUrl: Map<string, SiteDocument> | undefined;

/**
 * The search fields of the hand-written page at a path (home, sections, topics, contact, guidance), from the same
 * list the site's indexer sends, so the page's meta tags and its indexed document never disagree.
 */
export function handWrittenPageAt(path: string): SiteDocument | undefined {
  byUrl ??= new Map(handWrittenPages().map((page) => [page.url, page]));
  return byUrl.get(path);
}
