import type { ApiFilter, ApiFilterValue, ApiRange } from 'civic-elements/core';

/** A field's value in a document, as filters, facets and sorting read it. */
export type FieldValue = string | number | boolean | null | undefined;
export type FieldReader = (field: string) => FieldValue;
export type DocumentPredicate = (read: FieldReader) => boolean;

/** Reads a document's own fields (never inherited properties such as `constructor`). */
export function documentReader(document: object): FieldReader {
  const values = document as Record<string, FieldValue>;
  return (field) => (Object.hasOwn(values, field) ? values[field] : undefined);
}

const BOOLEAN_KEYS = ['all', 'any', 'none'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Compiles App Search filters into a predicate. `all` needs every clause, `any` at least one, `none` no clause;
 * keys of one object are all required. A field condition with several values matches any of them. A range matches
 * `from` (included) to `to` (excluded), comparing dates as instants and numbers as numbers.
 */
export function compileFilter(filter: ApiFilter | undefined): DocumentPredicate {
  if (filter === undefined) return () => true;
  const clauses: DocumentPredicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const nested = nestedFilters(key, value);
    if (nested) {
      const parts = nested.map(compileFilter);
      if (key === 'all') clauses.push((read) => parts.every((part) => part(read)));
      else if (key === 'any') clauses.push((read) => parts.length === 0 || parts.some((part) => part(read)));
      else clauses.push((read) => !parts.some((part) => part(read)));
    } else {
      const matches = conditionMatcher(value as ApiFilterValue | ApiFilterValue[]);
      clauses.push((read) => {
        const actual = read(key);
        return actual !== undefined && actual !== null && matches(actual);
      });
    }
  }
  return (read) => clauses.every((clause) => clause(read));
}

/** The filters of an `all` / `any` / `none` key, or undefined when the key is a field condition. */
export function nestedFilters(key: string, value: unknown): ApiFilter[] | undefined {
  return (BOOLEAN_KEYS as readonly string[]).includes(key) && Array.isArray(value) && value.every(isFilterObject)
    ? (value as ApiFilter[])
    : undefined;
}

function isFilterObject(value: unknown): value is ApiFilter {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRange(value);
}

export function isRange(value: unknown): value is ApiRange {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key === 'from' || key === 'to' || key === 'name');
}

/** Whether a (present) value meets a field condition: any of its values or ranges. */
export function conditionMatcher(condition: ApiFilterValue | ApiFilterValue[]): (actual: string | number | boolean) => boolean {
  const values = Array.isArray(condition) ? condition : [condition];
  const matchers = values.map((value) => (isRange(value) ? rangeMatcher(value) : valueMatcher(value)));
  return (actual) => matchers.some((matches) => matches(actual));
}

export function valueMatcher(expected: string | number | boolean): (actual: string | number | boolean) => boolean {
  const text = String(expected);
  return (actual) => actual === expected || String(actual) === text;
}

export function rangeMatcher({ from, to }: ApiRange): (actual: string | number | boolean) => boolean {
  const low = from === undefined ? undefined : comparable(from);
  const high = to === undefined ? undefined : comparable(to);
  return (actual) => {
    if (typeof actual === 'boolean') return false;
    const value = comparable(actual);
    return (low === undefined || compareComparables(value, low) >= 0) && (high === undefined || compareComparables(value, high) < 0);
  };
}

/** Whether a value falls in [from, to): dates compared as instants, numbers as numbers, other strings as text. */
export function inRange(actual: string | number | boolean, range: ApiRange): boolean {
  return rangeMatcher(range)(actual);
}

/** Orders two values of one field: both dates → as instants; both numeric → as numbers; otherwise as strings. */
export function compareValues(a: string | number, b: string | number): number {
  return compareComparables(comparable(a), comparable(b));
}

/** Numbers before text; numbers by value, text by code point. */
export function compareComparables(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const aText = String(a);
  const bText = String(b);
  return aText < bText ? -1 : aText > bText ? 1 : 0;
}

const comparableCache = new Map<string, number | string>();
const COMPARABLE_CACHE_LIMIT = 100_000;

/**
 * A value as ranges and sorting compare it: an ISO date or timestamp → its instant (ms), numeric text → the number,
 * other text → itself. Remembered per distinct string, since documents repeat dates.
 */
export function comparable(value: string | number): number | string {
  if (typeof value === 'number') return value;
  let result = comparableCache.get(value);
  if (result === undefined) {
    result = toComparable(value);
    if (comparableCache.size < COMPARABLE_CACHE_LIMIT) comparableCache.set(value, result);
  }
  return result;
}

function toComparable(value: string): number | string {
  if (ISO_DATE.test(value)) {
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    if (!Number.isNaN(time)) return time;
  }
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? number : value;
}
