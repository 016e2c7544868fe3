import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { SEARCH_BAR_CLOSE_DELAY_MS, SEARCH_ESCAPE_CLOSE_MS } from '../../core/constants';
import { format } from '../../core/i18n';
import { hasModifier, keepActiveOption, nextActiveOption, NO_OPTION, SUGGEST_MIN_CHARACTERS } from '../../core/search-combobox';
import { Adopt, dispatch, useLatest, useMessages, useServerContent, useKitId, type ElementProps, type PropsOf } from '../../web-component';
import { coreMessages, siteSearchMessages, suggestionCountText } from './messages';
import { parseSiteSearch, prepareField, setFieldText, writeFormTexts } from './parse-site-search';
import { useAnnouncer } from './use-announcer';
import { DESKTOP_SEARCH_QUERY, useSearchLayout } from './use-search-layout';
import { useSuggestions } from './use-suggestions';

export const siteSearchAttributes = {
  /** The search engine's name (read from the header search element's data attribute). */
  dataEngineName: 'string',
  /** The site's name, for the label of a form the element writes itself: "Search <site name> website". */
  siteName: 'string',
  /** The site's short name, for that form's placeholder: "Search <short name>". */
  shortName: 'string',
  /** Suggestions are asked for from this many characters (default SUGGEST_MIN_CHARACTERS). */
  suggestMinChars: 'number',
  /**
   * The search service's address (default: the same-origin `/_search-proxy`), e.g. a civic-search service on
   * another origin that allows this site (`--cors-origin`). `<search-results>` on the page uses it too.
   */
  endpoint: 'string',
} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /**
     * The header form is being submitted, typed or with a chosen suggestion (`suggestion: true`). Cancelable:
     * `preventDefault()` keeps the page (a page that searches in place, like `<search-results>`).
     */
    'site-search-submit': { searchTerm: string; suggestion: boolean };
    /** A suggested query was chosen (the suggestion click-through): `position` counts from 1; `query` was typed. */
    'site-search-suggestion-click': { suggestion: string; position: number; query: string };
  }
}

const ELEMENT = 'site-search';

type SiteSearchProps = PropsOf<typeof siteSearchAttributes> & ElementProps;

/** Clicks in the panel must not take focus from the field (the listbox is driven by aria-activedescendant). */
const keepFocusInField = (event: MouseEvent) => event.preventDefault();

