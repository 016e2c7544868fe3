import { useCallback, useEffect, useRef } from 'react';
import { SUGGESTIONS_SHOWN } from '../../core/constants';
import { createSearchDriver, type SearchDriver, type SearchMessages } from '../../core/search';
import { SUGGEST_DEBOUNCE_MS, suggestionsToShow } from '../../core/search-combobox';
import { dispatch } from '../../web-component';
import { connectSearch } from './search-connection';

export interface SuggestionsOptions {
  host: HTMLElement;
  engineName: string | undefined;
  /** Suggestions are asked for from this many characters (not counting spaces around them). */
  minChars: number;
  messages: Partial<SearchMessages>;
  /** The field whose text is suggested for; nothing runs without one. */
  field: HTMLInputElement | null;
  /** An answer for the field's text arrived: up to SUGGESTIONS_SHOWN suggestions, possibly none. */
  onAnswer: (suggestions: string[]) => void;
}

export interface SuggestionActions {
  /** The field's text changed: ask for suggestions after a pause (SUGGEST_DEBOUNCE_MS), if it is long enough. */
  type(text: string): void;
  /** A suggestion was chosen: tracked as a suggestion click-through (position counts from 1), then the term. */
  choose(suggestion: string, position: number): void;
}

/**
 * Suggested queries through the search core: a driver without URL state (the header box keeps none), its
 * autocomplete debounced, stale answers dropped by the driver. Answers that arrive when the field's text has
 * become too short are ignored here.
 */
export function useSuggestions({ host, engineName, minChars, messages, field, onAnswer }: SuggestionsOptions): SuggestionActions {
  const driverRef = useRef<SearchDriver | null>(null);
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  });

  useEffect(() => {
    if (!field) return;
    const connector = connectSearch(host, engineName, messages);
    if (!connector) return;
    const driver = createSearchDriver({
      connector,
      history: null,
      messages,
      autocompleteQuery: { suggestions: { size: SUGGESTIONS_SHOWN } },
      onAutocompleteSuggestionClick: ({ suggestion, position, query }) => {
        dispatch(host, 'site-search-suggestion-click', { suggestion, position, query });
      },
    });
    driverRef.current = driver;
    let answered = driver.getState().autocompletedSuggestions;
    const unsubscribe = driver.subscribe((state) => {
      if (state.autocompletedSuggestions === answered) return;
      answered = state.autocompletedSuggestions;
      if (field.value.trim().length < minChars) return;
      onAnswerRef.current(suggestionsToShow(answered.documents, SUGGESTIONS_SHOWN));
    });
    return () => {
      unsubscribe();
      driver.destroy();
      driverRef.current = null;
    };
  }, [host, engineName, minChars, messages, field]);

  const type = useCallback(
    (text: string) => {
      const driver = driverRef.current;
      if (!driver) return;
      const longEnough = text.trim().length >= minChars;
      driver.actions.setSearchTerm(
        text,
        longEnough ? { refresh: false, autocompleteSuggestions: true, debounce: SUGGEST_DEBOUNCE_MS } : { refresh: false },
      );
    },
    [minChars],
  );

  const choose = useCallback((suggestion: string, position: number) => {
    const driver = driverRef.current;
    if (!driver) return;
    driver.actions.trackAutocompleteSuggestionClickThrough(suggestion, position);
    driver.actions.setSearchTerm(suggestion, { refresh: false });
  }, []);

  return { type, choose };
}
