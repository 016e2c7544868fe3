import type {
  ApiFacetRequest,
  ApiFacetResponse,
  ApiRangeFacetData,
  ApiSearchRequest,
  ApiValueFacetData,
} from '../../../core/search/app-search-api';
import { inRange, type FieldReader } from './filters';

/** App Search's default and largest number of values in a value facet. */
export const DEFAULT_VALUE_FACET_SIZE = 10;
export const MAX_VALUE_FACET_SIZE = 250;

/**
 * Facet counts over the matched (filtered) documents, in App Search's shape: per field, one entry per requested facet.
 * Value facets: most frequent first (ties by value), or as `sort` asks, at most `size`. Range facets: in the order the
 * ranges were asked, each counting values in [from, to).
 */
export function computeFacets(
  requested: ApiSearchRequest['facets'],
  documents: readonly FieldReader[],
): Record<string, ApiFacetResponse[]> {
  const facets: Record<string, ApiFacetResponse[]> = {};
  if (!requested) return facets;
  for (const [field, request] of Object.entries(requested)) {
    const list = Array.isArray(request) ? request : [request];
    facets[field] = list.map((facet) =>
      facet.type === 'range' ? rangeFacet(field, facet, documents) : valueFacet(field, facet, documents),
    );
  }
  return facets;
}

function valueFacet(
  field: string,
  facet: Extract<ApiFacetRequest, { type: 'value' }>,
  documents: readonly FieldReader[],
): ApiFacetResponse {
  const counts = new Map<string | number, number>();
  for (const read of documents) {
    const value = read(field);
    if (value === undefined || value === null || value === '') continue;
    const key = typeof value === 'boolean' ? String(value) : value;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const size = clampSize(facet.size);
  const data: ApiValueFacetData[] = [...counts].map(([value, count]) => ({ value, count }));
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

function rangeFacet(
  field: string,
  facet: Extract<ApiFacetRequest, { type: 'range' }>,
  documents: readonly FieldReader[],
): ApiFacetResponse {
  const data: ApiRangeFacetData[] = facet.ranges.map((range) => {
    let count = 0;
    for (const read of documents) {
      const value = read(field);
      if (value !== undefined && value !== null && value !== '' && inRange(value, range)) count++;
    }
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
