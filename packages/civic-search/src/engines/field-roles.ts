import { defaultSearchFields, type EngineSchema, type SearchFieldWeights } from './engine-schema';

/** What a request may do with one field of an engine's documents. */
export interface FieldRole {
  /** Full-text searchable (`search_fields`, suggestion `types.documents.fields`). */
  readonly search?: boolean;
  /** Filterable: by text values, by numbers and number ranges, or by ISO dates and date ranges. */
  readonly filter?: 'value' | 'number' | 'date';
  /** Facetable: `value` facets count values; `range` facets count number or date ranges (as `filter` says). */
  readonly facet?: 'value' | 'range';
  /** Usable in `sort`. */
  readonly sort?: boolean;
}

/** The fields of one engine and what each may be used for. */
export interface EngineFields {
  readonly roles: ReadonlyMap<string, FieldRole>;
  /** Text fields searched when a request names none, with their weights. */
  readonly searchFields: SearchFieldWeights;
}

/** Relevance, App Search's name for sorting by score. */
export const RELEVANCE_SORT_FIELD = '_score';

/**
 * Roles follow the field types as App Search gives them: text fields filter and facet by value and sort; numbers
 * and dates filter and facet by range and sort; only the engine's search fields are searched as text (they are
 * the ones indexed for it). Geolocation fields are stored and returned, not yet filtered by distance.
 */
export function engineFields(schema: EngineSchema, weights?: SearchFieldWeights): EngineFields {
  const searchFields = defaultSearchFields(schema, weights);
  const roles = new Map<string, FieldRole>([['id', { filter: 'value' }]]);
  for (const [name, type] of Object.entries(schema)) {
    if (type === 'text') roles.set(name, { search: name in searchFields, filter: 'value', facet: 'value', sort: true });
    else if (type === 'number') roles.set(name, { filter: 'number', facet: 'range', sort: true });
    else if (type === 'date') roles.set(name, { filter: 'date', facet: 'range', sort: true });
    else roles.set(name, {});
  }
  return { roles, searchFields };
}

export function fieldsWhere(fields: EngineFields, test: (role: FieldRole) => boolean): string[] {
  return [...fields.roles].filter(([, role]) => test(role)).map(([name]) => name);
}
