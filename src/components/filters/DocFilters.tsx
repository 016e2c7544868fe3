import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Adopt, dispatch, languageAround, useMessages, useServerContent, useKitId, type ElementProps } from '../../web-component';
import { DateField } from '../date-field/DateField';
import { useDateChecks } from '../date-field/use-date-checks';
import { useDateRules } from '../date-field/use-date-rules';
import { useDateTools } from '../date-field/use-date-tools';
import { countMessage } from './count-message';
import { countChosen, Dropdown } from './Dropdown';
import { FailureNote } from './FailureNote';
import { docFiltersMessages } from './messages';
import { parseFilters } from './parse-filters';
import { scrollPageToTop } from './scroll-page-to-top';
import { useAnnouncer } from './use-announcer';
import { useDropdowns } from './use-dropdowns';
import { useFormVersion } from './use-form-version';
import { useResultsReload, type ReloadCause } from './use-results-reload';
import { useSortNavigation } from './use-sort-navigation';

export const docFiltersAttributes = { dateMin: 'string', dateMax: 'string', dateFormats: 'json' } as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The results were reloaded in place: the query they show, their `data-results-count`, and why. */
    'doc-filters-update': { query: string; count: number | null; cause: ReloadCause };
    /** A reload failed: the current results stay. */
    'doc-filters-error': { url: string; message: string };
    /** A sort option was chosen; cancelable: `preventDefault()` stops the navigation to `url`. */
    'doc-filters-sort': { url: string };
    /** A dropdown filter opened or closed. */
    'doc-filters-dropdown': { label: string; open: boolean };
  }
}

interface DocFiltersProps extends ElementProps {
  dateMin: string | undefined;
  dateMax: string | undefined;
  dateFormats: unknown;
}

const ELEMENT = 'doc-filters';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The document library's filters: dropdown filters, From and To date fields with a mask and a
 * picker, a sort select that navigates, and results that reload in place on wide screens. Everything is
 * the server's GET form underneath: without JavaScript it submits and the server renders the page.
 */
export function DocFilters({ host, serverNodes, i18n, dateMin, dateMax, dateFormats }: DocFiltersProps) {
  const t = useMessages(docFiltersMessages, i18n, ELEMENT);
  const { form, results, dropdowns: dropdownMarkup, dateFields } = useServerContent(serverNodes, parseFilters);
  const rules = useDateRules(dateMin, dateMax, dateFormats, ELEMENT);
  const [status, announce] = useAnnouncer();
  const dropdowns = useDropdowns(host, dropdownMarkup);
  const tools = useDateTools(dateFields.length > 0, ELEMENT);
  const checks = useDateChecks({ form, fields: dateFields, rules, t, announce, reveal: dropdowns.reveal });
  const [, bump] = useFormVersion(form);
  const baseId = useKitId('doc-filters');
  const stopScroll = useRef<() => void>(undefined);

  const reload = useResultsReload({
    elementName: ELEMENT,
    form,
    results,
    guard: checks.guard,
    onRestored: bump,
    onApplied: ({ cause, query, count }) => {
      announce(countMessage(count, t));
      // The page goes back to the top when the filters are scrolled out of view.
      if (cause !== 'history' && host.getBoundingClientRect().top < 0) {
        stopScroll.current?.();
        stopScroll.current = scrollPageToTop();
      }
      dispatch(host, 'doc-filters-update', { query, count, cause });
    },
    onFailed: (url, error) => {
      announce(t.updateFailed);
      dispatch(host, 'doc-filters-error', { url, message: errorMessage(error) });
    },
  });
  useEffect(() => () => stopScroll.current?.(), []);

  useSortNavigation(host, (url) => {
    if (dispatch(host, 'doc-filters-sort', { url }, { cancelable: true })) location.assign(url);
  });

  // Dropdown events, for opening and closing by any means (button, Escape, outside click, another dropdown).
  const shownOpen = useRef(dropdowns.openIndex);
  useLayoutEffect(() => {
    const before = shownOpen.current;
    shownOpen.current = dropdowns.openIndex;
    if (before === dropdowns.openIndex) return;
    if (before !== null && dropdownMarkup[before])
      dispatch(host, 'doc-filters-dropdown', { label: dropdownMarkup[before].label, open: false });
    if (dropdowns.openIndex !== null)
      dispatch(host, 'doc-filters-dropdown', { label: dropdownMarkup[dropdowns.openIndex].label, open: true });
  }, [host, dropdownMarkup, dropdowns.openIndex]);

  const setButton = useCallback(
    (index: number) => (button: HTMLButtonElement | null) => {
      dropdowns.buttons.current[index] = button;
    },
    [dropdowns.buttons],
  );

  return (
    <div className="filters filters--enhanced">
      <Adopt className="filters__content" nodes={serverNodes} />
      {dropdownMarkup.map((dropdown, index) => (
        <Dropdown
          key={index}
          dropdown={dropdown}
          panelId={`${baseId}-dropdown-${index}`}
          open={dropdowns.openIndex === index}
          chosen={countChosen(dropdown.panel)}
          chosenLabel={t.selectedCount}
          onToggle={() => dropdowns.toggle(index)}
          buttonRef={setButton(index)}
        />
      ))}
      {dateFields.map((field) => (
        <DateField
          key={field.input.id || field.input.name}
          input={field.input}
          label={field.label}
          lang={languageAround(field.input, host)}
          tools={tools}
          rules={rules}
          error={checks.errors.get(field.input)}
          managed={checks.managed}
          t={t}
        />
      ))}
      <FailureNote results={results} message={reload.state === 'failed' ? t.updateFailed : null} />
      <p className="civic-visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