export function SiteSearch({ host, serverNodes, i18n, dataEngineName, siteName, shortName, suggestMinChars }: SiteSearchProps) {
  const t = useMessages(siteSearchMessages, i18n, ELEMENT);
  const searchForm = useServerContent(serverNodes, parseSiteSearch);
  const { form, input, built } = searchForm;
  const layout = useSearchLayout();
  const narrow = layout === 'narrow';
  const minChars = suggestMinChars !== undefined && suggestMinChars >= 1 ? Math.floor(suggestMinChars) : SUGGEST_MIN_CHARACTERS;
  const enabled = Boolean(input && form && dataEngineName?.trim());

  const [barOpen, setBarOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(NO_OPTION);
  const [announcement, announce] = useAnnouncer();
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** The visitor is typing: an answer may open the list. Escape, choosing, submitting and leaving end that. */
  const wanted = useRef(false);
  /** The form is being submitted with a chosen suggestion. */
  const chosen = useRef(false);
  const focusFieldOnOpen = useRef(false);
  const escapeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const barTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const baseId = useKitId('site-search');
  const barId = `${baseId}-bar`;
  const listboxId = `${baseId}-listbox`;
  const headingId = `${baseId}-heading`;
  const optionId = useCallback((index: number) => `${baseId}-option-${index}`, [baseId]);
  const messages = useMemo(() => coreMessages(t), [t]);

  useEffect(() => {
    if (!input) console.warn(`<${ELEMENT}>: the form has no text field; it is shown as it is, without suggestions.`);
  }, [input]);

  const actions = useSuggestions({
    host,
    engineName: dataEngineName,
    minChars,
    messages,
    field: form ? input : null,
    onAnswer: (next) => {
      const focused = document.activeElement === input;
      setSuggestions(next);
      setActive(NO_OPTION);
      setExpanded(wanted.current && focused && next.length > 0);
      if (wanted.current && focused) announce(suggestionCountText(next.length, t));
    },
  });

  const closeList = useCallback(() => {
    wanted.current = false;
    clearTimeout(escapeTimer.current);
    setExpanded(false);
    setActive(NO_OPTION);
  }, []);

  const closeBar = useCallback(
    (focusToggle: boolean) => {
      clearTimeout(barTimer.current);
      closeList();
      if (focusToggle) toggleRef.current?.focus();
      setBarOpen(false);
    },
    [closeList],
  );

  const choose = useCallback(
    (index: number) => {
      const suggestion = suggestions[index];
      if (suggestion === undefined || !input || !form) return;
      actions.choose(suggestion, index + 1);
      setFieldText(input, suggestion);
      closeList();
      chosen.current = true;
      form.requestSubmit();
    },
    [suggestions, input, form, actions, closeList],
  );

  // A form the element wrote follows its attributes and i18n; a server form keeps the server's text.
  useLayoutEffect(() => {
    if (!built) return;
    writeFormTexts(searchForm, {
      label: siteName?.trim() ? format(t.label, { siteName: siteName.trim() }) : t.labelWithoutSiteName,
      placeholder: shortName?.trim() ? format(t.placeholder, { shortName: shortName.trim() }) : '',
      submit: t.submit,
    });
  }, [built, searchForm, siteName, shortName, t]);

  useLayoutEffect(() => {
    if (input) prepareField(input, enabled);
  }, [input, enabled]);

  // APG combobox: the field owns the listbox and points at the active option; DOM focus stays in the field.
  useLayoutEffect(() => {
    if (!input || !enabled) return;
    const activeOption = expanded ? keepActiveOption(active, suggestions.length) : NO_OPTION;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listboxId);
    input.setAttribute('aria-expanded', String(expanded));
    if (activeOption >= 0) input.setAttribute('aria-activedescendant', optionId(activeOption));
    else input.removeAttribute('aria-activedescendant');
    return () => {
      for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'])
        input.removeAttribute(name);
    };
  }, [input, enabled, expanded, active, suggestions.length, listboxId, optionId]);

  // Typing and the combobox keys. Listening starts as the element commits and is not redone for each state: the
  // listeners read the state of the latest render, so a second quick key press moves on from the first.
  const latest = useLatest({ minChars, actions, suggestions, expanded, active, narrow, barOpen, choose, closeBar });
  useLayoutEffect(() => {
    if (!input || !enabled) return;
    const onInput = () => {
      const { minChars, actions } = latest.current;
      clearTimeout(escapeTimer.current);
      chosen.current = false;
      setActive(NO_OPTION);
      if (input.value.trim().length < minChars) {
        wanted.current = false;
        setExpanded(false);
        setSuggestions([]);
      } else {
        wanted.current = true;
      }
      actions.type(input.value);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (hasModifier(event) || event.isComposing) return;
      const { actions, suggestions, expanded, active, narrow, barOpen, choose, closeBar } = latest.current;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          if (suggestions.length === 0) return;
          event.preventDefault();
          clearTimeout(escapeTimer.current);
          wanted.current = true;
          const next = nextActiveOption(expanded ? active : NO_OPTION, suggestions.length, event.key);
          // Noted at once as well: another press may come before the next render.
          latest.current = { ...latest.current, expanded: true, active: next };
          setExpanded(true);
          setActive(next);
          return;
        }
        case 'Enter':
          if (expanded && active >= 0 && active < suggestions.length) {
            event.preventDefault();
            choose(active);
          } else if (narrow && barOpen && !input.value.trim()) {
            // Nothing to search for: Enter folds the bar away again (spec: Enter in the field toggles the bar).
            event.preventDefault();
            closeBar(true);
          }
          return;
        case 'Escape':
          if (expanded) {
            event.preventDefault();
            wanted.current = false;
            clearTimeout(escapeTimer.current);
            escapeTimer.current = setTimeout(() => {
              setExpanded(false);
              setActive(NO_OPTION);
            }, SEARCH_ESCAPE_CLOSE_MS);
          } else if (narrow && barOpen) {
            event.preventDefault();
            clearTimeout(escapeTimer.current);
            escapeTimer.current = setTimeout(() => closeBar(host.contains(document.activeElement)), SEARCH_ESCAPE_CLOSE_MS);
          } else if (input.value) {
            // APG: Escape with the list closed clears the field.
            event.preventDefault();
            setFieldText(input, '');
            setSuggestions([]);
            actions.type('');
          }
          return;
        case 'ArrowLeft':
        case 'ArrowRight':
        case 'Home':
        case 'End':
          // The caret moves in the field: the field has the visual focus again.
          setActive(NO_OPTION);
          return;
        default:
      }
    };
    input.addEventListener('input', onInput);
    input.addEventListener('keydown', onKeyDown);
    // Text the visitor typed while the element's code loaded (the field has focus and no longer holds the server's
    // value) is taken as typed now, so it asks for suggestions as typing after the upgrade would.
    if (document.activeElement === input && input.value !== input.defaultValue) onInput();
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKeyDown);
    };
  }, [host, input, enabled, latest]);

  // Submitting, by Enter, the button or a chosen suggestion: the page hears of it and may keep the page.
  useLayoutEffect(() => {
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      const suggestion = chosen.current;
      chosen.current = false;
      closeList();
      if (event.defaultPrevented) return;
      const searchTerm = input?.value ?? '';
      if (!dispatch(host, 'site-search-submit', { searchTerm, suggestion }, { cancelable: true })) event.preventDefault();
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [host, form, input, closeList]);

  // Leaving the element: the suggestions close at once; on narrow windows the bar folds away after
  // SEARCH_BAR_CLOSE_DELAY_MS unless focus has come back by then.
  useLayoutEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && host.contains(next)) return;
      closeList();
      const { narrow, barOpen } = latest.current;
      if (!narrow || !barOpen) return;
      clearTimeout(barTimer.current);
      barTimer.current = setTimeout(() => {
        if (!host.contains(document.activeElement)) setBarOpen(false);
      }, SEARCH_BAR_CLOSE_DELAY_MS);
    };
    const onFocusIn = () => clearTimeout(barTimer.current);
    host.addEventListener('focusout', onFocusOut);
    host.addEventListener('focusin', onFocusIn);
    return () => {
      host.removeEventListener('focusout', onFocusOut);
      host.removeEventListener('focusin', onFocusIn);
    };
  }, [host, closeList, latest]);

  // Crossing the width: a bar that narrows around the focused field stays open; a wide window has no folded bar.
  useLayoutEffect(() => {
    const query = matchMedia(DESKTOP_SEARCH_QUERY);
    const onChange = () => setBarOpen(!query.matches && host.contains(document.activeElement));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [host]);

  // Focus moves as the bar shows, before it is painted without it.
  useLayoutEffect(() => {
    if (!barOpen || !focusFieldOnOpen.current) return;
    focusFieldOnOpen.current = false;
    input?.focus();
  }, [barOpen, input]);

  useEffect(
    () => () => {
      clearTimeout(escapeTimer.current);
      clearTimeout(barTimer.current);
    },
    [],
  );

  const toggleBar = () => {
    if (barOpen) {
      closeBar(false);
      return;
    }
    focusFieldOnOpen.current = true;
    setBarOpen(true);
  };

  return (
    <>
      {narrow && (
        <button
          ref={toggleRef}
          type="button"
          className="site-search__toggle"
          aria-expanded={barOpen}
          aria-controls={barId}
          onClick={toggleBar}
        >
          <span className="site-search__toggle-icon" aria-hidden="true" />
          {t.toggle}
        </button>
      )}
      {/* CSS follows DESKTOP_SEARCH_MIN_WIDTH_PX through data-layout. */}
      <div className="site-search__bar" id={barId} data-layout={layout} hidden={narrow && !barOpen}>
        <Adopt className="site-search__content" nodes={searchForm.nodes} />
        {enabled && (
          // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- only keeps focus in the field; the keyboard works from the field
          <div className="site-search__panel" hidden={!expanded} onMouseDown={keepFocusInField}>
            <div className="site-search__heading" id={headingId}>
              {t.suggestionsHeading}
            </div>
            <ul className="site-search__options" role="listbox" id={listboxId} aria-labelledby={headingId}>
              {suggestions.map((suggestion, index) => (
                // The field handles the keyboard (aria-activedescendant); a click chooses as Enter does.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={suggestion}
                  id={optionId(index)}
                  className="site-search__option"
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  onClick={() => choose(index)}
                >
                  {suggestion}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {enabled && (
        <div className="civic-visually-hidden" role="status">
          {announcement}
        </div>
      )}
    </>
  );
}
