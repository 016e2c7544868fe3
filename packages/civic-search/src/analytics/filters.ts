import { ApiError } from '../write-api/api-error';
import { DAY_MS } from './periods';
import type { DateRange } from './types';

/** What App Search's analytics filters ask for, gathered from one filter or `all`/`any`/`none` lists of them. */
export interface ReportFilters {
  range: DateRange;
  allTags: string[];
  anyTags: string[];
  noTags: string[];
  results?: boolean;
  clicks?: boolean;
  query?: string;
  documentId?: string;
  status?: number;
  method?: string;
}

/** Reports look at the last week unless a date filter says otherwise, as App Search's do. */
export const DEFAULT_REPORT_DAYS = 7;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TAGS = 16;

const bad = (message: string) => new ApiError(400, [message]);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A date filter's bound: a date (the whole day, so `to` takes in its last millisecond) or an ISO 8601 time. */
function bound(value: unknown, name: 'from' | 'to'): number {
  if (typeof value !== 'string') throw bad(`Filters date ${name} must be an ISO 8601 date (yyyy-mm-dd) or time.`);
  const ms = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) throw bad(`Filters date ${name} must be an ISO 8601 date (yyyy-mm-dd) or time.`);
  return DATE_ONLY.test(value) && name === 'to' ? ms + DAY_MS - 1 : ms;
}

type FilterName = 'date' | 'tag' | 'results' | 'clicks' | 'query' | 'document_id' | 'status' | 'method';

/**
 * Reads App Search's `filters` of an analytics or logs call. `allowed` lists the filters the endpoint takes; `any`
 * and `none` may hold tag filters only (a report cannot be "any of two date ranges").
 */
export function readFilters(raw: unknown, allowed: readonly FilterName[], now: number): ReportFilters {
  const filters: ReportFilters = { range: { from: now - DEFAULT_REPORT_DAYS * DAY_MS, to: now }, allTags: [], anyTags: [], noTags: [] };
  if (raw === undefined) return filters;
  if (!isObject(raw)) throw bad('Filters must be an object.');
  const one = (filter: unknown, into: 'all' | 'any' | 'none') => {
    if (!isObject(filter)) throw bad('Each filter must be an object.');
    const entries = Object.entries(filter);
    if (entries.length === 0) throw bad('A filter must name a field.');
    // Several fields in one filter all apply (App Search's API logs take date, status and method together).
    if (entries.length > 1) {
      if (into !== 'all') throw bad(`Each filter under "${into}" must name one field.`);
      for (const [name, value] of entries) one({ [name]: value }, into);
      return;
    }
    const [name, value] = entries[0];
    if (!(allowed as readonly string[]).includes(name))
      throw bad(`Filters may use ${allowed.join(', ')}; ${JSON.stringify(name).slice(0, 40)} is not one of them.`);
    if (into !== 'all' && name !== 'tag') throw bad(`Only tag filters may be listed under "${into}".`);
    switch (name as FilterName) {
      case 'date': {
        if (!isObject(value)) throw bad('Filters date must be an object with from and to.');
        const range = {
          from: value.from === undefined ? filters.range.from : bound(value.from, 'from'),
          to: value.to === undefined ? now : bound(value.to, 'to'),
        };
        if (range.from > range.to) throw bad('Filters date from must not be after to.');
        filters.range = range;
        break;
      }
      case 'tag': {
        const tags = Array.isArray(value) ? value : [value];
        if (tags.length > MAX_TAGS || !tags.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= 64)) {
          throw bad(`Filters tag must be a tag or a list of at most ${MAX_TAGS} tags of 1 to 64 characters.`);
        }
        // A list under one tag filter means all of them, as App Search reads it.
        (into === 'all' ? filters.allTags : into === 'any' ? filters.anyTags : filters.noTags).push(...(tags as string[]));
        break;
      }
      case 'results':
      case 'clicks':
        if (typeof value !== 'boolean') throw bad(`Filters ${name} must be true or false.`);
        filters[name as 'results' | 'clicks'] = value;
        break;
      case 'query':
      case 'document_id':
        if (typeof value !== 'string' || value.length > 256) throw bad(`Filters ${name} must be text of at most 256 characters.`);
        if (name === 'query') filters.query = value;
        else filters.documentId = value;
        break;
      case 'status':
        if (!Number.isInteger(value) || (value as number) < 100 || (value as number) > 599)
          throw bad('Filters status must be an HTTP status code.');
        filters.status = value as number;
        break;
      case 'method':
        if (typeof value !== 'string' || !/^(GET|POST|PUT|PATCH|DELETE)$/i.test(value))
          throw bad('Filters method must be GET, POST, PUT, PATCH or DELETE.');
        filters.method = value.toUpperCase();
        break;
    }
  };
  const lists = ['all', 'any', 'none'] as const;
  const listed = lists.filter((list) => list in raw);
  if (listed.length > 0) {
    if (Object.keys(raw).some((key) => !(lists as readonly string[]).includes(key)))
      throw bad('Filters must be one filter, or all, any and none lists of them, not both.');
    for (const list of listed) {
      const items = raw[list];
      if (!Array.isArray(items) || items.length > 32) throw bad(`Filters ${list} must be a list of at most 32 filters.`);
      for (const item of items) one(item, list);
    }
  } else one(raw, 'all');
  return filters;
}
