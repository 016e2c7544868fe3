import type { estypes } from '@elastic/elasticsearch';
import { engineNameProblem, type EngineDefinition } from '../../engines/engine-definition';
import { BackendError } from '../types';
import { EXACT_SUBFIELD, SORT_SUBFIELD, SUGGEST_SUBFIELD, engineLayout, type EngineLayout, type FieldKind } from './engine-layout';

/** Exact values longer than this are not kept for filters, facets and sorting (Elasticsearch's usual limit). */
export const EXACT_VALUE_MAX_LENGTH = 256;
/** The normaliser of sort copies: sorting ignores case and accents. */
export const SORT_NORMALIZER = 'sort_normalizer';

function layoutOf(engine: EngineDefinition | EngineLayout): EngineLayout {
  return 'kinds' in engine ? engine : engineLayout(engine);
}

/** Index settings of an engine's documents index: the sort normaliser, and the engine's own analyzer if custom. */
export function indexSettingsForEngine(engine: EngineDefinition | EngineLayout): estypes.IndicesIndexSettings {
  const { customAnalyzers } = layoutOf(engine).analysis;
  return {
    analysis: {
      normalizer: { [SORT_NORMALIZER]: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
      ...(Object.keys(customAnalyzers).length > 0 && { analyzer: { ...customAnalyzers } }),
    },
  };
}

function searchedTextProperty(layout: EngineLayout, field: string): estypes.MappingProperty {
  const { analyzer, folds } = layout.analysis;
  return {
    type: 'text',
    analyzer,
    fields: {
      [EXACT_SUBFIELD]: { type: 'keyword', ignore_above: EXACT_VALUE_MAX_LENGTH },
      [SORT_SUBFIELD]: { type: 'keyword', normalizer: SORT_NORMALIZER, ignore_above: EXACT_VALUE_MAX_LENGTH },
      ...(field === layout.leadField && {
        [SUGGEST_SUBFIELD]: { type: 'search_as_you_type', ...(folds && { analyzer }) } as estypes.MappingProperty,
      }),
    },
  };
}

const PROPERTY_OF_KIND: Record<Exclude<FieldKind, 'text'>, estypes.MappingProperty> = {
  keyword: { type: 'keyword' },
  number: { type: 'double' },
  date: { type: 'date', format: 'strict_date_optional_time' },
  geo_point: { type: 'geo_point' },
};

/**
 * An engine's documents index from its schema. Searched text fields are analysed for the engine's language, with
 * an exact copy for value filters and facets, a folded copy for sorting and, on the lead field, a
 * search-as-you-type copy for suggestions. Other text fields are exact values (App Search filters, facets and
 * sorts any text field, so none is stored only). Numbers are doubles, dates ISO 8601, geolocations geo points.
 * Strict: a document with a field outside the schema is refused rather than guessed at.
 */
export function mappingForEngine(engine: EngineDefinition | EngineLayout): estypes.MappingTypeMapping {
  const layout = layoutOf(engine);
  const properties: Record<string, estypes.MappingProperty> = {};
  for (const [field, kind] of layout.kinds) {
    properties[field] = kind === 'text' ? searchedTextProperty(layout, field) : { ...PROPERTY_OF_KIND[kind] };
  }
  return { dynamic: 'strict', properties };
}

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

export function documentsIndex(prefix: string, engine: string): string {
  if (engineNameProblem(engine) !== undefined || engine === CLICKS_INDEX_SUFFIX) {
    throw new BackendError('this engine name cannot name an Elasticsearch index (lowercase letters, digits, - and _; not "clicks")');
  }
  return `${prefix}-${engine}`;
}

export function clicksIndex(prefix: string): string {
  return `${prefix}-${CLICKS_INDEX_SUFFIX}`;
}
