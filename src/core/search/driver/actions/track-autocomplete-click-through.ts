import type { ResultClickContext } from '../../search-connector';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';
import { track } from './track';

/** Tracks a click on an autocomplete result, with the autocomplete request id. */
export const trackAutocompleteClickThrough =
  (context: Pick<ActionContext, 'getState' | 'autocompleteClick'>): SearchActions['trackAutocompleteClickThrough'] =>
  (documentId, tags = []) => {
    const state = context.getState();
    const index = state.autocompletedResults.findIndex((result) => result?._meta?.id === documentId);
    const click: ResultClickContext = {
      query: state.searchTerm,
      documentId,
      requestId: state.autocompletedResultsRequestId,
      tags,
      result: state.autocompletedResults[index],
      resultIndex: index,
    };
    track('autocomplete click tracking', () => context.autocompleteClick(click));
  };
