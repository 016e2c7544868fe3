/**
 * The search state in the query string, in Elastic Search UI 1.x's format so links work both ways:
 * keys `q`, `current` (only above 1), `size`, `filters`, and `sort` (a sort list) or `sort-field` with
 * `sort-direction`; qs with index arrays; numbers written `n_20_n` and booleans `b_true_b`.
 *
 * Reading never throws and never builds objects from what it does not expect: qs runs with
 * `allowPrototypes: false` and the limits of SEARCH_URL_QUERY_LIMITS, the last of repeated keys wins, and every
 * value is then copied into fresh objects of the expected shape. What cannot be read is dropped.
 *
 * This module carries qs (about 18 KB gzipped): the driver loads it only when it keeps the URL.
 */
import qs from 'qs';
import { SEARCH_URL_QUERY_LIMITS } from '../constants';
import { toPageNumber, toResultsPerPage } from './paging';
import type { Filter, FilterType, FilterValue, FilterValueRange, RequestState, SortDirection, SortOption } from './state';

/** What a query string holds: only the keys it sets. */
export type UrlRequestState = Partial<RequestState>;

/** `n_-1.5_n`, and the exponent forms JavaScript prints for very large and very small numbers. */
const NUMBER_MARKER = /^n_(-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)_n$/i;
const BOOLEAN_MARKER = /^b_(true|false)_b$/;
/** Strings Search UI's reader would take for markers (its number test is not anchored). */
const SEARCH_UI_MARKER = /n_-?[\d.]*_n|^b_(true|false)*_b$/;

const FILTER_TYPES: readonly FilterType[] = ['any', 'all', 'none'];

const decoder: NonNullable<qs.IParseOptions['decoder']> = (text, defaultDecoder, _charset, kind) => {
  if (kind === 'value') {
    const number = NUMBER_MARKER.exec(text);
    if (number) return Number(number[1]);
    const boolean = BOOLEAN_MARKER.exec(text);
    if (boolean) return boolean[1] === 'true';
  }
  return defaultDecoder(text);
};

const encoder: NonNullable<qs.IStringifyOptions['encoder']> = (value, defaultEncoder, _charset, kind) => {
  if (kind === 'value') {
    if (typeof value === 'number') return `n_${value}_n`;
    if (typeof value === 'boolean') return `b_${value}_b`;
    const encoded = defaultEncoder(value);
    // A text that looks like a marker keeps its underscores percent-encoded, so no reader mistakes it for one.
    return typeof value === 'string' && (SEARCH_UI_MARKER.test(value) || NUMBER_MARKER.test(value))
      ? encoded.replace(/_/g, '%5F')
      : encoded;
  }
  return defaultEncoder(value);
};

// ---------------------------------------------------------------------------------------------------------
// Shape checks shared by the reader and the writer: unknown in, the expected shape (or undefined) out.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only: never something inherited from a prototype. */
function own(value: unknown, key: string): unknown {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** The last of repeated values (`current[]=1&current[]=2`), like Search UI. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * A list: an array; an object with index keys (what qs makes of indexes above its array limit), in index order;
 * any other single value as a list of one.
 */
function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((key) => /^(0|[1-9]\d{0,8})$/.test(key))) {
      return keys
        .map(Number)
        .sort((a, b) => a - b)
        .map((index) => value[String(index)]);
    }
  }
  return [value];
}

