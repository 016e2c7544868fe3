import type { ApiSort, ApiSortDirection } from '../../../core/search/app-search-api';
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
 * Dates compare as instants, numbers as numbers, other text alphabetically ignoring case.
 */
export function createFieldRanks(documents: readonly FieldReader[]): FieldRanks {
  const cache = new Map<string, Int32Array>();
  return (field) => {
    const cached = cache.get(field);
    if (cached) return cached;
    const keys = documents.map((read) => sortKey(read(field)));
    const order = keys.map((_, position) => position).filter((position) => keys[position] !== undefined);
    order.sort((a, b) => compareKeys(keys[a]!, keys[b]!));
    const ranks = new Int32Array(documents.length).fill(-1);
    let rank = 0;
    order.forEach((position, i) => {
      if (i > 0 && compareKeys(keys[order[i - 1]]!, keys[position]!) !== 0) rank = i;
      ranks[position] = rank;
    });
    if (order.length > 0 && cache.size < RANKED_FIELDS_LIMIT) cache.set(field, ranks);
    return ranks;
  };
}

/**
 * Orders matches as App Search does: by relevance (`_score`) unless `sort` says otherwise; a list sorts by its first
 * key, then the next. Documents without a value for a sort field come last in either direction. Ties fall back to
 * relevance, then to the documents' order.
 */
export function sortMatches<T extends Sortable>(matches: T[], sort: ApiSort | undefined, ranksOf: FieldRanks): T[] {
  const plan = sortKeys(sort).map(([field, direction]) => ({
    sign: direction === 'asc' ? 1 : -1,
    ranks: field === SCORE ? undefined : ranksOf(field),
  }));
  return matches.sort((a, b) => {
    for (const { sign, ranks } of plan) {
      if (!ranks) {
        if (a.score !== b.score) return sign * (a.score - b.score);
        continue;
      }
      const [aRank, bRank] = [ranks[a.position], ranks[b.position]];
      if (aRank === bRank) continue;
      // Missing values stay last whichever the direction.
      if (aRank === -1 || bRank === -1) return aRank === -1 ? 1 : -1;
      return sign * (aRank - bRank);
    }
    return b.score - a.score || a.position - b.position;
  });
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
