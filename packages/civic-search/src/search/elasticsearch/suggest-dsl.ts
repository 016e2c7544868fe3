import type { estypes } from '@elastic/elasticsearch';
import { SUGGESTIONS_SHOWN } from '../../../../../src/core/constants';
import type { ApiQuerySuggestionRequest } from '../../../../../src/core/search/app-search-api';
import { TITLE_SUGGEST_FIELD } from './mapping';
import type { SearchBody } from './search-dsl';

/** Titles fetched to find enough distinct suggestions (several documents share a title). */
const CANDIDATES_PER_SUGGESTION = 4;

/**
 * Suggestions complete the typed prefix from document titles: a bool_prefix match over the title's
 * search_as_you_type subfields (the last word is a prefix, earlier words must match). Titles only: the
 * suggestion fields of a request (title, summary, body) all suggest titles, which read as queries.
 */
export function suggestionRequestToBody(request: ApiQuerySuggestionRequest): SearchBody {
  return {
    size: (request.size ?? SUGGESTIONS_SHOWN) * CANDIDATES_PER_SUGGESTION,
    _source: ['title'],
    query: {
      multi_match: {
        query: request.query.trim(),
        type: 'bool_prefix',
        fields: [TITLE_SUGGEST_FIELD, `${TITLE_SUGGEST_FIELD}._2gram`, `${TITLE_SUGGEST_FIELD}._3gram`],
      },
    },
  };
}

/** Distinct titles (ignoring case and spacing), best match first, at most `size`. */
export function suggestionsFromResponse(response: estypes.SearchResponse<{ title?: unknown }>, size: number = SUGGESTIONS_SHOWN): string[] {
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const hit of response.hits.hits) {
    const title = hit._source?.title;
    if (typeof title !== 'string') continue;
    const text = title.replace(/\s+/g, ' ').trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    suggestions.push(text);
    if (suggestions.length === size) break;
  }
  return suggestions;
}
