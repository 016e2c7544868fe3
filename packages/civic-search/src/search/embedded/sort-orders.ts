import type { ApiSort } from 'civic-elements/core';
import { firstInOrder, matchComparator, sortKeys, SCORE, type FieldRanks } from './sorting';

/** Every document position in the order of a sort when all scores are equal (a blank query), computed once. */
export type SortOrders = (sort: ApiSort | undefined) => Int32Array;

/** The documents written since the orders a set follows on from were made (positions removed or added). */
export interface OrdersChange {
  readonly previous: SortOrders;
  readonly changed: readonly number[];
}

/** The same documents renumbered (a compaction): `renumbered[old]` is each one's new position, -1 if dropped. */
export interface OrdersRenumbering {
  readonly previous: SortOrders;
  readonly renumbered: Int32Array;
}

/** An order made before some writes, and the positions those writes touched: merged on the sort's next use. */
interface Stale {
  order: Int32Array;
  changed: readonly number[];
}

interface Generation {
  built: Map<string, Int32Array>;
  stale: Map<string, Stale>;
}

const generations = new WeakMap<SortOrders, Generation>();

/** Orders kept, so requests naming ever new sorts cannot fill memory. */
const ORDERS_LIMIT = 16;

/**
 * `isLive` (when some positions hold removed documents) keeps those out of every order. After a write, `after`
 * names the orders before it and the positions it touched: an order is then the earlier one without those
 * positions, merged with the touched positions still live, sorted on their own. The order is total (positions break
 * ties) and the documents not touched keep their values, so the merge equals a full sort.
 */
export function createSortOrders(
  documentCount: number,
  ranksOf: FieldRanks,
  isLive?: (position: number) => boolean,
  after?: OrdersChange | OrdersRenumbering,
): SortOrders {
  const built = new Map<string, Int32Array>();
  const stale = new Map<string, Stale>();
  const previous = after && generations.get(after.previous);
  if (previous && after && 'renumbered' in after) {
    // The renumbering keeps the documents' order and each one's values: an order moves over position by position.
    for (const key of new Set([...previous.built.keys(), ...previous.stale.keys()])) {
      const sort = (JSON.parse(key) as [string, string][]).map(([field, direction]) => ({ [field]: direction })) as ApiSort;
      const order = after.previous(sort).map((position) => after.renumbered[position]);
      built.set(key, isLive ? order.filter(isLive) : order);
    }
  } else if (previous && after && 'changed' in after) {
    for (const [key, order] of previous.built) stale.set(key, { order, changed: after.changed });
    for (const [key, old] of previous.stale) {
      if (previous.built.has(key)) continue;
      const changed = [...old.changed, ...after.changed];
      if (changed.length <= documentCount / 4) stale.set(key, { order: old.order, changed });
    }
  }
  const orders: SortOrders = (sort) => {
    // Scores are all equal, so `_score` keys change nothing: the order depends on the field keys only.
    const keys = sortKeys(sort).filter(([field]) => field !== SCORE);
    const key = JSON.stringify(keys);
    let order = built.get(key);
    if (!order) {
      const compare = matchComparator<number>(
        keys.map(([field, direction]) => ({ [field]: direction })),
        ranksOf,
        () => 0,
        (position) => position,
      );
      const old = stale.get(key);
      if (old) {
        order = mergedOrder(old.order, old.changed, documentCount, compare, isLive);
      } else {
        order = firstInOrder(documentCount, documentCount, compare);
        if (isLive) order = order.filter(isLive);
      }
      stale.delete(key);
      if (built.size < ORDERS_LIMIT) built.set(key, order);
    }
    return order;
  };
  generations.set(orders, { built, stale });
  return orders;
}

/**
 * `old` without the changed positions, merged with those of them still live (and within the documents), in order:
 * one pass copying the untouched positions, then each added one put where a binary search places it, the runs
 * between copied whole.
 */
function mergedOrder(
  old: Int32Array,
  changed: readonly number[],
  documentCount: number,
  compare: (a: number, b: number) => number,
  isLive: ((position: number) => boolean) | undefined,
): Int32Array {
  const touched = new Uint8Array(documentCount);
  const added: number[] = [];
  for (const position of changed) {
    if (position >= documentCount || touched[position] === 1) continue;
    touched[position] = 1;
    if (!isLive || isLive(position)) added.push(position);
  }
  added.sort(compare);
  const kept = new Int32Array(old.length);
  let keptCount = 0;
  for (let i = 0; i < old.length; i++) if (touched[old[i]] === 0) kept[keptCount++] = old[i];
  const order = new Int32Array(keptCount + added.length);
  let [from, at] = [0, 0];
  for (const position of added) {
    let [low, high] = [from, keptCount];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle], position) <= 0) low = middle + 1;
      else high = middle;
    }
    order.set(kept.subarray(from, low), at);
    at += low - from;
    from = low;
    order[at++] = position;
  }
  order.set(kept.subarray(from, keptCount), at);
  return order;
}
