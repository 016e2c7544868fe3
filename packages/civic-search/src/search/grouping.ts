import type { ApiResult } from 'civic-elements/core';

/**
 * App Search's `group`: results that share a field's value are shown as one, the best of them carrying the others
 * (at most `size`) in `_group`. With `collapse`, pages count groups, so every group is shown once across all pages;
 * without it, pages count documents as usual and only the results of one page are grouped.
 */
export interface SearchGroup {
  field: string;
  size?: number;
  collapse?: boolean;
}

/** App Search's default (and largest) number of results in a group's `_group`. */
export const DEFAULT_GROUP_SIZE = 10;

/** A result that leads a group: the others that share its value. */
export type GroupedResult = ApiResult & { _group?: ApiResult[] };

export interface Group<T> {
  leader: T;
  others: T[];
}

/**
 * Items in their order, folded by key: each key's first item leads its group and the next `size` of that key
 * follow in `others`; later ones are not shown (each group is shown once). Items without a value (key
 * `undefined`) make one group between them, as a cluster's field collapsing does.
 */
export function groupInOrder<T>(items: Iterable<T>, keyOf: (item: T) => unknown, size: number): Group<T>[] {
  const groups: Group<T>[] = [];
  const byKey = new Map<unknown, Group<T>>();
  for (const item of items) {
    const key = keyOf(item);
    const group = byKey.get(key);
    if (!group) {
      const created = { leader: item, others: [] };
      byKey.set(key, created);
      groups.push(created);
    } else if (group.others.length < size) group.others.push(item);
  }
  return groups;
}

/** The `_group` a leader carries (none for a group of one). */
export function withGroup(leader: ApiResult, others: readonly ApiResult[]): GroupedResult {
  return others.length > 0 ? ({ ...leader, _group: others } as GroupedResult) : leader;
}
