import type { SiteDocument } from '../search/types';

/** What a request may do with a field of the site's documents. */
export interface FieldRole {
  /** Full-text searchable (`search_fields`, suggestion `types.documents.fields`). */
  readonly search?: boolean;
  /** Filterable: `value` takes strings (and ranges of strings), `date` takes ISO dates and date ranges. */
  readonly filter?: 'value' | 'date';
  /** Facetable: `value` facets count values, `range` facets count ranges. */
  readonly facet?: 'value' | 'range';
  /** Usable in `sort`. */
  readonly sort?: boolean;
}

/**
 * The site's document schema as the proxy enforces it: a request naming any other field, or using a field for
 * what it cannot do (sorting by body, a value facet on a date), is refused before a backend sees it.
 * Keyed by every SiteDocument field, so a field added to the contract must be given its roles here.
 */
export const DOCUMENT_FIELDS = {
  id: { filter: 'value' },
  title: { search: true, sort: true },
  summary: { search: true },
  body: { search: true },
  url: {},
  document_type: { filter: 'value', facet: 'value', sort: true },
  published_date: { filter: 'date', facet: 'range', sort: true },
  topic: { filter: 'value', facet: 'value', sort: true },
  subtopic: { filter: 'value', facet: 'value', sort: true },
  subsite: { filter: 'value', facet: 'value', sort: true },
} as const satisfies Record<keyof SiteDocument, FieldRole>;

export type DocumentField = keyof typeof DOCUMENT_FIELDS;

/** Relevance, App Search's name for sorting by score. */
export const RELEVANCE_SORT_FIELD = '_score';

export function roleOf(field: DocumentField): FieldRole {
  return DOCUMENT_FIELDS[field];
}

function fieldsWhere(test: (role: FieldRole) => boolean): DocumentField[] {
  return (Object.keys(DOCUMENT_FIELDS) as DocumentField[]).filter((field) => test(roleOf(field)));
}

export const ALL_FIELDS = Object.keys(DOCUMENT_FIELDS) as DocumentField[];
export const SEARCH_FIELDS = fieldsWhere((role) => role.search === true);
export const FILTER_FIELDS = fieldsWhere((role) => role.filter !== undefined);
export const VALUE_FACET_FIELDS = fieldsWhere((role) => role.facet === 'value');
export const RANGE_FACET_FIELDS = fieldsWhere((role) => role.facet === 'range');
export const SORT_FIELDS = fieldsWhere((role) => role.sort === true);
