import type { ApiFacetRequest, ApiFacetResponse, ApiRangeFacetData, ApiSearchRequest, ApiValueFacetData } from 'civic-elements/core';
import { createFieldColumns, type FieldColumn, type FieldColumns } from './field-columns';
import { forEachCodeInRange } from './column-ranges';
import type { FieldReader } from './filters';

/** App Search's default and largest number of values in a value facet. */
export const DEFAULT_VALUE_FACET_SIZE = 10;
export const MAX_VALUE_FACET_SIZE = 250;

/** How many of the counted documents have each code of a column. */
export type CodeCounter = (column: FieldColumn) => Int32Array;

/**
 * Facet counts over the matched (filtered) documents, in App Search's shape: per field, one entry per requested facet.
 * Value facets: most frequent first (ties by value), or as `sort` asks, at most `size`. Range facets: in the order the
 * ranges were asked, each counting values in [from, to).
 */
export function countFacets(
  requested: ApiSearchRequest['facets'],
  columns: FieldColumns,
  countCodes: CodeCounter,
  signal?: AbortSignal,
): Record<string, ApiFacetResponse[]> {
  const facets: Record<string, ApiFacetResponse[]> = {};
  if (!requested) return facets;
  for (const [field, request] of Object.entries(requested)) {
    signal?.throwIfAborted();
    const list = Array.isArray(request) ? request : [request];
    const column = columns(field);
    const counts = countCodes(column);
    facets[field] = list.map((facet) => (facet.type === 'range' ? rangeFacet(column, counts, facet) : valueFacet(column, counts, facet)));
  }
  return facets;
}

/** `countFacets` over every one of `documents`. */
export function computeFacets(
  requested: ApiSearchRequest['facets'],
  documents: readonly FieldReader[],
): Record<string, ApiFacetResponse[]> {
  return countFacets(requested, createFieldColumns(documents), countAll);
}

/** Counts of every document's codes. */
export function countAll(column: FieldColumn): Int32Array {
  const counts = new Int32Array(column.values.length);
  for (let code = 0; code < counts.length; code++) counts[code] = column.offsets[code + 1] - column.offsets[code];
  return counts;
}

function valueFacet(column: FieldColumn, counts: Int32Array, facet: Extract<ApiFacetRequest, { type: 'value' }>): ApiFacetResponse {
  // Facet values as documents hold them, booleans as text (true and "true" are one value).
  const byValue = new Map<string | number, number>();
  column.values.forEach((value, code) => {
    if (counts[code] === 0 || value === '') return;
    const key = typeof value === 'boolean' ? String(value) : value;
    byValue.set(key, (byValue.get(key) ?? 0) + counts[code]);
  });
  const size = clampSize(facet.size);
  const data: ApiValueFacetData[] = [...byValue].map(([value, count]) => ({ value, count }));
  data.sort(facetOrder(facet.sort));
  return withName({ type: 'value', data: data.slice(0, size) }, facet.name);
}

function facetOrder(sort: Extract<ApiFacetRequest, { type: 'value' }>['sort']) {
  const byValue = (a: ApiValueFacetData, b: ApiValueFacetData) =>
    String(a.value).localeCompare(String(b.value), 'en', { numeric: true, sensitivity: 'base' });
  if (sort && 'value' in sort) {
    const direction = sort.value === 'desc' ? -1 : 1;
    return (a: ApiValueFacetData, b: ApiValueFacetData) => direction * byValue(a, b);
  }
  const direction = sort && 'count' in sort && sort.count === 'asc' ? -1 : 1;
  return (a: ApiValueFacetData, b: ApiValueFacetData) => direction * (b.count - a.count) || byValue(a, b);
}

function rangeFacet(column: FieldColumn, counts: Int32Array, facet: Extract<ApiFacetRequest, { type: 'range' }>): ApiFacetResponse {
  const data: ApiRangeFacetData[] = facet.ranges.map((range) => {
    let count = 0;
    forEachCodeInRange(column, range, (code) => {
      if (column.values[code] !== '') count += counts[code];
    });
    return { ...range, count };
  });
  return withName({ type: 'range', data }, facet.name);
}

function clampSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return DEFAULT_VALUE_FACET_SIZE;
  return Math.min(MAX_VALUE_FACET_SIZE, Math.max(1, Math.floor(size)));
}

function withName(facet: ApiFacetResponse, name: string | undefined): ApiFacetResponse {
  return name === undefined ? facet : { ...facet, name };
}
