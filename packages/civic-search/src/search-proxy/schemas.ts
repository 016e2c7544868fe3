import { z } from 'zod';
import type {
  ApiClickRequest,
  ApiFacetRequest,
  ApiFieldFilter,
  ApiFilter,
  ApiQuerySuggestionRequest,
  ApiRange,
  ApiSort,
  ApiSortDirection,
} from 'civic-elements/core';
import { engineFields, fieldsWhere, RELEVANCE_SORT_FIELD, type EngineFields, type FieldRole } from '../engines/field-roles';
import type { EngineSchema, SearchFieldWeights } from '../engines/engine-schema';
import { isIsoDate } from '../engines/documents-file';
import { issueMessage } from './errors';
import { REQUEST_LIMITS as LIMITS } from './limits';
import { boostsProblems, type Boosts } from '../relevance/boosts';
import type { BoostedSearchRequest } from '../relevance/rules';
import { DEFAULT_GROUP_SIZE } from '../search/grouping';
import { precisionWarning } from '../search/precision';

/**
 * Strict zod schemas of the three App Search calls the proxy answers. Unknown fields, wrong types, values out of
 * range and fields an engine's documents do not have are refused with a message naming the offending path.
 * Every schema is built once per engine, when the service starts: building a zod schema costs far more than
 * checking a value with it, so nothing here may build one per request (not even inside a transform or a `chosen`
 * pick).
 */

const wholeNumber = (min: number, max: number) =>
  z
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const shortText = (maxLength: number) =>
  z.string({ error: 'must be text' }).max(maxLength, { error: `must be at most ${maxLength} characters` });

const tags = z.array(shortText(LIMITS.tagMaxLength), { error: 'must be a list of text tags' }).max(LIMITS.tagsMax, {
  error: `must list at most ${LIMITS.tagsMax} tags`,
});

const direction = z.enum(['asc', 'desc'], { error: 'must be "asc" or "desc"' });

/** yyyy-mm-dd, or a full ISO 8601 timestamp, that is a real date: what a date field of a document holds. */
const isoDate = z.string({ error: 'must be an ISO date (yyyy-mm-dd)' }).refine(isIsoDate, { error: 'must be an ISO date (yyyy-mm-dd)' });

function rangeOf(bound: z.ZodType<string>) {
  return z
    .strictObject(
      { from: bound.optional(), to: bound.optional(), name: shortText(LIMITS.tagMaxLength).optional() },
      { error: 'must be an ISO date (yyyy-mm-dd) or a range like {"from": "2026-01-01", "to": "2027-01-01"}' },
    )
    .refine((range) => range.from !== undefined || range.to !== undefined, { error: 'a range needs "from", "to" or both' });
}
const dateRange = rangeOf(isoDate);

const finiteNumber = z.number({ error: 'must be a number' }).refine(Number.isFinite, { error: 'must be a finite number' });
const numberRange = z
  .strictObject(
    { from: finiteNumber.optional(), to: finiteNumber.optional(), name: shortText(LIMITS.tagMaxLength).optional() },
    { error: 'must be a number or a range like {"from": 1, "to": 10}' },
  )
  .refine((range) => range.from !== undefined || range.to !== undefined, { error: 'a range needs "from", "to" or both' });

/**
 * A schema picked by looking at the value (a list or one item, text or a range), so a failure reports the
 * problem inside the value rather than zod's "Invalid input" for a union.
 */
function chosen<T>(pick: (value: unknown) => z.ZodType<T>): z.ZodType<T> {
  return z.unknown().transform((value, ctx) => {
    const result = pick(value).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issueMessage(issue) });
    return z.NEVER;
  }) as unknown as z.ZodType<T>;
}

function oneOrList<T>(one: z.ZodType<T>, list: z.ZodType<T[]>): z.ZodType<T | T[]> {
  return chosen<T | T[]>((value) => (Array.isArray(value) ? list : one));
}

