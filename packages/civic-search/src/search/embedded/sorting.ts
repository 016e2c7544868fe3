import type { ApiSort, ApiSortDirection } from 'civic-elements/core';
import { createFieldColumns, renumberingOf, type FieldColumns } from './field-columns';
import { comparable, type FieldReader } from './filters';

export interface Sortable {
  score: number;
  /** Position in the engine's documents: indexes the field ranks, and the last tie-breaker. */
  position: number;
}

export const SCORE = '_score';

/** Where each document (by position) falls in ascending order of a field; equal values share a rank; -1: no value. */
export type FieldRanks = (field: string) => Int32Array;

/** Fields whose ranks are kept, so requests naming ever new fields cannot fill memory. */
const RANKED_FIELDS_LIMIT = 32;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Ranks of the documents' values per field, computed on first use and kept: sorting then compares integers.
 * Dates compare as instants, numbers as numbers, other text alphabetically ignoring case. Distinct values are
 * sorted, not documents (100,000 documents have a few thousand dates), read from `columns` when given.
 */
export function createFieldRanks(documents: readonly FieldReader[], columns: FieldColumns = createFieldColumns(documents)): FieldRanks {
  const cache = new Map<string, Int32Array>();
  return (field) => {
    const cached = cache.get(field);
    if (cached) return cached;
    const { codes, values, offsets } = columns(field);
    const { sorted, tied } = valueOrder(values);
    // A value's rank is the number of documents before it; values that compare equal share one.
    const codeRanks = new Int32Array(values.length).fill(-1);
    let before = 0;
    for (let i = 0; i < sorted.length; i++) {
      const code = sorted[i];
      codeRanks[code] = tied[i] === 1 ? codeRanks[sorted[i - 1]] : before;
      before += offsets[code + 1] - offsets[code];
    }
    const ranks = codes.map((code) => (code >= 0 ? codeRanks[code] : -1));
    if (sorted.length > 0 && cache.size < RANKED_FIELDS_LIMIT) cache.set(field, ranks);
    return ranks;
  };
}

/** A dictionary's codes in ascending order of their values, and whether each compares equal to the one before. */
interface ValueOrder {
  sorted: Int32Array;
  tied: Uint8Array;
}

/** Kept per dictionary: a column patched after writes that added no value keeps its dictionary, so no sort again. */
const valueOrders = new WeakMap<readonly unknown[], ValueOrder>();

function valueOrder(values: readonly unknown[]): ValueOrder {
  let order = valueOrders.get(values) ?? carriedOrder(values);
  if (order) {
    valueOrders.set(values, order);
    return order;
  }
  const keys = values.map(sortKey);
  const codes = keys.map((_, code) => code).filter((code) => keys[code] !== undefined);
  codes.sort((a, b) => compareKeys(keys[a]!, keys[b]!));
  const tied = new Uint8Array(codes.length);
  for (let i = 1; i < codes.length; i++) tied[i] = compareKeys(keys[codes[i - 1]]!, keys[codes[i]]!) === 0 ? 1 : 0;
  order = { sorted: Int32Array.from(codes), tied };
  valueOrders.set(values, order);
  return order;
}

/**
 * The value order of a dictionary renumbered from one already sorted (after a write): the same order, codes
 * renumbered, dropped values left out; two values left side by side are tied when every step between them was.
 */
function carriedOrder(values: readonly unknown[]): ValueOrder | undefined {
  const renumbering = renumberingOf(values);
  const previous = renumbering && valueOrders.get(renumbering.previous);
  if (!renumbering || !previous) return undefined;
  const sorted: number[] = [];
  const tied: number[] = [];
  // Whether every value from the last one kept to this one was tied to the one before it.
  let chain = 1;
  previous.sorted.forEach((code, i) => {
    if (i > 0) chain &= previous.tied[i];
    const next = renumbering.renumbered[code];
    if (next < 0) return;
    tied.push(sorted.length === 0 ? 0 : chain);
    sorted.push(next);
    chain = 1;
  });
  return { sorted: Int32Array.from(sorted), tied: Uint8Array.from(tied) };
}

