import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Announces the results notice again; values not given are taken from the state. */
export const a11yNotify =
  (context: Pick<ActionContext, 'getState' | 'announce'>): SearchActions['a11yNotify'] =>
  (messageName = 'searchResults', values = {}) => {
    if (messageName !== 'searchResults') {
      console.warn(`search driver: no a11y message named "${String(messageName)}".`);
      return;
    }
    const state = context.getState();
    context.announce({
      start: state.pagingStart,
      end: state.pagingEnd,
      totalResults: state.totalResults,
      searchTerm: state.resultSearchTerm,
      ...values,
    });
  };
