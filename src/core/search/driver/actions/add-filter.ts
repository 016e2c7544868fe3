import { addFilterValue } from '../../filters';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Adds a value to the field's filter of that type (once) and goes back to page 1. */
export const addFilter =
  (context: Pick<ActionContext, 'getState' | 'act'>): SearchActions['addFilter'] =>
  (field, value, type = 'all') =>
    context.act({ current: 1, filters: addFilterValue(context.getState().filters, field, value, type) });
