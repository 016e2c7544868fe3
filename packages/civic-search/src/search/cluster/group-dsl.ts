import type { estypes } from '@elastic/elasticsearch';
import { DEFAULT_GROUP_SIZE, groupInOrder, type SearchGroup } from '../grouping';
import { valueField, type EngineLayout } from './engine-layout';

type Hit = estypes.SearchHit<Record<string, unknown>>;

/** The inner hits that carry a collapsed group's documents; the aggregations that count the groups. */
const INNER_HITS = 'group';
const GROUP_COUNT = 'group:count';
const GROUP_MISSING = 'group:missing';
/** The cluster's highest cardinality threshold: below it, the count of groups is (near enough) exact. */
const COUNT_PRECISION = 40_000;

/**
 * A collapsed grouped search in the Query DSL: the cluster's field collapsing keeps each value's best hit, its inner
 * hits (in the page's order) carry the rest, and a cardinality count (plus one for documents without a value, which
 * collapsing groups together) gives the number of groups that pages are counted in.
 */
export function collapseOf(
  group: SearchGroup,
  layout: EngineLayout,
  inner: Pick<estypes.SearchInnerHits, 'sort' | '_source' | 'highlight'>,
): { collapse: estypes.SearchFieldCollapse; aggregations: Record<string, estypes.AggregationsAggregationContainer> } {
  const field = valueField(layout, group.field);
  return {
    // One more than asked: the group's own best hit comes back among its inner hits and is left out.
    collapse: { field, inner_hits: { name: INNER_HITS, size: (group.size ?? DEFAULT_GROUP_SIZE) + 1, ...inner } },
    aggregations: {
      [GROUP_COUNT]: { cardinality: { field, precision_threshold: COUNT_PRECISION } },
      [GROUP_MISSING]: { missing: { field } },
    },
  };
}

/** The number of groups a collapsed search found. */
export function groupCount(aggregations: Record<string, unknown> | undefined): number {
  const count = (aggregations?.[GROUP_COUNT] as { value?: number } | undefined)?.value ?? 0;
  const missing = (aggregations?.[GROUP_MISSING] as { doc_count?: number } | undefined)?.doc_count ?? 0;
  return count + (missing > 0 ? 1 : 0);
}

/** A collapsed hit's group: its inner hits but itself, at most the group's size. */
export function collapsedOthers(hit: Hit, group: SearchGroup): Hit[] {
  const inner = (hit.inner_hits?.[INNER_HITS]?.hits.hits ?? []) as Hit[];
  return inner.filter((other) => other._id !== hit._id).slice(0, group.size ?? DEFAULT_GROUP_SIZE);
}

/** Not collapsed: the page's hits folded into groups by the field's value (documents without one share a group). */
export function groupedHits(hits: readonly Hit[], group: SearchGroup): { leader: Hit; others: Hit[] }[] {
  return groupInOrder(hits, (hit) => valueKey(hit._source?.[group.field]), group.size ?? DEFAULT_GROUP_SIZE);
}

function valueKey(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : JSON.stringify(value);
}
