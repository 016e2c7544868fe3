/**
 * The wire format between the kit's connector (browser) and the search proxy (server): Elastic App Search's
 * request and response shapes, so a stock Search UI app with the App Search connector works against the proxy.
 * Types only: nothing here runs.
 */

/** A range in a filter or a range facet. Dates are ISO 8601 strings (yyyy-mm-dd or full timestamps). */
export interface ApiRange {
  from?: string | number;
  to?: string | number;
  /** A range facet's label; a filter value chosen from a range facet carries it. */
  name?: string;
}

export type ApiFilterValue = string | number | boolean | ApiRange;

/** One field's condition: `{ topic: ['Housing', 'Rates'] }` or `{ published_date: { from: '2024-01-01' } }`. */
export type ApiFieldFilter = Record<string, ApiFilterValue | ApiFilterValue[]>;

/** Filters nest: `{ all: [ { any: [ {topic: 'a'}, {topic: 'b'} ] }, { none: [ {subsite: 'x'} ] } ] }`. */
export type ApiFilter = ApiFieldFilter | ApiBooleanFilter;
export interface ApiBooleanFilter {
  all?: ApiFilter[];
  any?: ApiFilter[];
  none?: ApiFilter[];
}

export type ApiSortDirection = 'asc' | 'desc';
/** `{ published_date: 'desc' }`, or a list of them; `{ _score: 'desc' }` is relevance. */
export type ApiSort = Record<string, ApiSortDirection> | Record<string, ApiSortDirection>[];

export interface ApiValueFacetRequest {
  type: 'value';
  /** Values returned, most frequent first (default 10, at most 250). */
  size?: number;
  name?: string;
  sort?: { count: ApiSortDirection } | { value: ApiSortDirection };
}
export interface ApiRangeFacetRequest {
  type: 'range';
  name?: string;
  ranges: ApiRange[];
}
export type ApiFacetRequest = ApiValueFacetRequest | ApiRangeFacetRequest;

export interface ApiSearchRequest {
  query: string;
  page?: { size?: number; current?: number };
  sort?: ApiSort;
  filters?: ApiFilter;
  facets?: Record<string, ApiFacetRequest | ApiFacetRequest[]>;
  search_fields?: Record<string, { weight?: number }>;
  result_fields?: Record<string, { raw?: { size?: number }; snippet?: { size?: number; fallback?: boolean } }>;
}

export interface ApiPageMeta {
  current: number;
  size: number;
  total_pages: number;
  total_results: number;
}

/** A result: every field as `{ raw, snippet? }`; snippets are HTML-safe with matches in `<em>`. */
export interface ApiResult {
  [field: string]: { raw?: unknown; snippet?: string | null } | ApiResultMeta;
  _meta: ApiResultMeta;
}
export interface ApiResultMeta {
  id: string;
  engine: string;
  score: number;
}

export interface ApiValueFacetData {
  value: string | number;
  count: number;
}
export interface ApiRangeFacetData extends ApiRange {
  count: number;
}
export interface ApiFacetResponse {
  type: 'value' | 'range';
  name?: string;
  data: (ApiValueFacetData | ApiRangeFacetData)[];
}

export interface ApiSearchResponse {
  meta: {
    alerts: string[];
    warnings: string[];
    precision?: number;
    page: ApiPageMeta;
    engine: { name: string; type: string };
    request_id: string;
  };
  results: ApiResult[];
  facets?: Record<string, ApiFacetResponse[]>;
}

export interface ApiQuerySuggestionRequest {
  query: string;
  types?: { documents?: { fields?: string[] } };
  /** Number of suggestions (1 to 20; the kit asks for 5). */
  size?: number;
}
export interface ApiQuerySuggestionResponse {
  results: { documents: { suggestion: string }[] };
  meta: { request_id: string };
}

export interface ApiClickRequest {
  query: string;
  document_id: string;
  request_id?: string;
  tags?: string[];
}

/** App Search's error body: every 4xx/5xx answer of the proxy. */
export interface ApiErrorResponse {
  errors: string[];
}

/**
 * The form-encoded post to `/_search-proxy`: `application/x-www-form-urlencoded` with these fields.
 * `key` carries the placeholder `{key}`; the server swaps in the real key, so the browser never holds one.
 */
export interface ProxyFormFields {
  /** Always the placeholder `{key}`. */
  key: string;
  /** The engine name, read from the header search element's data attribute. */
  engine: string;
  /** Which App Search call. */
  action: ProxyAction;
  /** The App Search request body of that call, as JSON. */
  params: string;
}
export type ProxyAction = 'search' | 'query_suggestion' | 'click';
export const PROXY_KEY_PLACEHOLDER = '{key}';
export const PROXY_PATH = '/_search-proxy';
