import { SUGGESTIONS_SHOWN } from '../../core/constants';
import { createSearchDriver, type SearchDriver, type SearchMessages } from '../../core/search';
import { dispatch } from '../../web-component';
import { connectSearch } from './search-connection';

/**
 * The header box's search core: a driver without URL state (the box keeps none) asking for SUGGESTIONS_SHOWN
 * suggestions, or undefined when the engine name is missing (the configuration error is then in the console).
 * Its own module, so the core loads when the visitor turns to the field, not with the page.
 */
export function createSuggestionsDriver(
  host: HTMLElement,
  engineName: string | undefined,
  messages: Partial<SearchMessages>,
): SearchDriver | undefined {
  const connector = connectSearch(host, engineName, messages);
  if (!connector) return undefined;
  return createSearchDriver({
    connector,
    history: null,
    messages,
    autocompleteQuery: { suggestions: { size: SUGGESTIONS_SHOWN } },
    onAutocompleteSuggestionClick: ({ suggestion, position, query }) => {
      dispatch(host, 'site-search-suggestion-click', { suggestion, position, query });
    },
  });
}
