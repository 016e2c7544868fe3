import type { estypes } from '@elastic/elasticsearch';
import type { ApiFacetRequest, ApiFacetResponse, ApiRangeFacetRequest, ApiSearchRequest, ApiValueFacetRequest } from 'civic-elements/core';
import { kindOf, valueField, type EngineLayout } from './engine-layout';

/** App Search's default number of values in a value facet. */
export const DEFAULT_VALUE_FACET_SIZE = 10;

type Facets = NonNullable<ApiSearchRequest['facets']>;

function facetList(facet: ApiFacetRequest | ApiFacetRequest[]): ApiFacetRequest[] {
  return Array.isArray(facet) ? facet : [facet];
}

/** Each facet gets its own aggregation, named by field and position: `facet:topic:0`. */
export function aggregationName(field: string, index: number): string {
  return `facet:${field}:${index}`;
}

/** A range's bucket key: ranges come back sorted by bound, so buckets are matched to ranges by key, not order. */
function rangeKey(index: number): string {
  return `range-${index}`;
}

/** Counts a field's exact values (a searched text field's exact subfield, so values come back as written). */
function valueAggregation(layout: EngineLayout, field: string, facet: ApiValueFacetRequest): estypes.AggregationsAggregationContainer {
  const sort = facet.sort;
  const order = sort && 'value' in sort ? { _key: sort.value } : { _count: sort?.count ?? 'desc' };
  return { terms: { field: valueField(layout, field), size: facet.size ?? DEFAULT_VALUE_FACET_SIZE, order } };
}

/** Counts ranges: dates with ISO bounds (`date_range`), numbers with number bounds (`range`). */
function rangeAggregation(layout: EngineLayout, field: string, facet: ApiRangeFacetRequest): estypes.AggregationsAggregationContainer {
  const ranges = facet.ranges.map(({ from, to }, index) => ({
    key: rangeKey(index),
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
  }));
  return kindOf(layout, field) === 'date'
    ? { date_range: { field, ranges: ranges as estypes.AggregationsDateRangeExpression[] } }
    : { range: { field, ranges: ranges as estypes.AggregationsAggregationRange[] } };
}

/** Value facets to terms aggregations (by count or by value), range facets to range or date_range aggregations. */
export function facetsToAggregations(facets: Facets, layout: EngineLayout): Record<string, estypes.AggregationsAggregationContainer> {
  const aggregations: Record<string, estypes.AggregationsAggregationContainer> = {};
  for (const [field, facet] of Object.entries(facets)) {
    facetList(facet).forEach((one, index) => {
      aggregations[aggregationName(field, index)] =
        one.type === 'value' ? valueAggregation(layout, field, one) : rangeAggregation(layout, field, one);
    });
  }
  return aggregations;
}

interface Bucket {
  key?: string | number;
  key_as_string?: string;
  doc_count?: number;
}

function bucketsOf(aggregation: unknown): Bucket[] {
  const buckets = (aggregation as { buckets?: unknown } | undefined)?.buckets;
  return Array.isArray(buckets) ? (buckets as Bucket[]) : [];
}

/** The aggregations of an answer back to App Search facets, ranges with the bounds and names they were asked with. */
export function aggregationsToFacets(facets: Facets, aggregations: Record<string, unknown> = {}): Record<string, ApiFacetResponse[]> {
  const result: Record<string, ApiFacetResponse[]> = {};
  for (const [field, facet] of Object.entries(facets)) {
    result[field] = facetList(facet).map((one, index) => {
      const buckets = bucketsOf(aggregations[aggregationName(field, index)]);
      const named = one.name !== undefined ? { name: one.name } : {};
      if (one.type === 'value') {
        return {
          type: 'value',
          ...named,
          data: buckets.map((bucket) => ({ value: bucket.key_as_string ?? bucket.key ?? '', count: bucket.doc_count ?? 0 })),
        };
      }
      const counts = new Map(buckets.map((bucket) => [String(bucket.key), bucket.doc_count ?? 0]));
      return { type: 'range', ...named, data: one.ranges.map((range, at) => ({ ...range, count: counts.get(rangeKey(at)) ?? 0 })) };
    });
  }
  return result;
}
