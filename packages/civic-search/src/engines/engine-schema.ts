/**
 * An engine's schema, as App Search has it: each field of its documents is `text`, `number`, `date` or
 * `geolocation`; `id` is always there and is not part of the schema. What a request may do with a field follows
 * from its type, so the proxy can refuse a facet, filter or sort the engine cannot answer before a backend sees it.
 */
export const FIELD_TYPES = ['text', 'number', 'date', 'geolocation'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type EngineSchema = Readonly<Record<string, FieldType>>;

/** Relevance tuning: the text fields searched when a request names none, and their weights. */
export type SearchFieldWeights = Readonly<Record<string, { readonly weight: number }>>;

/** Field names App Search accepts: lowercase letters, digits and underscores, not starting with an underscore. */
const FIELD_NAME = /^[a-z0-9][a-z0-9_]*$/;
export const FIELD_NAME_MAX_LENGTH = 64;
/** Names App Search keeps for itself (the document id and words of its filter syntax). */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  'id',
  'engine_id',
  'external_id',
  'highlight',
  'any',
  'all',
  'none',
  'or',
  'and',
  'not',
]);

/** Why a field name is refused, in App Search's words where it has them; undefined when the name is fine. */
export function fieldNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'Field name must not be empty';
  if (name.length > FIELD_NAME_MAX_LENGTH) return `Field name must be at most ${FIELD_NAME_MAX_LENGTH} characters`;
  if (!FIELD_NAME.test(name)) return 'Field name can only contain lowercase letters, numbers, and underscores';
  if (RESERVED_FIELD_NAMES.has(name)) return `Field name "${name}" is reserved`;
  return undefined;
}

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

/** A schema given in configuration: every name valid, every type known. Throws one error listing every problem. */
export function parseSchema(value: unknown, where: string): EngineSchema {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where}: the schema must be an object like {"title": "text", "published_date": "date"}.`);
  }
  const problems: string[] = [];
  const schema: Record<string, FieldType> = {};
  for (const [name, type] of Object.entries(value)) {
    const nameProblem = fieldNameProblem(name);
    if (nameProblem) problems.push(`${name}: ${nameProblem}`);
    else if (!isFieldType(type)) problems.push(`${name}: the type must be one of ${FIELD_TYPES.join(', ')} (got ${JSON.stringify(type)})`);
    else schema[name] = type;
  }
  if (problems.length > 0) throw new Error(`${where}: ${problems.join('; ')}.`);
  return Object.freeze(schema);
}

/** The text fields a search covers by default: those with weights, else every text field at weight 1. */
export function defaultSearchFields(schema: EngineSchema, weights?: SearchFieldWeights): SearchFieldWeights {
  if (weights && Object.keys(weights).length > 0) return weights;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([, type]) => type === 'text')
      .map(([name]) => [name, { weight: 1 }]),
  );
}

/** Checks relevance weights against the schema: only text fields, weights from 0 to 10 as App Search allows. */
export function parseSearchFields(value: unknown, schema: EngineSchema, where: string): SearchFieldWeights | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where}: search_fields must be an object like {"title": {"weight": 3}}.`);
  }
  const problems: string[] = [];
  const weights: Record<string, { weight: number }> = {};
  for (const [name, options] of Object.entries(value)) {
    if (schema[name] !== 'text') {
      problems.push(`${name}: only text fields of the schema can be searched`);
      continue;
    }
    const weight = (options as { weight?: unknown } | null)?.weight ?? 1;
    if (typeof weight !== 'number' || !(weight >= 0 && weight <= 10)) problems.push(`${name}: the weight must be a number from 0 to 10`);
    else weights[name] = { weight };
  }
  if (problems.length > 0) throw new Error(`${where}: ${problems.join('; ')}.`);
  return Object.freeze(weights);
}
