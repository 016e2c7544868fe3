import { z } from 'zod';
import { MAX_TOTAL_PAGES } from '../../../../src/core/constants';
import type {
  ApiFacetResponse,
  ApiQuerySuggestionResponse,
  ApiResult,
  ApiSearchResponse,
} from '../../../../src/core/search/app-search-api';
import { safeSnippet } from './safe-snippet';

/**
 * A backend's answer is checked before it is sent on: a backend that answers garbage (a wrong shape, a missing
 * request id) gives a 502, not a broken page. The answer sent is rebuilt from the checked parts only, so nothing
 * else a backend attaches (a stack, a debug field) reaches the client.
 */

const count = z.int().min(0);
const pageMeta = z.looseObject({ current: count, size: count, total_pages: count, total_results: count });
const searchMeta = z.looseObject({
  alerts: z.array(z.string()).default([]),
  warnings: z.array(z.string()).default([]),
  precision: z.number().optional(),
  page: pageMeta,
  engine: z.looseObject({ name: z.string(), type: z.string() }),
  request_id: z.string().min(1),
});
const resultMeta = z.looseObject({ id: z.string().min(1), engine: z.string(), score: z.number() });
const resultField = z.looseObject({ raw: z.unknown().optional(), snippet: z.string().nullable().optional() });
const result = z.record(z.string(), z.unknown()).pipe(z.looseObject({ _meta: resultMeta }));
const facetValue = z.union([
  z.looseObject({ value: z.union([z.string(), z.number()]), count }),
  z.looseObject({
    from: z.union([z.string(), z.number()]).optional(),
    to: z.union([z.string(), z.number()]).optional(),
    name: z.string().optional(),
    count,
  }),
]);
const facet = z.looseObject({ type: z.enum(['value', 'range']), name: z.string().optional(), data: z.array(facetValue) });
const searchAnswer = z.looseObject({
  meta: searchMeta,
  results: z.array(result),
  facets: z.record(z.string(), z.array(facet)).optional(),
});

const suggestionAnswer = z.looseObject({
  results: z.looseObject({ documents: z.array(z.looseObject({ suggestion: z.string() })) }),
  meta: z.looseObject({ request_id: z.string().min(1) }),
});

/** Thrown when a backend's answer is not what the contract promises. */
export class UnreadableAnswerError extends Error {
  override name = 'UnreadableAnswerError';
}

function checked<T>(schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UnreadableAnswerError(`${first.path.join('.') || 'answer'}: ${first.message}`);
  }
  return parsed.data;
}

function cleanResult(raw: z.infer<typeof result>): ApiResult {
  const { _meta, ...fields } = raw;
  const clean: ApiResult = { _meta: { id: _meta.id, engine: _meta.engine, score: _meta.score } };
  for (const [name, value] of Object.entries(fields)) {
    const field = checked(resultField, value);
    clean[name] = {
      ...(field.raw !== undefined && { raw: field.raw }),
      ...(field.snippet !== undefined && { snippet: field.snippet === null ? null : safeSnippet(field.snippet) }),
    };
  }
  return clean;
}

function cleanFacets(facets: Record<string, z.infer<typeof facet>[]>): Record<string, ApiFacetResponse[]> {
  return Object.fromEntries(
    Object.entries(facets).map(([field, list]) => [
      field,
      list.map(({ type, name, data }) => ({
        type,
        ...(name !== undefined && { name }),
        data: data.map((entry) =>
          'value' in entry
            ? { value: entry.value, count: entry.count }
            : {
                ...(entry.from !== undefined && { from: entry.from }),
                ...(entry.to !== undefined && { to: entry.to }),
                ...(entry.name !== undefined && { name: entry.name }),
                count: entry.count,
              },
        ),
      })),
    ]),
  );
}

/** The checked, rebuilt search answer, with total_pages capped and snippets made safe. */
export function checkedSearchAnswer(answer: unknown, extraWarnings: readonly string[] = []): ApiSearchResponse {
  const { meta, results, facets } = checked(searchAnswer, answer);
  const { current, size, total_pages, total_results } = meta.page;
  return {
    meta: {
      alerts: meta.alerts,
      warnings: [...meta.warnings, ...extraWarnings],
      ...(meta.precision !== undefined && { precision: meta.precision }),
      page: { current, size, total_pages: Math.min(total_pages, MAX_TOTAL_PAGES), total_results },
      engine: { name: meta.engine.name, type: meta.engine.type },
      request_id: meta.request_id,
    },
    results: results.map(cleanResult),
    ...(facets && { facets: cleanFacets(facets) }),
  };
}

/** The checked suggestion answer, at most `size` distinct suggestions. */
export function checkedSuggestionAnswer(answer: unknown, size: number): ApiQuerySuggestionResponse {
  const { results, meta } = checked(suggestionAnswer, answer);
  const suggestions = [...new Set(results.documents.map((document) => document.suggestion))].slice(0, size);
  return { results: { documents: suggestions.map((suggestion) => ({ suggestion })) }, meta: { request_id: meta.request_id } };
}
