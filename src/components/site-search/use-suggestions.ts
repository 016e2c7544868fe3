import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLatest } from '../../web-component';
import { SUGGESTIONS_SHOWN } from '../../core/constants';
import type { SearchDriver, SearchMessages } from '../../core/search';
import { SUGGEST_DEBOUNCE_MS, suggestionsToShow } from '../../core/search-combobox';

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
 *
 * The core (about 7 KB gzipped) loads when the visitor first turns to the field: on focus, or at once if the
 * field has focus already or the engine name is missing (so the configuration error shows without waiting).
 * Text typed meanwhile is asked about as soon as it is there.
 */
export function useSuggestions({ host, engineName, minChars, messages, field, onAnswer }: SuggestionsOptions): SuggestionActions {
  const driverRef = useRef<SearchDriver | null>(null);
  const startRef = useRef<() => void>(() => {});
  const typedMeanwhileRef = useRef<string | null>(null);
  const onAnswerRef = useLatest(onAnswer);

  const ask = useCallback(
    (driver: SearchDriver, text: string) => {
      const longEnough = text.trim().length >= minChars;
      driver.actions.setSearchTerm(
        text,
        longEnough ? { refresh: false, autocompleteSuggestions: true, debounce: SUGGEST_DEBOUNCE_MS } : { refresh: false },
      );
    },
    [minChars],
  );

  // As the element commits, not an effect later: a visitor who focuses the field (or types) in between must not be
  // missed.
  useLayoutEffect(() => {
    if (!field) return;
    let stopped = false;
    let stopDriver = () => {};
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      field.removeEventListener('focus', start);
      import('./suggestions-driver').then(
        ({ createSuggestionsDriver }) => {
          if (stopped) return;
          const driver = createSuggestionsDriver(host, engineName, messages);
          if (!driver) return;
          driverRef.current = driver;
          let answered = driver.getState().autocompletedSuggestions;
          const unsubscribe = driver.subscribe((state) => {
            if (state.autocompletedSuggestions === answered) return;
            answered = state.autocompletedSuggestions;
            if (field.value.trim().length < minChars) return;
            onAnswerRef.current(suggestionsToShow(answered.documents, SUGGESTIONS_SHOWN));
          });
          stopDriver = () => {
            unsubscribe();
            driver.destroy();
            driverRef.current = null;
          };
          const typed = typedMeanwhileRef.current;
          typedMeanwhileRef.current = null;
          if (typed !== null) ask(driver, typed);
        },
        (error: unknown) => console.error(`<${host.localName}>: could not load the search code; suggestions are off.`, error),
      );
    };
    startRef.current = start;
    if (document.activeElement === field || !engineName?.trim()) start();
    else field.addEventListener('focus', start);
    return () => {
      stopped = true;
      field.removeEventListener('focus', start);
      startRef.current = () => {};
      stopDriver();
    };
  }, [host, engineName, minChars, messages, field, ask, onAnswerRef]);

  const type = useCallback(
    (text: string) => {
      const driver = driverRef.current;
      if (driver) return ask(driver, text);
      typedMeanwhileRef.current = text;
      startRef.current();
    },
    [ask],
  );

  const choose = useCallback((suggestion: string, position: number) => {
    const driver = driverRef.current;
    if (!driver) return;
    driver.actions.trackAutocompleteSuggestionClickThrough(suggestion, position);
    driver.actions.setSearchTerm(suggestion, { refresh: false });
  }, []);

  return { type, choose };
}
