import type { SearchActions } from '../types';
import type { ActionContext } from './context';

type SetSearchTermContext = Pick<
  ActionContext,
  'isDestroyed' | 'visitorActed' | 'getState' | 'setState' | 'timers' | 'updateSearch' | 'autocomplete'
>;

/**
 * Sets the term at once; then (debounced when asked) searches page 1, by default without the filters, and asks
 * for the autocomplete answers wanted once the term is long enough.
 */
export const setSearchTerm =
  (context: SetSearchTermContext): SearchActions['setSearchTerm'] =>
  (searchTerm, options = {}) => {
    if (context.isDestroyed()) return;
    const {
      refresh = true,
      debounce = 0,
      shouldClearFilters = true,
      autocompleteSuggestions = false,
      autocompleteResults = false,
      autocompleteMinimumCharacters = 0,
    } = options;
    const { timers } = context;
    context.visitorActed();
    context.setState({ searchTerm });
    if (refresh) {
      const filters = shouldClearFilters ? [] : context.getState().filters;
      timers.run('search', debounce, () => context.updateSearch({ current: 1, filters }));
    }
    if ((autocompleteSuggestions || autocompleteResults) && searchTerm.length >= autocompleteMinimumCharacters) {
      timers.run('autocomplete', debounce, () =>
        context.autocomplete(searchTerm, { results: autocompleteResults, suggestions: autocompleteSuggestions }),
      );
    }
  };