/**
 * Orders matches as App Search does: by relevance (`_score`) unless `sort` says otherwise; a list sorts by its first
 * key, then the next. Documents without a value for a sort field come last in either direction. Ties fall back to
 * relevance, then to the documents' order.
 */
export function sortMatches<T extends Sortable>(matches: T[], sort: ApiSort | undefined, ranksOf: FieldRanks): T[] {
  const compare = matchComparator(
    sort,
    ranksOf,
    (match: T) => match.score,
    (match: T) => match.position,
  );
  return matches.sort(compare);
}

/**
 * The order of `sortMatches` over any items, given how to read an item's score and position: negative when `a`
 * comes first. A total order (positions differ), so any selection of the first items agrees with a full sort.
 */
export function matchComparator<T>(
  sort: ApiSort | undefined,
  ranksOf: FieldRanks,
  scoreOf: (item: T) => number,
  positionOf: (item: T) => number,
): (a: T, b: T) => number {
  const plan = sortKeys(sort).map(([field, direction]) => ({
    sign: direction === 'asc' ? 1 : -1,
    ranks: field === SCORE ? undefined : ranksOf(field),
  }));
  const tieBreak = (a: T, b: T) => scoreOf(b) - scoreOf(a) || positionOf(a) - positionOf(b);
  // Relevance first (the default): the tie-break is the whole order.
  if (plan.length === 1 && !plan[0].ranks && plan[0].sign === -1) return tieBreak;
  return (a, b) => {
    for (const { sign, ranks } of plan) {
      if (!ranks) {
        const difference = scoreOf(a) - scoreOf(b);
        if (difference !== 0) return sign * difference;
        continue;
      }
      const aRank = ranks[positionOf(a)];
      const bRank = ranks[positionOf(b)];
      if (aRank === bRank) continue;
      // Missing values stay last whichever the direction.
      if (aRank === -1 || bRank === -1) return aRank === -1 ? 1 : -1;
      return sign * (aRank - bRank);
    }
    return tieBreak(a, b);
  };
}

/**
 * The first `count` of the items 0 .. total - 1 in the order of `compare`, in that order: a bounded heap of the
 * best `count` seen, so a page of 20 out of 75,000 matches costs one pass instead of a full sort.
 */
export function firstInOrder(total: number, count: number, compare: (a: number, b: number) => number): Int32Array {
  if (count <= 0 || total === 0) return new Int32Array(0);
  if (count >= total / 4) {
    const all = new Int32Array(total);
    for (let i = 0; i < total; i++) all[i] = i;
    return all.sort(compare).subarray(0, Math.min(count, total));
  }
  // A max-heap on `compare`: its top is the last of the best `count` so far.
  const heap = new Int32Array(count);
  let size = 0;
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const later = right < size && compare(heap[right], heap[left]) > 0 ? right : left;
      if (compare(heap[later], heap[at]) <= 0) return;
      [heap[at], heap[later]] = [heap[later], heap[at]];
      at = later;
    }
  };
  for (let item = 0; item < total; item++) {
    if (size < count) {
      let at = size++;
      heap[at] = item;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (compare(heap[at], heap[parent]) <= 0) break;
        [heap[at], heap[parent]] = [heap[parent], heap[at]];
        at = parent;
      }
    } else if (compare(item, heap[0]) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}

export function sortKeys(sort: ApiSort | undefined): [string, ApiSortDirection][] {
  if (!sort) return [[SCORE, 'desc']];
  const list = Array.isArray(sort) ? sort : [sort];
  const keys: [string, ApiSortDirection][] = [];
  for (const entry of list)
    for (const [field, direction] of Object.entries(entry)) keys.push([field, direction === 'asc' ? 'asc' : 'desc']);
  return keys.length > 0 ? keys : [[SCORE, 'desc']];
}

function sortKey(value: unknown): number | string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  return comparable(String(value));
}

/** Ascending order of two values: numbers before text. */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return typeof a === 'number' ? -1 : 1;
}
