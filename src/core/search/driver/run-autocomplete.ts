/**
 * Runs the autocomplete calls (suggestions, results or both for a term), with their own request sequence:
 * stale answers are dropped. A failure clears what it asked for and shows no error: suggestions are a help.
 */
import type { AutocompleteCall, AutocompleteQueryConfig } from '../search-connector';
import { INVALID_CREDENTIALS, type AutocompleteResponseState, type SearchState } from '../state';
import { createRequestSequencer } from '../request-sequencer';
import { attempt, errorText, warn } from './errors';
import type { DriverCore } from './core';

/** Which autocomplete answers to ask for. */
export interface AutocompleteWanted {
  results: boolean;
  suggestions: boolean;
}

export interface AutocompleteRunnerContext extends Pick<DriverCore, 'setState' | 'isDestroyed'> {
  autocomplete: AutocompleteCall;
  autocompleteQuery: AutocompleteQueryConfig;
  /** The connector's state, taken back on an "Invalid credentials" failure. */
  connectorState(): Partial<SearchState> | undefined;
}

export interface AutocompleteRunner {
  run(searchTerm: string, wanted: AutocompleteWanted): void;
  /** Drops every answer still on its way. */
  cancel(): void;
}

export function createAutocompleteRunner(context: AutocompleteRunnerContext): AutocompleteRunner {
  const { setState, isDestroyed, autocomplete, autocompleteQuery, connectorState } = context;
  const sequence = createRequestSequencer();

  function applyAnswer(id: number, wanted: AutocompleteWanted, response: Partial<AutocompleteResponseState>): void {
    if (isDestroyed() || sequence.isOld(id)) return;
    sequence.completed(id);
    const patch: Partial<AutocompleteResponseState> = {};
    if (wanted.results) {
      patch.autocompletedResults = response?.autocompletedResults ?? [];
      patch.autocompletedResultsRequestId = response?.autocompletedResultsRequestId ?? '';
    }
    if (wanted.suggestions) {
      patch.autocompletedSuggestions = response?.autocompletedSuggestions ?? {};
      patch.autocompletedSuggestionsRequestId = response?.autocompletedSuggestionsRequestId ?? '';
    }
    setState(patch);
  }

  function applyFailure(id: number, wanted: AutocompleteWanted, reason: unknown): void {
    if (isDestroyed() || sequence.isOld(id) || !sequence.isLatest(id)) return;
    sequence.completed(id);
    if (errorText(reason) === INVALID_CREDENTIALS) {
      setState({ ...connectorState() });
      return;
    }
    // Suggestions are a help, not the page: no error is shown, and none for an earlier term stays up.
    warn('autocomplete', reason);
    setState({
      ...(wanted.results && { autocompletedResults: [], autocompletedResultsRequestId: '' }),
      ...(wanted.suggestions && { autocompletedSuggestions: {}, autocompletedSuggestionsRequestId: '' }),
    });
  }

  return {
    run(searchTerm, wanted) {
      if (isDestroyed()) return;
      const id = sequence.next();
      const config: AutocompleteQueryConfig = {
        ...(wanted.results && { results: autocompleteQuery.results ?? {} }),
        ...(wanted.suggestions && { suggestions: autocompleteQuery.suggestions ?? {} }),
      };
      attempt(() => autocomplete({ searchTerm }, config)).then(
        (response) => applyAnswer(id, wanted, response),
        (reason: unknown) => applyFailure(id, wanted, reason),
      );
    },
    cancel: () => sequence.invalidate(),
  };
}
