import type { EngineSchema } from '../engines/engine-schema';
import type { SearchSettings } from '../relevance/records';
import { wordsOf, type BoostedSearchRequest } from '../relevance/rules';

/**
 * A meta engine's own search settings (its saved ones, else its defaults), with the schemas of its sources. As in
 * App Search, they are the meta engine's alone: its sources' settings never rank its results.
 */
export interface MetaSettings {
  settingsOf(engine: string): Promise<SearchSettings | undefined>;
  schemaOf(engine: string): EngineSchema | undefined;
}

/**
 * The search one source answers for its meta engine. The meta engine's settings fill in what the request leaves out
 * (the request's own `search_fields`, `result_fields` and `boosts` win, as on any engine), and all three are sent,
 * so the source's own settings never apply: every source ranks with the same weights and boosts, and their scores
 * merge into one fair order. A source is searched in those of the fields it has; one that has none of them can match
 * no words, so for a query with words it is not asked at all (`undefined`).
 */
export function sourceSearch(
  request: BoostedSearchRequest,
  settings: SearchSettings,
  sourceSchema: EngineSchema,
): BoostedSearchRequest | undefined {
  const searched = Object.entries(request.search_fields ?? settings.search_fields).filter(([field]) => sourceSchema[field] === 'text');
  if (searched.length === 0 && wordsOf(request.query).length > 0) return undefined;
  const resultFields = request.result_fields ?? settings.result_fields;
  return {
    ...request,
    ...(searched.length > 0 && { search_fields: Object.fromEntries(searched) }),
    // No result fields named: every field, raw (said outright, or the source's own result fields would fill in).
    result_fields: Object.keys(resultFields).length > 0 ? resultFields : everyFieldRaw(sourceSchema),
    boosts: request.boosts ?? settings.boosts,
  };
}

function everyFieldRaw(schema: EngineSchema): NonNullable<BoostedSearchRequest['result_fields']> {
  return Object.fromEntries(['id', ...Object.keys(schema)].map((field) => [field, { raw: {} }]));
}
