/**
 * Turning one fetched resource into a search document: the crawl core's only way into this folder. HTML pages
 * give a document with their robots directives, links and canonical address; PDF and Word files give a document;
 * anything else, or a file that cannot be read, is "unsupported" with a reason. Nothing here throws on what a site
 * serves: every input is treated as hostile (sizes capped, library errors caught, no script ever run).
 * The parsers (linkedom, Readability, unpdf, mammoth) are imported on first use, so a service that never crawls
 * never loads them.
 */
import type { ExtractionConfig } from './config';
import type { Extraction, FetchedResource } from './types';

export type { CrawledDocument, Extraction, FetchedResource, PageLink } from './types';
export type { ExtractionConfig, FieldMapping, UrlRule } from './config';
export { parseExtractionConfig } from './config';
export { CRAWL_SCHEMA, CRAWL_SEARCH_FIELDS } from './schema';
export { CRAWLER_ROBOTS_NAME } from './robots';

export const HTML_TYPES: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml']);
export const PDF_TYPES: ReadonlySet<string> = new Set(['application/pdf']);
export const DOCX_TYPES: ReadonlySet<string> = new Set(['application/vnd.openxmlformats-officedocument.wordprocessingml.document']);

/** Whether the crawl should fetch a resource of this type at all (a HEAD or the response's header tells it). */
export function isExtractable(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return HTML_TYPES.has(type) || PDF_TYPES.has(type) || DOCX_TYPES.has(type);
}

export async function extractResource(resource: FetchedResource, config: ExtractionConfig = {}): Promise<Extraction> {
  const type = resource.contentType.split(';')[0].trim().toLowerCase();
  try {
    if (HTML_TYPES.has(type)) return await (await import('./html')).extractHtml(resource, config);
    if (PDF_TYPES.has(type)) return await (await import('./pdf')).extractPdf(resource, config);
    if (DOCX_TYPES.has(type)) return await (await import('./docx')).extractDocx(resource, config);
  } catch (error) {
    // A fault in a parser on some input nobody foresaw: that one resource is skipped, with the reason, not the crawl.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'unsupported', reason: `${type} could not be read: ${message.slice(0, 200)}` };
  }
  return { kind: 'unsupported', reason: `content type ${type || 'unknown'} is not indexed` };
}
