import type { EngineSchema, SearchFieldWeights } from '../../engines/engine-schema';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../../engines/page-schema';

/**
 * The fields of a crawled site's documents: the page fields every element shows, plus the content's headings, which
 * say what a long page covers and so weigh as much as its summary (a title above both, the body below).
 */
export const CRAWL_SCHEMA: EngineSchema = Object.freeze({ ...PAGE_SCHEMA, headings: 'text' });

export const CRAWL_SEARCH_FIELDS: SearchFieldWeights = Object.freeze({
  ...PAGE_SEARCH_FIELDS,
  title: { weight: 3 },
  headings: { weight: 2 },
  summary: { weight: 2 },
  body: { weight: 1 },
});
