import { setFilterValue } from '../../filters';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Replaces the values of the field's filter of that type with this one and goes back to page 1. */
export const setFilter =
  (context: Pick<ActionContext, 'getState' | 'act'>): SearchActions['setFilter'] =>
  (field, value, type = 'all') =>
    context.act({ current: 1, filters: setFilterValue(context.getState().filters, field, value, type) });
