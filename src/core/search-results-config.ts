/**
 * What the search results page shows and asks for: the result fields, the value facets, the orders and page
 * sizes it offers, and the names of the server form's own query parameters. The defaults fit the kit's document
 * schema (src/server/search/types.ts, SiteDocument); a site with another schema gives its own in `config`.
 */
import { DEFAULT_RESULTS_PER_PAGE } from './constants';
import type { ApiSearchRequest } from './search/app-search-api';
import type { SearchQueryConfig } from './search/search-connector';
import type { RequestState, SortOption } from './search/state';

/** One value facet, shown as a group of checkboxes. */
export interface FacetConfig {
  field: string;
  /** The group's legend; the element's i18n gives the kit's own facets theirs. */
  label?: string;
  /** The server page's query parameter for this facet (`type=Policy`), read on arrival. */
  param?: string;
}

export interface SearchResultsConfig {
  titleField: string;
  urlField: string;
  typeField: string;
  dateField: string;
  /** Fields whose snippets describe a result: the first with a match wins, else the last one's text. */
  snippetFields: string[];
  /** More fields shown after the type and date (their raw text), e.g. the topic. */
  metaFields: string[];
  facets: FacetConfig[];
  /** Values listed per facet. */
  facetSize: number;
  /** The page sizes offered (the default size is among them). */
  pageSizes: number[];
  /** The server form's own parameters: the term (the header form's field), the page and the order. */
  termParam: string;
  pageParam: string;
  sortParam: string;
}

/** Page sizes the results page offers. */
export const PAGE_SIZE_OPTIONS: readonly number[] = Object.freeze([10, DEFAULT_RESULTS_PER_PAGE, 50]);
/** Characters of a result's snippet. */
export const SNIPPET_SIZE = 250;
/** Values a facet lists: every document type and topic of a council site fits. */
export const FACET_SIZE = 50;
/** The most values a value facet may ask for (App Search's limit, enforced by the proxy). */
const FACET_SIZE_MAX = 250;

export const defaultSearchResultsConfig: Readonly<SearchResultsConfig> = Object.freeze({
  titleField: 'title',
  urlField: 'url',
  typeField: 'document_type',
  dateField: 'published_date',
  snippetFields: ['body', 'summary'],
  metaFields: ['topic'],
  facets: [
    { field: 'document_type', param: 'type' },
    { field: 'topic', param: 'topic' },
  ],
  facetSize: FACET_SIZE,
  pageSizes: [...PAGE_SIZE_OPTIONS],
  termParam: 'Search',
  pageParam: 'page',
  sortParam: 'sort',
});

/** The orders offered, in the order of the select. */
export const SORT_IDS = ['relevance', 'newest', 'oldest', 'title'] as const;
export type SortId = (typeof SORT_IDS)[number];

/** Each order as a sort of the search state; relevance sends none. */
export function sortOptions(config: Pick<SearchResultsConfig, 'dateField' | 'titleField'>): Record<SortId, SortOption | undefined> {
  return {
    relevance: undefined,
    newest: { field: config.dateField, direction: 'desc' },
    oldest: { field: config.dateField, direction: 'asc' },
    title: { field: config.titleField, direction: 'asc' },
  };
}

/** Which offered order the state's sort is: relevance without one, undefined for an order not offered. */
export function sortIdOf(
  state: Pick<RequestState, 'sortList' | 'sortField' | 'sortDirection'>,
  config: SearchResultsConfig,
): SortId | undefined {
  const wanted =
    state.sortList.length > 0
      ? state.sortList[0]
      : state.sortField
        ? { field: state.sortField, direction: state.sortDirection }
        : undefined;
  if (!wanted) return 'relevance';
  const options = sortOptions(config);
  return SORT_IDS.find((id) => options[id]?.field === wanted.field && options[id]?.direction === wanted.direction);
}

