import { toResultsPerPage } from '../../paging';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Changes the page size and goes back to page 1; a size that cannot be one is ignored. */
export const setResultsPerPage =
  (context: Pick<ActionContext, 'act'>): SearchActions['setResultsPerPage'] =>
  (resultsPerPage) => {
    const size = toResultsPerPage(resultsPerPage);
    if (size !== undefined) context.act({ current: 1, resultsPerPage: size });
  };
