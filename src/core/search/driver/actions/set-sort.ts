import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Sorts by a field and direction, or by a sort list (which clears the other form), and goes back to page 1. */
export const setSort =
  (context: Pick<ActionContext, 'act'>): SearchActions['setSort'] =>
  (sort, sortDirection = '') => {
    if (Array.isArray(sort)) context.act({ current: 1, sortList: sort, sortField: '', sortDirection: '' });
    else context.act({ current: 1, sortList: [], sortField: sort, sortDirection });
  };
