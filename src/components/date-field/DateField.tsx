import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MASK_WATCH_INTERVAL_MS } from '../../core/constants';
import { formatDisplayDate, parseDate, readDateInput, readingDate, type CalendarDate, type DateRules } from '../../core/dates';
import { format } from '../../core/i18n';
import { useKitId } from '../../web-component';
import { usePortalSlot } from '../filters/use-portal-slot';
import { calendarNames } from './calendar-names';
import { DatePicker } from './DatePicker';
import { registerMask, setDateFieldValue } from './field-value';
import type { DateTools } from './load-date-tools';
import type { DateFieldMessages } from './messages';

export interface DateFieldProps {
  input: HTMLInputElement;
  /** The field's label text ("From"). */
  label: string;
  /** The language of the page around the field: the picker's month and weekday names follow it. */
  lang: string;
  /** The mask and the calendar, once loaded; until then (or if they fail to load) the field is plain text. */
  tools: DateTools | null;
  rules: DateRules;
  /** The error to show, from the form's date checks. */
  error: string | undefined;
  /** The form's checks have taken over from the server: its error message for this field is hidden. */
  managed: boolean;
  t: DateFieldMessages;
}

/** Ids listed in an aria-describedby value. */
const idsOf = (value: string | null) => (value ?? '').split(/\s+/).filter(Boolean);

/**
 * One date text field, enhanced in place: a dd/mm/yyyy mask (digits only), a date picker opened by a button
 * beside it, and an error message above it linked by aria-describedby. The field stays a plain text field a
 * keyboard can fill without the picker; values in another accepted format (pasted, autofilled, from a link)
 * are shown in the display format.
 */
export function DateField({ input, label, lang, tools, rules, error, managed, t }: DateFieldProps) {
  const baseId = useKitId('date-field');
  const errorId = `${baseId}-error`;
  const pickerId = `${baseId}-picker`;
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { monthNames, monthNamesShort, weekdayNames, weekdayNamesShort, firstDayOfWeek } = t;
  const names = useMemo(
    () => calendarNames(lang, { monthNames, monthNamesShort, weekdayNames, weekdayNamesShort, firstDayOfWeek }),
    [lang, monthNames, monthNamesShort, weekdayNames, weekdayNamesShort, firstDayOfWeek],
  );
  const errorSlot = usePortalSlot(input, 'beforebegin', 'div', 'date-field__error-slot');
  const buttonSlot = usePortalSlot(tools ? input : null, 'afterend', 'span', 'date-field__controls');
  const panelSlot = usePortalSlot(tools ? input.parentElement : null, 'beforeend', 'div', 'date-field__panel-slot');
  const { formats } = rules;

  // The mask, and the watch for values set by something else (autofill, a script). On as the tools arrive, not a
  // frame later: what the visitor types in between is masked too.
  useLayoutEffect(() => {
    if (!tools) return;
    const toDisplay = (text: string) => {
      const parsed = parseDate(text, formats);
      return parsed.ok ? formatDisplayDate(parsed.date) : undefined;
    };
    // A value in another accepted format would be garbled by the mask: show it as dd/mm/yyyy first.
    setDateFieldValue(input, toDisplay(input.value) ?? input.value);
    const mask = tools.attachMask(input);
    const unregister = registerMask(input, mask);
    const onPaste = (event: ClipboardEvent) => {
      const display = toDisplay(event.clipboardData?.getData('text') ?? '');
      if (display === undefined) return;
      event.preventDefault();
      mask.setValue(display);
    };
    const watch = window.setInterval(() => {
      if (input.value === mask.value) return;
      const display = toDisplay(input.value);
      if (display !== undefined) mask.setValue(display);
      else mask.sync();
    }, MASK_WATCH_INTERVAL_MS);
    input.addEventListener('paste', onPaste, true);
    return () => {
      window.clearInterval(watch);
      input.removeEventListener('paste', onPaste, true);
      unregister();
      mask.destroy();
    };
  }, [tools, input, formats]);

  // aria-describedby and aria-invalid follow the error; the server's own message gives way once managed.
  const original = useRef<{ describedBy: string | null; invalid: string | null } | null>(null);
  useLayoutEffect(() => {
    original.current ??= { describedBy: input.getAttribute('aria-describedby'), invalid: input.getAttribute('aria-invalid') };
    const serverErrors = idsOf(original.current.describedBy)
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element?.hasAttribute('data-server-error') ?? false);
    for (const element of serverErrors) element.toggleAttribute('hidden', managed);
    const ids = idsOf(original.current.describedBy).filter((id) => !managed || !serverErrors.some((element) => element.id === id));
    if (error) ids.push(errorId);
    if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
    else input.removeAttribute('aria-describedby');
    const invalid = managed ? (error ? 'true' : null) : original.current.invalid;
    if (invalid) input.setAttribute('aria-invalid', invalid);
    else input.removeAttribute('aria-invalid');
  }, [input, error, managed, errorId]);
  useLayoutEffect(
    () => () => {
      if (!original.current) return;
      const { describedBy, invalid } = original.current;
      for (const id of idsOf(describedBy)) {
        const element = document.getElementById(id);
        if (element?.hasAttribute('data-server-error')) element.removeAttribute('hidden');
      }
      if (describedBy) input.setAttribute('aria-describedby', describedBy);
      else input.removeAttribute('aria-describedby');
      if (invalid) input.setAttribute('aria-invalid', invalid);
      else input.removeAttribute('aria-invalid');
    },
    [input],
  );

  const pick = useCallback(
    (date: CalendarDate) => {
      setDateFieldValue(input, formatDisplayDate(date));
      setOpen(false);
      input.focus();
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [input],
  );
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  const value = open ? readingDate(readDateInput(input.value, rules)) : undefined;

  return (
    <>
      {errorSlot &&
        error &&
        createPortal(
          <p className="date-field__error" id={errorId}>
            <span className="civic-visually-hidden">{t.errorPrefix} </span>
            {error}
          </p>,
          errorSlot,
        )}
      {buttonSlot &&
        createPortal(
          <button
            ref={toggleRef}
            type="button"
            className="date-field__toggle"
            aria-expanded={open}
            aria-controls={pickerId}
            onClick={() => setOpen(!open)}
          >
            <span className="date-field__toggle-icon" aria-hidden="true" />
            {t.pickerButton}
            <span className="civic-visually-hidden"> {format(t.pickerButtonField, { field: label })}</span>
          </button>,
          buttonSlot,
        )}
      {panelSlot &&
        tools &&
        open &&
        createPortal(
          <DatePicker
            id={pickerId}
            toggle={buttonSlot}
            fieldLabel={label}
            value={value}
            min={rules.min}
            max={rules.max}
            names={names}
            t={t}
            createCalendar={tools.createCalendar}
            onPick={pick}
            onClose={close}
          />,
          panelSlot,
        )}
    </>
  );
}
