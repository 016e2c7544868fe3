import { parseSchema, parseSearchFields, type EngineSchema, type SearchFieldWeights } from './engine-schema';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from './page-schema';

/** What the service knows of an engine before any document: its name, language, schema and relevance weights. */
export interface EngineDefinition {
  readonly name: string;
  /** App Search's language code (`en`, `mi`, `cy`, ...), or null for no language-specific analysis. Default `en`. */
  readonly language?: string | null;
  readonly schema: EngineSchema;
  /** The text fields searched by default and their weights (default: every text field, weight 1). */
  readonly searchFields?: SearchFieldWeights;
}

/** Engine names double as file and index names: letters, digits, '-' and '_', starting with a letter or digit. */
const ENGINE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function engineNameProblem(name: string): string | undefined {
  return ENGINE_NAME.test(name) ? undefined : 'Name must consist of lowercase letters, numbers, and hyphens (at most 64 characters)';
}

/** An engine named without a schema holds content pages (PAGE_SCHEMA, title above summary above body). */
export function pageEngine(name: string): EngineDefinition {
  return { name, schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS };
}

/** Checks a definition given in code or configuration; throws a message naming the engine and every problem. */
export function checkedEngineDefinition(definition: string | EngineDefinition): EngineDefinition {
  const given = typeof definition === 'string' ? pageEngine(definition) : definition;
  const where = `engine ${JSON.stringify(given.name)}`;
  const nameProblem = engineNameProblem(given.name);
  if (nameProblem) throw new Error(`${where}: ${nameProblem}.`);
  const schema = parseSchema(given.schema, where);
  return { ...given, schema, searchFields: parseSearchFields(given.searchFields, schema, where) };
}