/** What every search of the page asks for: the results' fields, and each facet counted as a disjunctive one. */
export function searchQueryConfig(config: SearchResultsConfig): SearchQueryConfig {
  const resultFields: NonNullable<ApiSearchRequest['result_fields']> = {};
  for (const field of [config.titleField, config.urlField, config.typeField, config.dateField, ...config.metaFields]) {
    resultFields[field] = { raw: {} };
  }
  config.snippetFields.forEach((field, index) => {
    const last = index === config.snippetFields.length - 1;
    // The last field describes a result without a match: its snippet falls back to its text.
    resultFields[field] = { ...resultFields[field], ...(last && { raw: {} }), snippet: { size: SNIPPET_SIZE, fallback: last } };
  });
  return {
    result_fields: resultFields,
    facets: Object.fromEntries(config.facets.map((facet) => [facet.field, { type: 'value' as const, size: config.facetSize }])),
    // Ticking "Policy" still counts the other document types: each facet ignores its own field's filter.
    disjunctiveFacets: config.facets.map((facet) => facet.field),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Reads a `config` value (parsed JSON, or nothing): each known key of the right shape replaces the default;
 * anything else is ignored and described in `problems`, so a typo in a template never breaks the page.
 */
export function readSearchResultsConfig(raw: unknown): { config: SearchResultsConfig; problems: string[] } {
  const config: SearchResultsConfig = {
    ...defaultSearchResultsConfig,
    snippetFields: [...defaultSearchResultsConfig.snippetFields],
    metaFields: [...defaultSearchResultsConfig.metaFields],
    facets: defaultSearchResultsConfig.facets.map((facet) => ({ ...facet })),
    pageSizes: [...defaultSearchResultsConfig.pageSizes],
  };
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { config, problems };
  if (!isRecord(raw)) return { config, problems: ['config must be an object; the defaults are used'] };

  const known = new Set(Object.keys(config));
  for (const key of Object.keys(raw)) if (!known.has(key)) problems.push(`unknown key "${key}" ignored`);
  const take = <K extends keyof SearchResultsConfig>(key: K, read: (value: unknown) => SearchResultsConfig[K] | undefined) => {
    if (!(key in raw)) return;
    const value = read(raw[key]);
    if (value === undefined) problems.push(`"${key}" is not valid; the default is kept`);
    else config[key] = value;
  };
  const fieldName = (value: unknown) => (typeof value === 'string' && FIELD_NAME.test(value) ? value : undefined);
  const paramName = (value: unknown) => (typeof value === 'string' && PARAM_NAME.test(value) ? value : undefined);

  take('titleField', fieldName);
  take('urlField', fieldName);
  take('typeField', fieldName);
  take('dateField', fieldName);
  take('termParam', paramName);
  take('pageParam', paramName);
  take('sortParam', paramName);
  take('snippetFields', (value) => {
    const fields = Array.isArray(value) ? value.map(fieldName) : [];
    return fields.length > 0 && fields.every(Boolean) ? [...new Set(fields as string[])] : undefined;
  });
  take('metaFields', (value) => {
    const fields = Array.isArray(value) ? value.map(fieldName) : [];
    return Array.isArray(value) && fields.every(Boolean) ? [...new Set(fields as string[])] : undefined;
  });
  take('facetSize', (value) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= FACET_SIZE_MAX ? (value as number) : undefined,
  );
  take('pageSizes', (value) => {
    const sizes = Array.isArray(value) ? value : [];
    const valid = sizes.length > 0 && sizes.every((size) => Number.isInteger(size) && size >= 1 && size <= 1000);
    return valid ? [...new Set(sizes as number[])].sort((a, b) => a - b) : undefined;
  });
  take('facets', (value) => {
    if (!Array.isArray(value)) return undefined;
    const facets = value.map((entry): FacetConfig | undefined => {
      const field = fieldName(isRecord(entry) ? entry.field : entry);
      if (!field) return undefined;
      const label = isRecord(entry) && typeof entry.label === 'string' && entry.label.trim() ? entry.label.trim() : undefined;
      const param = isRecord(entry) ? paramName(entry.param) : undefined;
      return { field, ...(label && { label }), ...(param && { param }) };
    });
    return facets.every(Boolean) ? (facets as FacetConfig[]) : undefined;
  });
  return { config, problems };
}
