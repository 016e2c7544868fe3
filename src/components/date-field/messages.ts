/**
 * The date fields' English strings: the element's i18n keys, and the wording a server uses for the same errors
 * when a visitor without JavaScript submits the form. Plain data, safe to import on the server.
 */
import { format } from '../../core/i18n';
import { formatDisplayDate, type DateReading, type InvalidDateReason } from '../../core/dates';

export const dateFieldMessages = {
  /** The picker button; `{field}` is the field's label ("From"). */
  pickerButton: 'Choose date',
  pickerButtonField: 'for {field}',
  pickerLabel: 'Choose a date for {field}',
  closePicker: 'Close',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousYears: 'Previous {span} years',
  nextYears: 'Next {span} years',
  /** After the month and year in the day view's heading button. */
  showMonths: 'choose a month',
  /** After the year in the month view's heading button. */
  showYears: 'choose a year',
  monthsOf: 'Months of {year}',
  yearsFromTo: 'Years {from} to {to}',
  dayViewOpened: '{month} {year}. Use the arrow keys to choose a day.',
  monthViewOpened: 'Months of {year}. Use the arrow keys to choose a month.',
  yearViewOpened: 'Years {from} to {to}. Use the arrow keys to choose a year.',
  invalidFormat: 'Enter a date as day/month/year, for example 27/03/2024',
  invalidDay: 'Enter a day that exists in that month, for example 27/03/2024',
  invalidMonth: 'Enter a month from 1 to 12, for example 27/03/2024',
  invalidYear: 'Enter a real year, for example 27/03/2024',
  beforeMin: 'The earliest date you can use is {min}, so the date has been changed to {min}',
  afterMax: 'The latest date you can use is {max}, so the date has been changed to {max}',
  fromAfterTo: 'The From date must be the same as or before the To date',
  toBeforeFrom: 'The To date must be the same as or after the From date',
  errorPrefix: 'Error:',
  /**
   * The picker's month and weekday names, comma-separated (January first, Sunday first), for a page language the
   * browser has no date words for. Empty: the browser's names in the page's language.
   */
  monthNames: '',
  monthNamesShort: '',
  weekdayNames: '',
  weekdayNamesShort: '',
  /** The day grid's first column: 0 (Sunday) to 6 (Saturday). Empty: Sunday. */
  firstDayOfWeek: '',
};

export type DateFieldMessages = typeof dateFieldMessages;

const INVALID_KEYS: Readonly<Record<InvalidDateReason, keyof DateFieldMessages>> = {
  format: 'invalidFormat',
  day: 'invalidDay',
  month: 'invalidMonth',
  year: 'invalidYear',
};

/** The message for a reading of one field, or undefined when it is empty or valid. */
export function dateReadingMessage(reading: DateReading, t: DateFieldMessages): string | undefined {
  if (reading.status === 'invalid') return t[INVALID_KEYS[reading.reason]];
  if (reading.status === 'clamped') {
    const value = formatDisplayDate(reading.date);
    return reading.bound === 'min' ? format(t.beforeMin, { min: value }) : format(t.afterMax, { max: value });
  }
  return undefined;
}