/** What one field's condition may hold, by the field's role. */
function filterValueSchema(role: FieldRole): z.ZodType<ApiFieldFilter[string]> {
  const one: z.ZodType<string | number | ApiRange> =
    role.filter === 'date'
      ? chosen<string | ApiRange>((value) => (typeof value === 'string' ? isoDate : dateRange))
      : role.filter === 'number'
        ? (chosen<number | ApiRange>((value) => (typeof value === 'number' ? finiteNumber : numberRange)) as z.ZodType<number | ApiRange>)
        : shortText(LIMITS.queryMaxLength * 2);
  const list = z
    .array(one, { error: 'must be a value or a list of values' })
    .min(1, { error: 'must list at least one value' })
    .max(LIMITS.filterValuesMax, { error: `must list at most ${LIMITS.filterValuesMax} values` });
  return oneOrList(one, list) as z.ZodType<ApiFieldFilter[string]>;
}

/** One schema per field, built once per engine rather than for every request that names the field. */
function perField<T>(fields: EngineFields, test: (role: FieldRole) => boolean, schemaFor: (role: FieldRole) => z.ZodType<T>) {
  return new Map(fieldsWhere(fields, test).map((field) => [field, schemaFor(fields.roles.get(field)!)]));
}

/**
 * An object keyed by field names: each name must be a key of `schemas` and its value must pass that field's schema.
 * Written as a transform (not z.record) so that every issue names the field it belongs to.
 */
function fieldRecord<T>(schemas: ReadonlyMap<string, z.ZodType<T>>, known: ReadonlyMap<string, unknown>, role: string) {
  return z.record(z.string(), z.unknown(), { error: 'must be an object' }).transform((record, ctx) => {
    const parsed: Record<string, T> = {};
    for (const [field, value] of Object.entries(record)) {
      const schema = schemas.get(field);
      if (!schema) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: known.has(field) ? `cannot be used ${role}` : 'is not a field of the documents',
        });
        continue;
      }
      const result = schema.safeParse(value);
      if (result.success) parsed[field] = result.data;
      else
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', path: [field, ...issue.path], message: issueMessage(issue) });
    }
    return parsed;
  });
}

const BOOLEAN_KEYS = ['all', 'any', 'none'] as const;

/** Filters nest `all` / `any` / `none` up to LIMITS.filterDepthMax levels; a level is either boolean or by field. */
function filterSchema(filterByField: z.ZodType<unknown>, depthLeft: number): z.ZodType<ApiFilter> {
  const nested =
    depthLeft > 0
      ? z.array(
          z.lazy(() => filterSchema(filterByField, depthLeft - 1)),
          { error: 'must be a list of filters' },
        )
      : z.array(z.never({ error: `filters nest at most ${LIMITS.filterDepthMax} levels deep` }));
  const boolean = z.strictObject({ all: nested.optional(), any: nested.optional(), none: nested.optional() });
  return z.record(z.string(), z.unknown(), { error: 'must be an object' }).transform((filter, ctx) => {
    const isBoolean = Object.keys(filter).some((key) => (BOOLEAN_KEYS as readonly string[]).includes(key));
    const result = (isBoolean ? boolean : filterByField).safeParse(filter);
    if (result.success) return result.data as ApiFilter;
    for (const issue of result.error.issues) {
      const message =
        isBoolean && issue.code === 'unrecognized_keys'
          ? `cannot mix "all", "any" or "none" with other keys (${issue.keys.map((key) => `"${key}"`).join(', ')})`
          : issueMessage(issue);
      ctx.addIssue({ code: 'custom', path: issue.path, message });
    }
    return z.NEVER;
  });
}

const valueFacet = z.strictObject({
  type: z.literal('value'),
  size: wholeNumber(1, LIMITS.facetSizeMax).optional(),
  name: shortText(LIMITS.tagMaxLength).optional(),
  sort: z
    .union([z.strictObject({ count: direction }), z.strictObject({ value: direction })], {
      error: 'must be {"count": "asc"|"desc"} or {"value": "asc"|"desc"}',
    })
    .optional(),
});
function rangeFacetOf(range: z.ZodType<ApiRange>) {
  return z.strictObject({
    type: z.literal('range'),
    name: shortText(LIMITS.tagMaxLength).optional(),
    ranges: z
      .array(range, { error: 'must be a list of ranges' })
      .min(1, { error: 'must list at least one range' })
      .max(LIMITS.facetRangesMax, { error: `must list at most ${LIMITS.facetRangesMax} ranges` }),
  });
}

