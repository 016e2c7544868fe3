/**
 * Reading a listing page's query string (qs with array limit 20, depth 5, parameter limit 1000),
 * as a CMS's listing controller does. Values come back as plain strings whatever shape the query had:
 * `type=a&type=b`, `type[]=a` and `type[0]=a` all read as a list; nested objects are ignored.
 */
import qs from 'qs';
import { LISTING_QUERY_LIMITS } from './constants';
import { PAGE_PARAM } from './listing-url';

export type ListingQuery = Readonly<Record<string, unknown>>;

/** Parses a query string (with or without `?`) under the listing limits. Never throws. */
export function parseListingQuery(search: string): ListingQuery {
  try {
    return qs.parse(String(search ?? ''), { ...LISTING_QUERY_LIMITS, ignoreQueryPrefix: true, allowPrototypes: false }) as ListingQuery;
  } catch {
    return {};
  }
}

const own = (query: ListingQuery, name: string): unknown => (Object.prototype.hasOwnProperty.call(query, name) ? query[name] : undefined);

/** Every non-empty string value of a parameter, trimmed, in order, without repeats. */
export function queryValues(query: ListingQuery, name: string): string[] {
  const raw = own(query, name);
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  const values = list.filter((value): value is string => typeof value === 'string').map((value) => value.trim());
  return [...new Set(values.filter((value) => value !== ''))];
}

/** A parameter's first non-empty value. */
export function queryValue(query: ListingQuery, name: string): string | undefined {
  return queryValues(query, name)[0];
}

/** The page number: a whole number from 1 up (anything else is page 1), at most `lastPage` when given. */
export function queryPage(query: ListingQuery, lastPage?: number): number {
  const value = queryValue(query, PAGE_PARAM);
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  const atLeastOne = Math.max(1, page);
  return lastPage === undefined ? atLeastOne : Math.min(atLeastOne, Math.max(1, lastPage));
}

/** A parameter's value when it is one of the allowed ones, else the fallback. */
export function queryChoice<T extends string>(query: ListingQuery, name: string, allowed: readonly T[], fallback: T): T {
  const value = queryValue(query, name);
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}
