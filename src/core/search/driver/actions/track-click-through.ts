import type { ResultClickContext } from '../../search-connector';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';
import { track } from './track';

/** Tracks a click on a shown result: the query the results are for, the document, the request id, the tags. */
export const trackClickThrough =
  (context: Pick<ActionContext, 'getState' | 'resultClick'>): SearchActions['trackClickThrough'] =>
  (documentId, tags = []) => {
    const state = context.getState();
    const index = state.results.findIndex((result) => result?._meta?.id === documentId);
    const click: ResultClickContext = {
      query: state.resultSearchTerm,
      documentId,
      requestId: state.requestId,
      tags,
      result: state.results[index],
      page: state.current,
      resultsPerPage: state.resultsPerPage,
      resultIndexOnPage: index,
    };
    track('click tracking', () => context.resultClick(click));
  };
