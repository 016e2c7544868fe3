/**
 * The heavy part of the date fields, loaded on demand (see load-date-tools.ts): the dd/mm/yyyy input mask
 * (imask, pattern masks only) and the day view of the picker (flatpickr, inline, inside our own panel).
 */
import IMask from 'imask/holder';
import 'imask/masked/pattern';
import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { CustomLocale } from 'flatpickr/dist/types/locale';
import { DATE_DISPLAY_FORMAT, DATE_PICKER_DEFAULTS } from '../../core/constants';
import { fromJsDate, toJsDate, type CalendarDate } from '../../core/dates';
import type { CalendarNames } from './calendar-names';
import type { FieldMask } from './field-value';

/** dd/mm/yyyy as an imask pattern: a digit for each letter, the separators fixed. */
export const DATE_MASK = DATE_DISPLAY_FORMAT.replace(/[dmy]/gi, '0');

/** Masks a text field as dd/mm/yyyy: only digits are accepted, the slashes are put in as they are typed. */
export function attachMask(input: HTMLInputElement): FieldMask {
  const mask = IMask(input, { mask: DATE_MASK, lazy: true });
  return {
    get value() {
      return mask.value;
    },
    setValue(text: string) {
      mask.value = text;
    },
    sync() {
      // Typed again through the mask: "1203" becomes "12/03".
      mask.value = input.value;
    },
    destroy() {
      mask.destroy();
    },
  };
}

export interface CalendarOptions {
  names: CalendarNames;
  min?: CalendarDate;
  max?: CalendarDate;
  /** A day was chosen (click, Enter or Space). */
  onPick: (date: CalendarDate) => void;
  /** The month shown changed (month 1 to 12). */
  onShow: (year: number, month: number) => void;
}

export interface Calendar {
  /** Shows a month (1 to 12) of a year. */
  show(year: number, month: number): void;
  /** Moves the month shown by a number of months. */
  move(months: number): void;
  /** Marks the chosen day (or none), without telling `onPick`. */
  select(date: CalendarDate | undefined): void;
  /** Puts focus on the chosen day, else today, else the first day that can be chosen, of the month shown. */
  focusDay(): void;
  destroy(): void;
}

const DAY = '.flatpickr-day';
const OUTSIDE_MONTH = '.prevMonthDay, .nextMonthDay';

function locale(names: CalendarNames): CustomLocale {
  return {
    firstDayOfWeek: names.firstDayOfWeek,
    weekdays: { shorthand: names.weekdaysShort, longhand: names.weekdays } as CustomLocale['weekdays'],
    months: { shorthand: names.monthsShort, longhand: names.months } as CustomLocale['months'],
  };
}

/**
 * flatpickr's day grid, inline in `host`. Its own month navigation is hidden (the panel has focusable
 * buttons instead); its days become buttons (Enter and Space choose), disabled days say so, and exactly one
 * day is in the tab order, so Tab reaches the grid and the arrow keys move within it.
 */
export function createCalendar(host: HTMLElement, options: CalendarOptions): Calendar {
  // flatpickr needs an input to belong to; ours is never shown, never focused and never submitted (no name).
  const anchor = document.createElement('input');
  anchor.type = 'hidden';
  anchor.hidden = true;
  anchor.tabIndex = -1;
  host.append(anchor);

  let instance: Instance | undefined;
  const days = () => Array.from(host.querySelectorAll<HTMLElement>(DAY));
  const inMonth = (day: HTMLElement) => !day.matches(OUTSIDE_MONTH) && !day.classList.contains('flatpickr-disabled');
  const preferredDay = () =>
    days().find((day) => day.classList.contains('selected') && inMonth(day)) ??
    days().find((day) => day.classList.contains('today') && inMonth(day)) ??
    days().find(inMonth) ??
    days().find((day) => !day.classList.contains('flatpickr-disabled'));

  /** One tab stop in the grid: the focused day, else the preferred one. */
  const markTabStop = (focused?: HTMLElement) => {
    const stop = focused ?? preferredDay();
    for (const day of days()) day.tabIndex = day === stop ? 0 : -1;
  };
  const shown = () => {
    if (!instance) return;
    markTabStop();
    options.onShow(instance.currentYear, instance.currentMonth + 1);
  };

  instance = flatpickr(anchor, {
    inline: true,
    appendTo: host,
    disableMobile: true,
    monthSelectorType: 'static',
    dateFormat: DATE_PICKER_DEFAULTS.dateFormat,
    defaultHour: DATE_PICKER_DEFAULTS.defaultHour,
    minuteIncrement: DATE_PICKER_DEFAULTS.minuteIncrement,
    locale: locale(options.names),
    ariaDateFormat: 'l j F Y',
    minDate: options.min ? toJsDate(options.min, 0) : undefined,
    maxDate: options.max ? toJsDate(options.max) : undefined,
    onDayCreate: (_dates, _text, _self, day: HTMLElement) => {
      day.setAttribute('role', 'button');
      if (day.classList.contains('flatpickr-disabled')) day.setAttribute('aria-disabled', 'true');
    },
    onChange: (dates) => {
      if (dates[0]) options.onPick(fromJsDate(dates[0]));
    },
    onMonthChange: shown,
    onYearChange: shown,
  }) as Instance;

  const calendarElement = instance.calendarContainer;
  calendarElement.querySelector<HTMLElement>('.flatpickr-months')?.setAttribute('hidden', '');
  calendarElement.querySelector('.flatpickr-weekdays')?.setAttribute('aria-hidden', 'true');
  calendarElement.removeAttribute('tabindex');

  const onKeyDown = (event: KeyboardEvent) => {
    const day = event.target instanceof HTMLElement && event.target.matches(DAY) ? event.target : null;
    if (!day) return;
    if (event.key === 'Tab' && event.shiftKey) {
      // flatpickr sends Shift+Tab from a day to its own input, which here is hidden: let the browser move focus.
      event.stopPropagation();
    } else if (event.key === ' ') {
      event.preventDefault();
      if (!day.classList.contains('flatpickr-disabled')) day.click();
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target.matches(DAY)) markTabStop(event.target);
  };
  host.addEventListener('keydown', onKeyDown, true);
  host.addEventListener('focusin', onFocusIn);
  markTabStop();

  return {
    show(year, month) {
      instance?.changeYear(year);
      instance?.changeMonth(month - 1, false);
      shown();
    },
    move(months) {
      instance?.changeMonth(months, true);
      shown();
    },
    select(date) {
      if (!instance) return;
      if (date) instance.setDate(toJsDate(date), false);
      else instance.clear(false);
      markTabStop();
    },
    focusDay() {
      markTabStop();
      preferredDay()?.focus();
    },
    destroy() {
      host.removeEventListener('keydown', onKeyDown, true);
      host.removeEventListener('focusin', onFocusIn);
      instance?.destroy();
      instance = undefined;
      anchor.remove();
    },
  };
}
