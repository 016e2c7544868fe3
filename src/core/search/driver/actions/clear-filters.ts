import { clearFilterValues } from '../../filters';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Removes every filter except those of the fields to keep, and goes back to page 1. */
export const clearFilters =
  (context: Pick<ActionContext, 'getState' | 'act'>): SearchActions['clearFilters'] =>
  (except = []) =>
    context.act({ current: 1, filters: clearFilterValues(context.getState().filters, except) });
