/**
 * Reads App Search answers into search state: facets, meta.request_id, meta.page.total_pages
 * (capped) and total_results, and the raw results; for suggestions results.documents[].suggestion and
 * meta.request_id. An answer of another shape is an error, never a crash later in rendering.
 */
import type { ApiResult } from './app-search-api';
import { capTotalPages } from './paging';
import type { AutocompleteResponseState, Facet, FacetValue, FilterValue, SearchResponseState, Suggestion } from './state';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Thrown for an answer that is JSON but not of the expected shape; the connector words the message. */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

function readFacetValue(entry: unknown): FacetValue[] {
  if (!isRecord(entry) || typeof entry.count !== 'number') return [];
  const { count, value, ...range } = entry;
  if ('value' in entry) {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [{ value, count }] : [];
  }
  // A range facet's entry is the range itself: { from, to, name, count }.
  return [{ value: range as FilterValue, count }];
}

function readFacetList(field: string, list: unknown): Facet[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((facet): Facet[] => {
    if (!isRecord(facet) || !Array.isArray(facet.data)) return [];
    return [
      {
        field,
        type: facet.type === 'range' ? 'range' : 'value',
        ...(typeof facet.name === 'string' && { name: facet.name }),
        data: facet.data.flatMap(readFacetValue),
      },
    ];
  });
}

/** `facets` of a search answer: each field's facets with the field name added (Search UI's shape). */
export function readFacets(facets: unknown): Record<string, Facet[]> {
  if (!isRecord(facets)) return {};
  return Object.fromEntries(Object.entries(facets).map(([field, list]) => [field, readFacetList(field, list)]));
}

export function readSearchResponse(json: unknown): SearchResponseState {
  if (!isRecord(json) || !isRecord(json.meta) || !Array.isArray(json.results)) throw new UnexpectedAnswerError();
  const { meta } = json;
  const page = isRecord(meta.page) ? meta.page : {};
  return {
    results: json.results.filter(isRecord) as ApiResult[],
    facets: readFacets(json.facets),
    requestId: typeof meta.request_id === 'string' ? meta.request_id : '',
    totalPages: typeof page.total_pages === 'number' ? capTotalPages(page.total_pages) : 0,
    totalResults: typeof page.total_results === 'number' && page.total_results >= 0 ? page.total_results : 0,
  };
}

export function readSuggestionResponse(
  json: unknown,
): Pick<AutocompleteResponseState, 'autocompletedSuggestions' | 'autocompletedSuggestionsRequestId'> {
  if (!isRecord(json) || !isRecord(json.results)) throw new UnexpectedAnswerError();
  const suggestions: Record<string, Suggestion[]> = {};
  for (const [type, list] of Object.entries(json.results)) {
    if (!Array.isArray(list)) continue;
    const entries = list.flatMap((entry) =>
      isRecord(entry) && typeof entry.suggestion === 'string' ? [{ suggestion: entry.suggestion }] : [],
    );
    Object.defineProperty(suggestions, type, { value: entries, enumerable: true, writable: true, configurable: true });
  }
  return {
    autocompletedSuggestions: suggestions,
    autocompletedSuggestionsRequestId: isRecord(json.meta) && typeof json.meta.request_id === 'string' ? json.meta.request_id : '',
  };
}