const valueOrDateFacet = z.discriminatedUnion('type', [valueFacet, rangeFacetOf(dateRange)], {
  error: 'needs "type": "value" or "range"',
});
const valueOrNumberFacet = z.discriminatedUnion('type', [valueFacet, rangeFacetOf(numberRange as z.ZodType<ApiRange>)], {
  error: 'needs "type": "value" or "range"',
});

function facetSchema(role: FieldRole): z.ZodType<ApiFacetRequest | ApiFacetRequest[]> {
  const fits = role.facet;
  const anyFacet = role.filter === 'number' ? valueOrNumberFacet : valueOrDateFacet;
  const one = anyFacet.refine((facet) => facet.type === fits, { error: `only a "${fits}" facet fits this field` });
  return oneOrList(
    one,
    z
      .array(one)
      .min(1, { error: 'must list at least one facet' })
      .max(LIMITS.facetsPerFieldMax, { error: `must list at most ${LIMITS.facetsPerFieldMax} facets` }),
  ) as z.ZodType<ApiFacetRequest | ApiFacetRequest[]>;
}

function sortSchema(sortable: readonly string[]): z.ZodType<ApiSort> {
  const sortClause = z
    .record(z.string(), direction, { error: 'must be an object like {"published_date": "desc"}' })
    .refine((clause) => Object.keys(clause).length === 1, { error: 'must name exactly one field, like {"published_date": "desc"}' })
    .refine((clause) => Object.keys(clause).every((field) => sortable.includes(field)), {
      error: `can sort only by ${sortable.join(', ')}`,
    }) as z.ZodType<Record<string, ApiSortDirection>>;
  return oneOrList(
    sortClause,
    z
      .array(sortClause)
      .min(1, { error: 'must list at least one sort' })
      .max(sortable.length, { error: `must list at most ${sortable.length} sorts` }),
  );
}

const page = z.strictObject(
  {
    size: z
      .int({ error: `must be a whole number from ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax}` })
      .min(0, { error: `must be a whole number from ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax}` })
      .max(LIMITS.pageSizeMax, { error: `must be a whole number from ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax}` })
      .optional(),
    current: wholeNumber(1, LIMITS.pageCurrentMax).optional(),
  },
  { error: 'must be an object like {"size": 20, "current": 1}' },
);

const searchFieldOptions = z.strictObject({
  weight: z
    .number({ error: `must be a number from 0 to ${LIMITS.weightMax}` })
    .min(0, { error: `must be a number from 0 to ${LIMITS.weightMax}` })
    .max(LIMITS.weightMax, { error: `must be a number from 0 to ${LIMITS.weightMax}` })
    .optional(),
});
const fieldSize = wholeNumber(LIMITS.resultFieldSizeMin, LIMITS.resultFieldSizeMax);
const resultFieldOptions = z.strictObject({
  raw: z.strictObject({ size: fieldSize.optional() }).optional(),
  snippet: z.strictObject({ size: fieldSize.optional(), fallback: z.boolean({ error: 'must be true or false' }).optional() }).optional(),
});

/** Boosts checked against the engine's field types (each problem named, as the settings API names them). */
function boostsOf(schema: EngineSchema): z.ZodType<Boosts> {
  return z.unknown().transform((value, ctx) => {
    const problems = boostsProblems(value, schema, '');
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem.replace(/^\.?/, '') });
    return problems.length > 0 ? z.NEVER : (value as Boosts);
  }) as unknown as z.ZodType<Boosts>;
}

