import { requestStateOf } from '../store';
import type { SearchActions } from '../types';
import type { ActionContext } from './context';

type ResetContext = Pick<ActionContext, 'isDestroyed' | 'visitorActed' | 'cancelPending' | 'setState' | 'getState' | 'startingState' | 'writeUrl'>;

/** Returns to the starting state, drops whatever is on its way, and pushes the starting state to the URL at once. */
export const reset =
  (context: ResetContext): SearchActions['reset'] =>
  () => {
    if (context.isDestroyed()) return;
    context.visitorActed();
    context.cancelPending();
    context.setState(context.startingState);
    context.writeUrl(requestStateOf(context.getState()), false);
  };
