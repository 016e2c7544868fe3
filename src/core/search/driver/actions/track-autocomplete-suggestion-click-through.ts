import type { SuggestionClick } from '../../search-connector';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';
import { track } from './track';

/** Tracks a click on a query suggestion; does nothing when no one tracks suggestion clicks. */
export const trackAutocompleteSuggestionClickThrough =
  (context: Pick<ActionContext, 'getState' | 'suggestionClick'>): SearchActions['trackAutocompleteSuggestionClickThrough'] =>
  (suggestion, position, tags = []) => {
    const { suggestionClick } = context;
    if (!suggestionClick) return;
    const click: SuggestionClick = { suggestion, position, query: context.getState().searchTerm, tags };
    track('suggestion click tracking', () => suggestionClick(click));
  };
