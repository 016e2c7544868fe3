/**
 * Everything an action may use. The driver builds one of these; each action declares the few members it needs
 * (`Pick<ActionContext, ...>`), so its file says exactly what it touches.
 */
import type { ResultsNoticeValues } from '../../a11y-notice';
import type { RequestState, SearchState } from '../../state';
import type { DriverCore } from '../core';
import type { DriverHandlers } from '../handlers';
import type { AutocompleteRunner } from '../run-autocomplete';
import type { SearchRunner } from '../run-search';
import type { UrlSync } from '../url-sync';

export interface ActionContext extends DriverCore, Pick<DriverHandlers, 'resultClick' | 'autocompleteClick' | 'suggestionClick'> {
  /** Records an action of the visitor: it wins over a URL state still loading. */
  visitorActed(): void;
  /** An action of the visitor that changes the request: applies it now and queues one search for this tick. */
  act(patch: Partial<RequestState>): void;
  /** Applies request changes now and queues one search for this tick. */
  updateSearch: SearchRunner['update'];
  autocomplete: AutocompleteRunner['run'];
  /** Cancels every timer and drops the queued search and every answer still on its way. */
  cancelPending(): void;
  /** The state the driver started from (URL excepted), to return to on reset. */
  startingState: SearchState;
  writeUrl: UrlSync['write'];
  /** Sends the screen-reader notice for these values. */
  announce(values: ResultsNoticeValues): void;
}
