import type { estypes } from '@elastic/elasticsearch';
import { BackendError, type SiteDocument } from '../types';

/** How each document field is indexed: the translation reads this to build term, range and text queries. */
export type FieldKind = 'text' | 'keyword' | 'date' | 'stored';

export const FIELD_KINDS = {
  id: 'keyword',
  title: 'text',
  summary: 'text',
  body: 'text',
  url: 'stored',
  document_type: 'keyword',
  published_date: 'date',
  topic: 'keyword',
  subtopic: 'keyword',
  subsite: 'keyword',
} as const satisfies Record<keyof SiteDocument, FieldKind>;

export function kindOf(field: string): FieldKind | undefined {
  return (FIELD_KINDS as Record<string, FieldKind>)[field];
}

/** Subfields of title: an exact, case-folded copy to sort by, and a search-as-you-type copy for suggestions. */
export const TITLE_SORT_FIELD = 'title.sort';
export const TITLE_SUGGEST_FIELD = 'title.suggest';

/** Index settings of a documents index: one normaliser so sorting by title ignores case. */
export const DOCUMENT_INDEX_SETTINGS: estypes.IndicesIndexSettings = {
  analysis: { normalizer: { sort_normalizer: { type: 'custom', filter: ['lowercase', 'asciifolding'] } } },
};

/**
 * The documents index: text fields analysed for English (stemming, stop words), keyword fields for exact filters
 * and facets, a date for ranges. Strict: a document with an unknown field is refused rather than guessed at.
 */
export const DOCUMENT_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    id: { type: 'keyword' },
    title: {
      type: 'text',
      analyzer: 'english',
      fields: {
        sort: { type: 'keyword', normalizer: 'sort_normalizer', ignore_above: 256 },
        suggest: { type: 'search_as_you_type' },
      },
    },
    summary: { type: 'text', analyzer: 'english' },
    body: { type: 'text', analyzer: 'english' },
    url: { type: 'keyword', index: false },
    document_type: { type: 'keyword' },
    published_date: { type: 'date', format: 'strict_date_optional_time' },
    topic: { type: 'keyword' },
    subtopic: { type: 'keyword' },
    subsite: { type: 'keyword' },
  },
};

/** The clicks index: one document a click, kept so search analytics (and suggestion ranking) can read them. */
export const CLICK_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    engine: { type: 'keyword' },
    query: { type: 'keyword', ignore_above: 256 },
    document_id: { type: 'keyword' },
    request_id: { type: 'keyword' },
    tags: { type: 'keyword' },
    clicked_at: { type: 'date' },
  },
};

/** `<prefix>-<engine>` holds an engine's documents; `<prefix>-clicks` holds every engine's clicks. */
export const CLICKS_INDEX_SUFFIX = 'clicks';
const ENGINE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function documentsIndex(prefix: string, engine: string): string {
  if (!ENGINE_NAME.test(engine) || engine === CLICKS_INDEX_SUFFIX) {
    throw new BackendError('this engine name cannot name an Elasticsearch index (lowercase letters, digits, - and _; not "clicks")');
  }
  return `${prefix}-${engine}`;
}

export function clicksIndex(prefix: string): string {
  return `${prefix}-${CLICKS_INDEX_SUFFIX}`;
}
