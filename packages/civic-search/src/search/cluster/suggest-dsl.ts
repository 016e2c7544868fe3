import type { estypes } from '@elastic/elasticsearch';
import { type ApiQuerySuggestionRequest, SUGGESTIONS_SHOWN } from 'civic-elements/core';
import { suggestField, type EngineLayout } from './engine-layout';
import type { SearchBody } from './search-dsl';

/** Values fetched to find enough distinct suggestions (several documents share a title). */
const CANDIDATES_PER_SUGGESTION = 4;

/**
 * Suggestions complete the typed prefix from the engine's lead field (a page's title, a library's name): a
 * bool_prefix match over that field's search_as_you_type subfields (the last word is a prefix, earlier words must
 * match). Only the lead field suggests, whatever fields a request names: its values read as queries. Undefined for
 * an engine that searches no text (nothing to suggest from).
 */
export function suggestionRequestToBody(request: ApiQuerySuggestionRequest, layout: EngineLayout): SearchBody | undefined {
  const field = suggestField(layout);
  if (field === undefined || layout.leadField === undefined) return undefined;
  return {
    size: (request.size ?? SUGGESTIONS_SHOWN) * CANDIDATES_PER_SUGGESTION,
    _source: [layout.leadField],
    query: {
      multi_match: {
        query: request.query.trim(),
        type: 'bool_prefix',
        fields: [field, `${field}._2gram`, `${field}._3gram`],
      },
    },
  };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether every typed word starts a word of `value`, ignoring case and accents. */
function completes(value: string, query: string): boolean {
  const words = fold(value).split(/[^\p{L}\p{N}]+/u);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((typed) => words.some((word) => word.startsWith(typed)));
}

/**
 * Distinct values of the lead field (ignoring case and spacing), best match first, at most `size`. A document
 * whose lead field holds a list matched through one of its values: only the values the typed words complete count.
 */
export function suggestionsFromResponse(
  response: estypes.SearchResponse<Record<string, unknown>>,
  request: ApiQuerySuggestionRequest,
  layout: EngineLayout,
  size: number = request.size ?? SUGGESTIONS_SHOWN,
): string[] {
  const seen = new Set<string>();
  const suggestions: string[] = [];
  if (layout.leadField === undefined) return suggestions;
  for (const hit of response.hits.hits) {
    const value = hit._source?.[layout.leadField];
    const values = Array.isArray(value) ? value.filter((one) => typeof one === 'string' && completes(one, request.query)) : [value];
    for (const one of values) {
      if (typeof one !== 'string') continue;
      const text = one.replace(/\s+/g, ' ').trim();
      const key = text.toLowerCase();
      if (!text || seen.has(key)) continue;
      seen.add(key);
      suggestions.push(text);
      if (suggestions.length === size) return suggestions;
    }
  }
  return suggestions;
}
