import type { EngineSchema, SearchFieldWeights } from './engine-schema';

/**
 * The fields of a content site's pages, as the elements show them: a title, a summary and the body text searched
 * (title above summary above body), the page's address, and what listings filter and facet by. An engine named
 * without a schema gets this one.
 */
export const PAGE_SCHEMA: EngineSchema = Object.freeze({
  title: 'text',
  summary: 'text',
  body: 'text',
  url: 'text',
  document_type: 'text',
  published_date: 'date',
  topic: 'text',
  subtopic: 'text',
  subsite: 'text',
});

export const PAGE_SEARCH_FIELDS: SearchFieldWeights = Object.freeze({
  title: { weight: 3 },
  summary: { weight: 2 },
  body: { weight: 1 },
});