/** The request schemas of one engine, built once from its schema. */
export function createRequestSchemas(schema: EngineSchema, weights?: SearchFieldWeights) {
  const fields = engineFields(schema, weights);
  const known = fields.roles;
  const searchable = fieldsWhere(fields, (role) => role.search === true);
  const filterable = fieldsWhere(fields, (role) => role.filter !== undefined);
  const filterByField = fieldRecord(
    perField(fields, (role) => role.filter !== undefined, filterValueSchema),
    known,
    'as a filter',
  );
  const facetsByField = fieldRecord(
    perField(fields, (role) => role.facet !== undefined, facetSchema),
    known,
    'as a facet',
  );
  const searchFieldsByField = fieldRecord(
    perField(
      fields,
      (role) => role.search === true,
      () => searchFieldOptions,
    ),
    known,
    'as a search field',
  );
  const resultFieldsByField = fieldRecord(
    perField(
      fields,
      () => true,
      () => resultFieldOptions,
    ),
    known,
    'as a result field',
  );

  /** The search request, with the App Search options a stock client may send beside it. */
  const searchRequestSchema = z.strictObject({
    query: shortText(LIMITS.queryMaxLength).default(''),
    page: page.optional(),
    sort: sortSchema([RELEVANCE_SORT_FIELD, ...fieldsWhere(fields, (role) => role.sort === true)]).optional(),
    filters: filterSchema(filterByField, LIMITS.filterDepthMax).optional(),
    facets: facetsByField.optional(),
    search_fields: searchFieldsByField.optional(),
    result_fields: resultFieldsByField.optional(),
    boosts: boostsOf(schema).optional(),
    /** Accepted, not acted on: the proxy keeps no search analytics. */
    analytics: z.strictObject({ tags: tags.optional() }).optional(),
    record_analytics: z.boolean({ error: 'must be true or false' }).optional(),
    group: z
      .strictObject({
        field: z.enum(filterable, { error: `must be one of ${filterable.join(', ')}` }),
        size: wholeNumber(1, DEFAULT_GROUP_SIZE).optional(),
        collapse: z.boolean({ error: 'must be true or false' }).optional(),
      })
      .optional(),
    precision: wholeNumber(LIMITS.precisionMin, LIMITS.precisionMax).optional(),
  });

  const querySuggestionRequestSchema = z.strictObject({
    query: shortText(LIMITS.queryMaxLength),
    types: z
      .strictObject({
        documents: z
          .strictObject({
            fields: z
              .array(z.enum(searchable, { error: `must be one of ${searchable.join(', ')}` }))
              .min(1, { error: 'must list at least one field' })
              .max(Math.max(1, searchable.length)),
          })
          .optional(),
      })
      .optional(),
    size: wholeNumber(1, LIMITS.suggestionsMax).optional(),
  }) satisfies z.ZodType<ApiQuerySuggestionRequest>;

  return { fields, searchRequestSchema, querySuggestionRequestSchema, clickRequestSchema };
}
export type RequestSchemas = ReturnType<typeof createRequestSchemas>;
export type ProxySearchRequest = z.infer<RequestSchemas['searchRequestSchema']>;

export const clickRequestSchema = z.strictObject({
  query: shortText(LIMITS.queryMaxLength).default(''),
  document_id: shortText(LIMITS.idMaxLength).min(1, { error: 'must not be empty' }),
  request_id: shortText(LIMITS.idMaxLength).optional(),
  tags: tags.optional(),
}) satisfies z.ZodType<ApiClickRequest>;

/** The search request a backend receives: the App Search options the proxy does not act on are taken out. */
export function backendSearchRequest(request: ProxySearchRequest): BoostedSearchRequest {
  const { query, page: pageOf, sort: sortOf, filters, facets, search_fields, result_fields, boosts, group, precision } = request;
  return {
    query,
    ...(pageOf && { page: pageOf }),
    ...(sortOf && { sort: sortOf }),
    ...(filters && { filters }),
    ...(facets && { facets }),
    ...(search_fields && { search_fields }),
    ...(result_fields && { result_fields }),
    ...(boosts && { boosts }),
    ...(group && { group }),
    ...(precision !== undefined && { precision }),
  };
}

/** meta.warnings for options applied other than as asked: a precision level matched as a lower one. */
export function approximatedOptionWarnings(request: ProxySearchRequest): string[] {
  const warning = precisionWarning(request.precision);
  return warning ? [warning] : [];
}
