import type { estypes } from '@elastic/elasticsearch';
import type { ApiBooleanFilter, ApiFilter, ApiFilterValue, ApiRange } from 'civic-elements/core';
import { boolQuery } from './bool-query';
import { valueField, type EngineLayout } from './engine-layout';

type Query = estypes.QueryDslQueryContainer;

const BOOLEAN_KEYS = ['all', 'any', 'none'] as const;

function isBooleanFilter(filter: ApiFilter): filter is ApiBooleanFilter {
  return BOOLEAN_KEYS.some((key) => key in filter);
}

export function isRange(value: ApiFilterValue): value is ApiRange {
  return typeof value === 'object' && value !== null;
}

/** App Search ranges include `from` and exclude `to`. */
export function rangeQuery(field: string, { from, to }: ApiRange): Query {
  return { range: { [field]: { ...(from !== undefined && { gte: from }), ...(to !== undefined && { lt: to }) } } };
}

/** Several conditions any of which may hold. */
function anyOf(queries: Query[]): Query {
  return queries.length === 1 ? queries[0] : boolQuery({ anyOf: queries });
}

/**
 * One field's condition: a value, or a list of values and ranges any of which may match. Values match exactly, as
 * App Search's do: a searched text field by its exact subfield; numbers and dates by value and by range.
 */
function fieldCondition(layout: EngineLayout, field: string, condition: ApiFilterValue | ApiFilterValue[]): Query {
  const values = Array.isArray(condition) ? condition : [condition];
  const plain = values.filter((value) => !isRange(value)) as (string | number | boolean)[];
  const ranges = values.filter(isRange);
  const exact = valueField(layout, field);
  const queries: Query[] = [];
  if (plain.length === 1) queries.push({ term: { [exact]: plain[0] } });
  if (plain.length > 1) queries.push({ terms: { [exact]: plain as estypes.FieldValue[] } });
  for (const range of ranges) queries.push(rangeQuery(exact, range));
  return anyOf(queries);
}

/**
 * App Search filters to the Query DSL, for a bool `filter` context (no scoring): `all` to `filter`, `any` to `should`
 * (at least one), `none` to `must_not`; several fields in one object must all hold. Empty lists mean no condition.
 */
export function filterToQuery(filter: ApiFilter, layout: EngineLayout): Query {
  if (isBooleanFilter(filter)) {
    const { all = [], any = [], none = [] } = filter;
    const each = (filters: ApiFilter[]) => filters.map((one) => filterToQuery(one, layout));
    return boolQuery({ filter: each(all), anyOf: each(any), mustNot: each(none) });
  }
  const conditions = Object.entries(filter).map(([field, condition]) => fieldCondition(layout, field, condition));
  return conditions.length === 1 ? conditions[0] : boolQuery({ filter: conditions });
}
