import type { EngineDefinition } from '../engines/engine-definition';
import { defaultSearchFields } from '../engines/engine-schema';
import { engineFields, fieldsWhere } from '../engines/field-roles';
import { REQUEST_LIMITS } from '../search-proxy/limits';
import { boostsProblems, type Boosts } from './boosts';
import { LIMITS, type Curation, type SearchSettings, type SynonymSet } from './records';
import { normalisedQuery, wordsOf } from './rules';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const problemsOrValue = <T>(problems: string[], value: T): { problems: string[]; value?: T } =>
  problems.length > 0 ? { problems } : { problems, value };

/** An engine's settings before any change: its default search fields and weights, every field raw, no boosts. */
export function defaultSettings(definition: EngineDefinition): SearchSettings {
  const weights = defaultSearchFields(definition.schema, definition.searchFields);
  return {
    search_fields: Object.fromEntries(Object.entries(weights).map(([field, { weight }]) => [field, { weight }])),
    result_fields: Object.fromEntries(['id', ...Object.keys(definition.schema)].map((field) => [field, { raw: {} }])),
    boosts: {},
  };
}

/**
 * Search settings as sent to PUT: `search_fields` (the engine's searchable text fields, weights from 0 to 10),
 * `result_fields` (any field, raw and/or snippet with sizes) and `boosts`. A part left out takes its default.
 * Anything else (App Search's `precision`, say) is refused rather than kept and ignored.
 */
export function checkedSettings(body: unknown, definition: EngineDefinition): { problems: string[]; value?: SearchSettings } {
  if (!isObject(body)) return { problems: ['The request body must be a JSON object with search_fields, result_fields and boosts.'] };
  const problems = Object.keys(body)
    .filter((key) => !['search_fields', 'result_fields', 'boosts'].includes(key))
    .map((key) => `${key} is not a search setting this service keeps (use search_fields, result_fields and boosts)`);
  const defaults = defaultSettings(definition);
  const fields = engineFields(definition.schema, definition.searchFields);
  const searchable = new Set(fieldsWhere(fields, (role) => role.search === true));
  const { weightMax, resultFieldSizeMin: sizeMin, resultFieldSizeMax: sizeMax } = REQUEST_LIMITS;

  const searchFields = body.search_fields ?? defaults.search_fields;
  if (!isObject(searchFields) || Object.keys(searchFields).length === 0) problems.push('search_fields must name at least one text field');
  else
    for (const [field, options] of Object.entries(searchFields)) {
      if (!searchable.has(field)) problems.push(`search_fields.${field} is not a searchable text field of the engine`);
      else if (!isObject(options) || Object.keys(options).some((key) => key !== 'weight'))
        problems.push(`search_fields.${field} must be like {"weight": 2}`);
      else if (
        options.weight !== undefined &&
        !(typeof options.weight === 'number' && options.weight >= 0 && options.weight <= weightMax)
      ) {
        problems.push(`search_fields.${field}.weight must be a number from 0 to ${weightMax}`);
      }
    }

  const resultFields = body.result_fields ?? defaults.result_fields;
  const size = (value: unknown) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= sizeMin && (value as number) <= sizeMax);
  if (!isObject(resultFields)) problems.push('result_fields must be an object of field names');
  else
    for (const [field, options] of Object.entries(resultFields)) {
      const at = `result_fields.${field}`;
      if (field !== 'id' && !(field in definition.schema)) problems.push(`${at} is not a field of the documents`);
      else if (!isObject(options) || Object.keys(options).some((key) => key !== 'raw' && key !== 'snippet'))
        problems.push(`${at} must be like {"raw": {}, "snippet": {"size": 100}}`);
      else {
        const { raw, snippet } = options;
        if (raw !== undefined && (!isObject(raw) || Object.keys(raw).some((key) => key !== 'size') || !size(raw.size))) {
          problems.push(`${at}.raw must be {} or {"size": n} with n from ${sizeMin} to ${sizeMax}`);
        }
        if (
          snippet !== undefined &&
          (!isObject(snippet) ||
            Object.keys(snippet).some((key) => key !== 'size' && key !== 'fallback') ||
            !size(snippet.size) ||
            (snippet.fallback !== undefined && typeof snippet.fallback !== 'boolean'))
        ) {
          problems.push(`${at}.snippet must be {} or {"size": n, "fallback": true} with n from ${sizeMin} to ${sizeMax}`);
        }
      }
    }

  const boosts = body.boosts ?? {};
  problems.push(...boostsProblems(boosts, definition.schema));
  if (isObject(boosts)) {
    const count = Object.values(boosts).reduce<number>((total, list) => total + (Array.isArray(list) ? list.length : 1), 0);
    if (count > LIMITS.boosts) problems.push(`An engine's settings can have at most ${LIMITS.boosts} boosts`);
  }
  return problemsOrValue(problems, {
    search_fields: searchFields as SearchSettings['search_fields'],
    result_fields: resultFields as SearchSettings['result_fields'],
    boosts: boosts as Boosts,
  });
}

