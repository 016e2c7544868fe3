import { z } from 'zod';
import {
  type ApiFacetResponse,
  type ApiQuerySuggestionResponse,
  type ApiResult,
  type ApiSearchResponse,
  MAX_TOTAL_PAGES,
} from 'civic-elements/core';
import { safeSnippet } from './safe-snippet';
import { withGroup, type GroupedResult } from '../search/grouping';

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
/**
 * The answer's envelope is checked with zod (it is small); its results and facets, which can number thousands, are
 * checked by hand as they are rebuilt, in one pass without a validator's bookkeeping: a large answer then costs the
 * server's thread little more than reading it.
 */
const searchAnswer = z.looseObject({
  meta: searchMeta,
  results: z.array(z.unknown()),
  facets: z.record(z.string(), z.array(z.unknown())).optional(),
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

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isFacetKey = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

function unreadable(path: string, message: string): never {
  throw new UnreadableAnswerError(`${path}: ${message}`);
}

/** A result, and for a grouped search the results it leads (`_group`, one level deep), checked and rebuilt. */
function cleanResult(raw: unknown, index: number, within = 'results'): GroupedResult {
  const path = `${within}.${index}`;
  if (!isPlain(raw)) unreadable(path, 'expected an object');
  const group = raw._group;
  if (group !== undefined) {
    if (within !== 'results' || !Array.isArray(group)) unreadable(`${path}._group`, 'expected a list of results');
    const others = group.map((other, n) => cleanResult(other, n, `${path}._group`));
    return withGroup(cleanResult({ ...raw, _group: undefined }, index, within), others);
  }
  const meta = raw._meta;
  if (!isPlain(meta)) unreadable(`${path}._meta`, 'expected an object');
  const { id, engine, score } = meta;
  if (typeof id !== 'string' || id === '') unreadable(`${path}._meta.id`, 'expected a non-empty string');
  if (typeof engine !== 'string') unreadable(`${path}._meta.engine`, 'expected a string');
  if (typeof score !== 'number' || !Number.isFinite(score)) unreadable(`${path}._meta.score`, 'expected a number');
  const clean: ApiResult = { _meta: { id, engine, score } };
  for (const name of Object.keys(raw)) {
    if (name === '_meta' || (name === '_group' && raw[name] === undefined)) continue;
    const field = raw[name];
    if (!isPlain(field)) unreadable(`${path}.${name}`, 'expected an object');
    const { raw: value, snippet } = field;
    if (snippet !== undefined && snippet !== null && typeof snippet !== 'string')
      unreadable(`${path}.${name}.snippet`, 'expected a string or null');
    clean[name] = {
      ...(value !== undefined && { raw: value }),
      ...(snippet !== undefined && { snippet: snippet === null ? null : safeSnippet(snippet) }),
    };
  }
  return clean;
}

function cleanFacetEntry(entry: unknown, path: string): ApiFacetResponse['data'][number] {
  if (!isPlain(entry)) unreadable(path, 'expected an object');
  if (!isCount(entry.count)) unreadable(`${path}.count`, 'expected a whole number from 0');
  const { value, from, to, name, count } = entry;
  if (isFacetKey(value)) return { value, count };
  if (
    (from !== undefined && !isFacetKey(from)) ||
    (to !== undefined && !isFacetKey(to)) ||
    (name !== undefined && typeof name !== 'string')
  ) {
    unreadable(path, 'expected a value or a range');
  }
  return {
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(name !== undefined && { name }),
    count,
  } as ApiFacetResponse['data'][number];
}

function cleanFacets(facets: Record<string, unknown[]>): Record<string, ApiFacetResponse[]> {
  const clean: Record<string, ApiFacetResponse[]> = {};
  for (const [field, list] of Object.entries(facets)) {
    clean[field] = list.map((facet, index) => {
      const path = `facets.${field}.${index}`;
      if (!isPlain(facet)) unreadable(path, 'expected an object');
      const { type, name, data } = facet;
      if (type !== 'value' && type !== 'range') unreadable(`${path}.type`, 'expected "value" or "range"');
      if (name !== undefined && typeof name !== 'string') unreadable(`${path}.name`, 'expected a string');
      if (!Array.isArray(data)) unreadable(`${path}.data`, 'expected a list');
      return { type, ...(name !== undefined && { name }), data: data.map((entry, n) => cleanFacetEntry(entry, `${path}.data.${n}`)) };
    });
  }
  return clean;
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
    results: results.map((raw, index) => cleanResult(raw, index)),
    ...(facets && { facets: cleanFacets(facets) }),
  };
}

/** The checked suggestion answer, at most `size` distinct suggestions. */
export function checkedSuggestionAnswer(answer: unknown, size: number): ApiQuerySuggestionResponse {
  const { results, meta } = checked(suggestionAnswer, answer);
  const suggestions = [...new Set(results.documents.map((document) => document.suggestion))].slice(0, size);
  return { results: { documents: suggestions.map((suggestion) => ({ suggestion })) }, meta: { request_id: meta.request_id } };
}
