import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useLatest } from '../../web-component';
import { checkDateRange, formatDisplayDate, readDateInput, type DateReading, type DateRules } from '../../core/dates';
import { setDateFieldValue } from './field-value';
import { dateReadingMessage, type DateFieldMessages } from './messages';

export interface DateCheckField {
  input: HTMLInputElement;
  /** "from" and "to" are read as a range; anything else is a date on its own. */
  role: string;
}

export interface DateChecks {
  /** The message each field shows now. */
  errors: ReadonlyMap<HTMLInputElement, string>;
  /** The checks have run (a date field changed, or the form was submitted): they decide what each field shows. */
  managed: boolean;
  /**
   * May the form reload or submit? On a submit every field is checked, and the first with an error is
   * revealed and focused. A change elsewhere in the form while a date is wrong repeats the error aloud.
   */
  guard: (cause: 'change' | 'submit', control: Element | null) => boolean;
}

interface DateCheckOptions {
  form: HTMLFormElement | null;
  fields: readonly DateCheckField[];
  rules: DateRules;
  t: DateFieldMessages;
  announce: (message: string) => void;
  /** Makes a field visible (opens the dropdown it is in) before it takes focus. */
  reveal: (input: HTMLInputElement) => void;
}

/**
 * The date fields' checks, as a visitor changes them: invalid dates are errors; dates before
 * the minimum or after the maximum are changed to it and marked, with a message; From after To is an error
 * on the field just changed. While an error stands, the form neither reloads nor submits.
 */
export function useDateChecks({ form, fields, rules, t, announce, reveal }: DateCheckOptions): DateChecks {
  const [state, setState] = useState<{ errors: ReadonlyMap<HTMLInputElement, string>; managed: boolean }>({
    errors: new Map(),
    managed: false,
  });
  const blocked = useRef(false);
  const latestErrors = useRef<ReadonlyMap<HTMLInputElement, string>>(new Map());

  const check = useCallback(
    (changed?: HTMLInputElement) => {
      const errors = new Map<HTMLInputElement, string>();
      let isBlocked = false;
      const note = (input: HTMLInputElement, reading: DateReading, orderMessage?: string) => {
        // A date the field can read is shown as the display format writes it (15/06/15 becomes 15/06/2015), so the
        // field, the address and the server all hold the same four-digit year. A clamped date shows its bound.
        const date = reading.status === 'valid' || reading.status === 'clamped' ? formatDisplayDate(reading.date) : undefined;
        if (date !== undefined && input.value !== date) setDateFieldValue(input, date);
        const message = orderMessage ?? dateReadingMessage(reading, t);
        if (message) errors.set(input, message);
      };
      const from = fields.find((field) => field.role === 'from');
      const to = fields.find((field) => field.role === 'to');
      if (from || to) {
        const range = checkDateRange(
          from?.input.value ?? '',
          to?.input.value ?? '',
          rules,
          changed && changed === from?.input ? 'from' : 'to',
        );
        if (from) note(from.input, range.from, range.orderError === 'from' ? t.fromAfterTo : undefined);
        if (to) note(to.input, range.to, range.orderError === 'to' ? t.toBeforeFrom : undefined);
        isBlocked = range.blocked;
      }
      for (const field of fields) {
        if (field === from || field === to) continue;
        const reading = readDateInput(field.input.value, rules);
        note(field.input, reading);
        isBlocked ||= reading.status === 'invalid';
      }
      blocked.current = isBlocked;
      latestErrors.current = errors;
      setState({ errors, managed: true });
      return errors;
    },
    [fields, rules, t],
  );

  // Checked as the field changes (capture: before the form's own change handling decides to reload). Listened for
  // from the first commit, with the latest rules and texts read when a change comes.
  const latest = useLatest({ fields, check, announce });
  useLayoutEffect(() => {
    if (!form) return;
    const onChange = (event: Event) => {
      const { fields, check, announce } = latest.current;
      const input = fields.find((field) => field.input === event.target)?.input;
      if (!input) return;
      const errors = check(input);
      const message = errors.get(input) ?? errors.values().next().value;
      if (message) announce(message);
    };
    form.addEventListener('change', onChange, true);
    return () => form.removeEventListener('change', onChange, true);
  }, [form, latest]);

  const guard = useCallback(
    (cause: 'change' | 'submit', control: Element | null) => {
      if (fields.length === 0) return true;
      if (cause === 'submit') {
        const errors = check();
        if (!blocked.current) return true;
        const first = fields.find((field) => errors.has(field.input))?.input;
        if (first) {
          reveal(first);
          first.focus();
          announce(errors.get(first)!);
        }
        return false;
      }
      if (blocked.current && !fields.some((field) => field.input === control)) {
        const message = latestErrors.current.values().next().value;
        if (message) announce(message);
      }
      return !blocked.current;
    },
    [fields, check, reveal, announce],
  );

  return { errors: state.errors, managed: state.managed, guard };
}
