import type { EngineDefinition } from '../../engines/engine-definition';
import { defaultSearchFields, type FieldType, type SearchFieldWeights } from '../../engines/engine-schema';
import { textAnalysisFor, type TextAnalysis } from './language-analysis';

/**
 * How a field sits in an engine's index. `text`: searched as words, with exact, sort and (for the lead field)
 * suggestion subfields; `keyword`: a text field that is not searched, kept as exact values; `number`, `date` and
 * `geo_point` as their types.
 */
export type FieldKind = 'text' | 'keyword' | 'number' | 'date' | 'geo_point';

/** Subfields of a searched text field: the exact value, a case- and accent-folded copy to sort by, suggestions. */
export const EXACT_SUBFIELD = 'keyword';
export const SORT_SUBFIELD = 'sort';
export const SUGGEST_SUBFIELD = 'suggest';

/** What the translation needs to know of one engine's index, derived once from its definition. */
export interface EngineLayout {
  readonly name: string;
  /** Every field of the index, `id` included, in the schema's order. */
  readonly kinds: ReadonlyMap<string, FieldKind>;
  /** The searched text fields and their weights (every text field at weight 1 when the definition names none). */
  readonly searchFields: SearchFieldWeights;
  readonly analysis: TextAnalysis;
  /**
   * The searched field with the highest weight (the first of equals): a document's name, as a title is a page's.
   * Suggestions complete it and its snippet is shown whole. None when the engine searches no text.
   */
  readonly leadField?: string;
  /** The date field a search without words lists newest first (the schema's first date), if any. */
  readonly browseDateField?: string;
}

const KIND_OF_TYPE: Record<Exclude<FieldType, 'text'>, FieldKind> = { number: 'number', date: 'date', geolocation: 'geo_point' };

export function engineLayout(definition: EngineDefinition): EngineLayout {
  const searchFields = defaultSearchFields(definition.schema, definition.searchFields);
  const kinds = new Map<string, FieldKind>([['id', 'keyword']]);
  for (const [field, type] of Object.entries(definition.schema)) {
    kinds.set(field, type === 'text' ? (field in searchFields ? 'text' : 'keyword') : KIND_OF_TYPE[type]);
  }
  let leadField: string | undefined;
  for (const [field, { weight }] of Object.entries(searchFields)) {
    if (leadField === undefined || weight > searchFields[leadField].weight) leadField = field;
  }
  const browseDateField = [...kinds].find(([, kind]) => kind === 'date')?.[0];
  return {
    name: definition.name,
    kinds,
    searchFields,
    analysis: textAnalysisFor(definition.language),
    ...(leadField !== undefined && { leadField }),
    ...(browseDateField !== undefined && { browseDateField }),
  };
}

export function kindOf(layout: EngineLayout, field: string): FieldKind | undefined {
  return layout.kinds.get(field);
}

/** Where a field's exact values are, for value filters and value facets: a searched text field's exact subfield. */
export function valueField(layout: EngineLayout, field: string): string {
  return kindOf(layout, field) === 'text' ? `${field}.${EXACT_SUBFIELD}` : field;
}

/** What a sort on a field sorts by: a searched text field's folded copy, so case and accents do not order it. */
export function sortField(layout: EngineLayout, field: string): string {
  return kindOf(layout, field) === 'text' ? `${field}.${SORT_SUBFIELD}` : field;
}

/** The search-as-you-type subfield suggestions match, when the engine searches text. */
export function suggestField(layout: EngineLayout): string | undefined {
  return layout.leadField === undefined ? undefined : `${layout.leadField}.${SUGGEST_SUBFIELD}`;
}
