import { removeFilterValue } from '../../filters';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

/** Removes the field's filters, or only those of a type, or only a value; goes back to page 1. */
export const removeFilter =
  (context: Pick<ActionContext, 'getState' | 'act'>): SearchActions['removeFilter'] =>
  (field, value, type) =>
    context.act({ current: 1, filters: removeFilterValue(context.getState().filters, field, value, type) });