/** Text where text is expected. A marker the decoder turned into a number or boolean is given back as written. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return `n_${value}_n`;
  if (typeof value === 'boolean') return `b_${value}_b`;
  return undefined;
}

function finiteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function bound(value: unknown): string | number | undefined {
  if (typeof value === 'string') return value;
  return finiteNumber(value) ? value : undefined;
}

function readRange(value: Record<string, unknown>): FilterValueRange | undefined {
  const range: FilterValueRange = {};
  const from = bound(own(value, 'from'));
  const to = bound(own(value, 'to'));
  const name = text(own(value, 'name'));
  if (from !== undefined) range.from = from;
  if (to !== undefined) range.to = to;
  if (name !== undefined) range.name = name;
  return Object.keys(range).length > 0 ? range : undefined;
}

function readFilterValue(value: unknown): FilterValue | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (finiteNumber(value)) return Object.is(value, -0) ? 0 : value;
  return isRecord(value) ? readRange(value) : undefined;
}

function readFilter(value: unknown): Filter | undefined {
  const field = text(own(value, 'field'));
  const rawType = own(value, 'type');
  const type = rawType === undefined ? 'any' : FILTER_TYPES.find((known) => known === rawType);
  if (!field || !type) return undefined;
  const values = list(own(value, 'values')).flatMap((item) => {
    const filterValue = readFilterValue(item);
    return filterValue === undefined ? [] : [filterValue];
  });
  return values.length > 0 ? { field, values, type } : undefined;
}

function readFilters(value: unknown): Filter[] {
  return list(value).flatMap((item) => {
    const filter = readFilter(item);
    return filter ? [filter] : [];
  });
}

function readDirection(value: unknown): SortDirection | undefined {
  return value === 'asc' || value === 'desc' || value === '' ? value : undefined;
}

function readSortList(value: unknown): SortOption[] {
  return list(value).flatMap((item) => {
    const field = text(own(item, 'field'));
    const direction = readDirection(own(item, 'direction'));
    return field && direction ? [{ field, direction }] : [];
  });
}

/**
 * The one normal form both directions use: the keys a query string can carry, each valid, `current` only when
 * above 1, and `sort-field` only without a sort list (a sort list wins, as in the request).
 */
function normalise(source: {
  q: unknown;
  current: unknown;
  size: unknown;
  filters: unknown;
  sort: unknown;
  sortField: unknown;
  sortDirection: unknown;
}): UrlRequestState {
  const state: UrlRequestState = {};
  const searchTerm = text(single(source.q));
  if (searchTerm) state.searchTerm = searchTerm;
  const current = toPageNumber(single(source.current));
  if (current !== undefined && current > 1) state.current = current;
  const resultsPerPage = toResultsPerPage(single(source.size));
  if (resultsPerPage !== undefined) state.resultsPerPage = resultsPerPage;
  const filters = readFilters(source.filters);
  if (filters.length > 0) state.filters = filters;
  const sortList = readSortList(source.sort);
  if (sortList.length > 0) {
    state.sortList = sortList;
  } else {
    const sortField = text(single(source.sortField));
    if (sortField) {
      state.sortField = sortField;
      state.sortDirection = readDirection(single(source.sortDirection)) ?? '';
    }
  }
  return state;
}

/** Reads a query string (with or without its "?"). Never throws; anything unreadable is left out. */
export function queryStringToState(queryString: unknown): UrlRequestState {
  if (typeof queryString !== 'string') return {};
  try {
    const params = qs.parse(queryString, {
      ...SEARCH_URL_QUERY_LIMITS,
      ignoreQueryPrefix: true,
      allowPrototypes: false,
      duplicates: 'last',
      decoder,
    });
    return normalise({
      q: own(params, 'q'),
      current: own(params, 'current'),
      size: own(params, 'size'),
      filters: own(params, 'filters'),
      sort: own(params, 'sort'),
      sortField: own(params, 'sort-field'),
      sortDirection: own(params, 'sort-direction'),
    });
  } catch {
    return {};
  }
}

/**
 * Writes the request state as Search UI 1.x does (same keys, order and encoding), leaving out what a reader would
 * drop, so that reading the result gives back the same state.
 */
export function stateToQueryString(state: Partial<RequestState>): string {
  const normal = normalise({
    q: state.searchTerm,
    current: state.current,
    size: state.resultsPerPage,
    filters: state.filters,
    sort: state.sortList,
    sortField: state.sortField,
    sortDirection: state.sortDirection,
  });
  const params: Record<string, unknown> = {};
  if (normal.current !== undefined) params.current = normal.current;
  if (normal.searchTerm !== undefined) params.q = normal.searchTerm;
  if (normal.resultsPerPage !== undefined) params.size = normal.resultsPerPage;
  if (normal.filters) params.filters = normal.filters;
  if (normal.sortList) {
    params.sort = normal.sortList;
  } else if (normal.sortField !== undefined) {
    params['sort-field'] = normal.sortField;
    params['sort-direction'] = normal.sortDirection;
  }
  return qs.stringify(params, { encoder });
}