/** A synonym set as sent: `{"synonyms": [...]}`, two or more distinct queries, 32 words at most in all. */
export function checkedSynonymSet(body: unknown): { problems: string[]; value?: SynonymSet } {
  if (!isObject(body) || !Array.isArray(body.synonyms))
    return { problems: ['The request body must be like {"synonyms": ["rubbish", "refuse"]}.'] };
  const problems = Object.keys(body)
    .filter((key) => key !== 'synonyms' && key !== 'id')
    .map((key) => `${key} is not a field of a synonym set`);
  const synonyms = body.synonyms as unknown[];
  if (!synonyms.every((synonym) => typeof synonym === 'string' && wordsOf(synonym).length > 0 && synonym.length <= LIMITS.queryLength)) {
    problems.push(`Each synonym must be text with at least one word and at most ${LIMITS.queryLength} characters`);
  } else {
    const distinct = new Set((synonyms as string[]).map(normalisedQuery));
    if (distinct.size < 2) problems.push('A synonym set needs at least two different synonyms');
    const words = (synonyms as string[]).reduce((total, synonym) => total + wordsOf(synonym).length, 0);
    if (words > LIMITS.wordsPerSynonymSet) problems.push(`A synonym set can have at most ${LIMITS.wordsPerSynonymSet} words`);
  }
  return problemsOrValue(problems, { synonyms: synonyms as string[] });
}

/**
 * A curation as sent: `queries` (one or more), `promoted` and `hidden` document ids (50 in all at most, none both).
 * Which other curation already holds a query is checked by the route, against the stored ones.
 */
export function checkedCuration(body: unknown): { problems: string[]; value?: Curation } {
  if (!isObject(body))
    return { problems: ['The request body must be like {"queries": ["rates"], "promoted": ["..."], "hidden": ["..."]}.'] };
  const problems = Object.keys(body)
    .filter((key) => !['queries', 'promoted', 'hidden', 'id'].includes(key))
    .map((key) => `${key} is not a field of a curation`);
  const { queries, promoted = [], hidden = [] } = body;
  if (!Array.isArray(queries) || queries.length === 0) problems.push('queries must list at least one query');
  else if (!queries.every((query) => typeof query === 'string' && wordsOf(query).length > 0 && query.length <= LIMITS.queryLength)) {
    problems.push(`Each query must be text with at least one word and at most ${LIMITS.queryLength} characters`);
  }
  const ids = (list: unknown, name: string) => {
    if (!Array.isArray(list) || !list.every((id) => (typeof id === 'string' && id.length > 0) || typeof id === 'number')) {
      problems.push(`${name} must be a list of document ids`);
      return [];
    }
    return [...new Set(list.map(String))];
  };
  const promotedIds = ids(promoted, 'promoted');
  const hiddenIds = ids(hidden, 'hidden');
  if (promotedIds.length + hiddenIds.length > LIMITS.documentsPerCuration) {
    problems.push(`A curation can promote and hide at most ${LIMITS.documentsPerCuration} documents in all`);
  }
  const both = promotedIds.filter((id) => hiddenIds.includes(id));
  if (both.length > 0) problems.push(`A document cannot be both promoted and hidden: ${both.slice(0, 5).join(', ')}`);
  return problemsOrValue(problems, { queries: queries as string[], promoted: promotedIds, hidden: hiddenIds });
}
