import type { ExtractionConfig } from './config';
import { DEFAULT_BODY_BYTES, HEADINGS_BYTES, MAX_CRAWLED_DOCUMENT_BYTES, MAX_HEADINGS } from './limits';
import { capBytes } from './text';
import type { CrawledDocument } from './types';

/**
 * A document cut to fit: the body to its cap, the headings to theirs, and then, if the whole document as JSON is
 * still over what the write API takes (many long mapped fields), the body shortened by the excess. The body is
 * what gives way: the title, summary and fields are what results show.
 */
export function fitDocument(document: CrawledDocument, config: ExtractionConfig): CrawledDocument {
  const fitted: CrawledDocument = { ...document };
  fitted.body = capBytes(document.body, config.maxBodyBytes ?? DEFAULT_BODY_BYTES);
  const headings = document.headings.split('\n', MAX_HEADINGS + 1).slice(0, MAX_HEADINGS).join('\n');
  fitted.headings = capBytes(headings, HEADINGS_BYTES);
  const excess = Buffer.byteLength(JSON.stringify(fitted), 'utf8') - MAX_CRAWLED_DOCUMENT_BYTES;
  if (excess > 0) fitted.body = capBytes(fitted.body, Math.max(2, Buffer.byteLength(JSON.stringify(fitted.body), 'utf8') - excess));
  return fitted;
}
