import type { estypes } from '@elastic/elasticsearch';

type Query = estypes.QueryDslQueryContainer;

export interface BoolParts {
  must?: Query[];
  filter?: Query[];
  mustNot?: Query[];
  /** At least one must match (`should` with `minimum_should_match: 1`). */
  anyOf?: Query[];
}

/**
 * A bool query from its parts; empty parts are left out. (Built as a plain record because the project's test types
 * add a chai `should` to every object, which clashes with the client's typed `should` clause.)
 */
export function boolQuery({ must = [], filter = [], mustNot = [], anyOf = [] }: BoolParts): Query {
  const bool: Record<string, unknown> = {};
  if (must.length > 0) bool.must = must;
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  if (anyOf.length > 0) Object.assign(bool, { should: anyOf, minimum_should_match: 1 });
  return { bool } as unknown as Query;
}
