import type { ApiSort } from '../../../../../src/core/search/app-search-api';
import { firstInOrder, matchComparator, sortKeys, SCORE, type FieldRanks } from './sorting';

/** Every document position in the order of a sort when all scores are equal (a blank query), computed once. */
export type SortOrders = (sort: ApiSort | undefined) => Int32Array;

/** Orders kept, so requests naming ever new sorts cannot fill memory. */
const ORDERS_LIMIT = 16;

/** `isLive` (when some positions hold removed documents) keeps those out of every order. */
export function createSortOrders(documentCount: number, ranksOf: FieldRanks, isLive?: (position: number) => boolean): SortOrders {
  const cache = new Map<string, Int32Array>();
  return (sort) => {
    // Scores are all equal, so `_score` keys change nothing: the order depends on the field keys only.
    const keys = sortKeys(sort).filter(([field]) => field !== SCORE);
    const key = JSON.stringify(keys);
    let order = cache.get(key);
    if (!order) {
      const compare = matchComparator<number>(
        keys.map(([field, direction]) => ({ [field]: direction })),
        ranksOf,
        () => 0,
        (position) => position,
      );
      order = firstInOrder(documentCount, documentCount, compare);
      if (isLive) order = order.filter(isLive);
      if (cache.size < ORDERS_LIMIT) cache.set(key, order);
    }
    return order;
  };
}
