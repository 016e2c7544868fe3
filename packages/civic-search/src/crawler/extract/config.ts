import { z } from 'zod';
import { fieldNameProblem } from '../../engines/engine-schema';
import { DEFAULT_BODY_BYTES, FIELD_VALUE_CHARS, MIN_BODY_BYTES } from './limits';

/**
 * How a site's pages map to search documents beyond the defaults. Every key is optional: the defaults work for any
 * site. The README of this folder shows the format with an example.
 */
export interface ExtractionConfig {
  /** CSS selector of the main content; when it matches, it wins over Readability and the `<main>` fallback. */
  contentSelector?: string;
  /** CSS selectors of parts never indexed as content (a cookie banner, a feedback form, "related pages"). */
  removeSelectors?: string[];
  /**
   * Suffixes stripped from `<title>` ("| Harbour City Council"), or `true` to strip the site's name as the page
   * gives it (og:site_name, application-name) after a separator. Without it, titles are kept as written.
   */
  titleSuffix?: true | string | string[];
  /** The body text's cap, in bytes as JSON (default and most: 90 KB, so a document fits App Search's 100 KB). */
  maxBodyBytes?: number;
  /** Fields read from the page: a meta tag's content or an element's text (or attribute), in order. */
  fields?: FieldMapping[];
  /** Values set by URL path (a glob): the first matching rule that sets a field wins. */
  rules?: UrlRule[];
}

export type FieldMapping =
  | { meta: string; field: string }
  | { selector: string; field: string; attribute?: string };

export interface UrlRule {
  match: string;
  set: Record<string, string>;
}

/** Fields the extraction always fills itself: configuration cannot map or set them. */
export const COMPUTED_FIELDS: ReadonlySet<string> = new Set(['id', 'url', 'body', 'headings']);

const fieldName = z.string().superRefine((name, context) => {
  const problem = fieldNameProblem(name) ?? (COMPUTED_FIELDS.has(name) ? `"${name}" is filled by the crawler itself` : undefined);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/**
 * A CSS selector, checked for what can be checked without a DOM at hand: not empty, not absurdly long, no braces
 * (a stylesheet pasted in). A selector the page's DOM still refuses matches nothing and is reported by no error.
 */
const selector = z
  .string()
  .trim()
  .min(1, 'must be a CSS selector, like "main .content"')
  .max(500, 'must be at most 500 characters')
  .refine((value) => !/[{}]/.test(value), 'must be a CSS selector, not a style rule');

const glob = z
  .string()
  .max(500, 'must be at most 500 characters')
  .refine((value) => value.startsWith('/') || value.startsWith('*'), 'must be a path glob starting with "/", like "/news/**"');

const mapping = z.union(
  [
    z.strictObject({ meta: z.string().trim().min(1, 'must name a meta tag').max(200), field: fieldName }),
    z.strictObject({ selector, field: fieldName, attribute: z.string().trim().min(1).max(100).optional() }),
  ],
  { error: 'each mapping is {"meta": "<name>", "field": "<field>"} or {"selector": "<css>", "field": "<field>"}' },
);

const rule = z.strictObject({
  match: glob,
  set: z
    .record(fieldName, z.string().max(FIELD_VALUE_CHARS, `values must be at most ${FIELD_VALUE_CHARS} characters`))
    .refine((set) => Object.keys(set).length > 0, 'must set at least one field'),
});

const configSchema = z.strictObject({
  contentSelector: selector.optional(),
  removeSelectors: z.array(selector).max(100).optional(),
  titleSuffix: z
    .union([z.literal(true), z.string().min(1), z.array(z.string().min(1)).max(20)], {
      error: 'must be true (strip the site name) or a suffix, or a list of suffixes, to strip from titles',
    })
    .optional(),
  maxBodyBytes: z
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(MIN_BODY_BYTES, `must be at least ${MIN_BODY_BYTES}`)
    .max(DEFAULT_BODY_BYTES, `must be at most ${DEFAULT_BODY_BYTES} (a document must stay under App Search's 100 KB)`)
    .optional(),
  fields: z.array(mapping).max(64).optional(),
  rules: z.array(rule).max(1000).optional(),
}, { error: 'must be a JSON object, like {"rules": [{"match": "/news/**", "set": {"document_type": "News"}}]}' });

/** A key path as written in the configuration: fields[1].field, rules[0].set.topic. */
function keyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');
}

/**
 * Checks an extraction configuration (parsed JSON) and returns it typed. Throws one Error listing every problem,
 * each naming its key, so a council's administrator can fix the file in one go.
 */
export function parseExtractionConfig(value: unknown): ExtractionConfig {
  if (value === undefined || value === null) return {};
  const result = configSchema.safeParse(value);
  if (result.success) return result.data as ExtractionConfig;
  const problems = result.error.issues.map((issue) => {
    const where = keyPath(issue.path);
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : undefined;
    if (keys) {
      const names = keys.map((key) => (where ? `${where}.${key}` : key));
      return `${names.join(', ')}: not a known key`;
    }
    // A refused record key (a field name in a rule's "set") carries its reason inside.
    const inner = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
    return `${where || 'the configuration'}: ${inner ?? issue.message}`;
  });
  throw new Error(`Extraction configuration: ${problems.join('; ')}.`);
}
