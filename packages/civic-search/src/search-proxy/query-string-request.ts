import qs from 'qs';
import { REQUEST_LIMITS } from './limits';

/** Keys whose query-string values are numbers, and keys whose values are booleans, in App Search requests. */
const NUMBER_KEYS = new Set(['size', 'current', 'weight', 'precision']);
const BOOLEAN_KEYS = new Set(['record_analytics', 'fallback', 'collapse']);

/** Nested filters take two brackets a level (`filters[all][0][any][0][topic]`). */
const QUERY_LIMITS = { depth: 2 * REQUEST_LIMITS.filterDepthMax + 4, arrayLimit: REQUEST_LIMITS.filterValuesMax, parameterLimit: 1000 };

function typed(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.map((item) => typed(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([inner, innerValue]) => [inner, typed(innerValue, inner)]));
  }
  if (typeof value !== 'string') return value;
  if (NUMBER_KEYS.has(key) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (BOOLEAN_KEYS.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * An App Search request given as a query string, as App Search accepts on GET:
 * `?query=rates&page[size]=10&filters[all][0][topic]=Rates`. Numbers and booleans are typed by their key;
 * everything else stays text, and the schemas judge the result exactly like a JSON body.
 */
export function parseQueryStringRequest(search: string): Record<string, unknown> {
  const parsed = qs.parse(search.replace(/^\?/, ''), { ...QUERY_LIMITS, allowPrototypes: false, plainObjects: true });
  return typed(parsed, '') as Record<string, unknown>;
}
