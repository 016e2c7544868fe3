import { toPageNumber } from '../../paging';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Goes to a page; a page past the cap is lowered to it, one that is not a page number is ignored. */
export const setCurrent =
  (context: Pick<ActionContext, 'act'>): SearchActions['setCurrent'] =>
  (current) => {
    const page = toPageNumber(current);
    if (page !== undefined) context.act({ current: page });
  };
