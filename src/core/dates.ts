/**
 * Calendar dates of the date filter fields: parsing what a visitor typed, the validity
 * rules, two-digit years, clamping to a minimum and maximum, the From/To order, and formatting.
 *
 * A `CalendarDate` is a day on the calendar with no time and no time zone; months count from 1.
 * Formats use the date picker's tokens: `Y` year (4 digits, or 2 digits read as a two-digit year), `y` two-digit
 * year, `m`/`n` month, `d`/`j` day (one or two digits when reading, zero-padded `m` and `d` when writing);
 * any other character stands for itself.
 */
import { DATE_DISPLAY_FORMAT, DATE_PICKER_DEFAULTS } from './constants';

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

/** Why a text is not a date. */
export type InvalidDateReason = 'format' | 'year' | 'month' | 'day';

/** What a date field holds, read against its accepted formats and its bounds. */
export type DateReading =
  | { status: 'empty' }
  | { status: 'invalid'; reason: InvalidDateReason }
  | { status: 'valid'; date: CalendarDate }
  /** Before the minimum or after the maximum: `date` is the bound, `entered` what was typed. */
  | { status: 'clamped'; date: CalendarDate; entered: CalendarDate; bound: 'min' | 'max' };

export interface DateRules {
  /** Formats accepted besides the display format. Default: the date picker's short format, Y-m-d. */
  formats?: readonly string[];
  min?: CalendarDate;
  max?: CalendarDate;
}

/** A two-digit year above this maps to the 1900s; this one and below to the 2000s. */
const TWO_DIGIT_YEAR_PIVOT = 50;

/** The display format (dd/mm/yyyy) written in the picker's tokens: d/m/Y. */
export const DISPLAY_FORMAT = DATE_DISPLAY_FORMAT.replace(/yyyy/g, 'Y').replace(/yy/g, 'y').replace(/mm/g, 'm').replace(/dd/g, 'd');

/** The accepted input formats when a site configures none. */
export const DEFAULT_INPUT_FORMATS: readonly string[] = Object.freeze([DATE_PICKER_DEFAULTS.dateFormat]);

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 97 → 1997, 51 → 1951, 50 → 2050, 03 → 2003. */
export function expandTwoDigitYear(twoDigits: number): number {
  return twoDigits > TWO_DIGIT_YEAR_PIVOT ? 1900 + twoDigits : 2000 + twoDigits;
}

/** Checks the calendar rules: year 1 to 9999, month 1 to 12, day 1 to the month's length (leap years counted). */
export function validateDate(year: number, month: number, day: number): InvalidDateReason | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return 'year';
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'month';
  if (!Number.isInteger(day) || day < 1 || day > 31 || day > daysInMonth(year, month)) return 'day';
  return null;
}

const TOKEN_PATTERNS: Readonly<Record<string, string>> = {
  Y: '(\\d{4}|\\d{2})',
  y: '(\\d{2})',
  m: '(\\d{1,2})',
  n: '(\\d{1,2})',
  d: '(\\d{1,2})',
  j: '(\\d{1,2})',
};
const FIELD_OF_TOKEN: Readonly<Record<string, 'year' | 'month' | 'day'>> = {
  Y: 'year',
  y: 'year',
  m: 'month',
  n: 'month',
  d: 'day',
  j: 'day',
};

interface CompiledFormat {
  pattern: RegExp;
  fields: Array<{ field: 'year' | 'month' | 'day'; token: string }>;
}

const compiled = new Map<string, CompiledFormat | null>();

/** A format's matcher, or null when the format lacks a year, a month or a day. */
function compileFormat(format: string): CompiledFormat | null {
  if (compiled.has(format)) return compiled.get(format)!;
  const fields: CompiledFormat['fields'] = [];
  let source = '';
  for (const char of format) {
    const token = TOKEN_PATTERNS[char];
    if (token) {
      fields.push({ field: FIELD_OF_TOKEN[char], token: char });
      source += token;
    } else {
      source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  const complete = new Set(fields.map((f) => f.field)).size === 3 && fields.length === 3;
  const result = complete ? { pattern: new RegExp(`^${source}$`), fields } : null;
  compiled.set(format, result);
  return result;
}

/** The numbers a text holds in one format, or null when it does not have that shape. */
function matchFormat(text: string, format: string): { year: number; month: number; day: number } | null {
  const compiledFormat = compileFormat(format);
  const match = compiledFormat?.pattern.exec(text);
  if (!compiledFormat || !match) return null;
  const values = { year: 0, month: 0, day: 0 };
  compiledFormat.fields.forEach(({ field, token }, index) => {
    const digits = match[index + 1];
    const value = Number(digits);
    values[field] = field === 'year' && (token === 'y' || digits.length === 2) ? expandTwoDigitYear(value) : value;
  });
  return values;
}

export type ParseResult = { ok: true; date: CalendarDate } | { ok: false; reason: InvalidDateReason | 'empty' };

/**
 * Reads a date typed in the display format (dd/mm/yyyy, or dd/mm/yy) or one of `formats` (default Y-m-d).
 * The first format that gives a real date wins; when the text has a format's shape but no format gives a
 * real date, the reason is the first such format's (31/04/2024: the day).
 */
export function parseDate(text: string, formats: readonly string[] = DEFAULT_INPUT_FORMATS): ParseResult {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  let firstReason: InvalidDateReason | undefined;
  for (const format of [DISPLAY_FORMAT, ...formats]) {
    const values = matchFormat(trimmed, format);
    if (!values) continue;
    const reason = validateDate(values.year, values.month, values.day);
    if (!reason) return { ok: true, date: values };
    firstReason ??= reason;
  }
  return { ok: false, reason: firstReason ?? 'format' };
}

/** Negative when a is earlier, 0 when the same day, positive when later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function sameDate(a: CalendarDate | undefined, b: CalendarDate | undefined): boolean {
  return a !== undefined && b !== undefined && compareDates(a, b) === 0;
}

/** The date moved into [min, max], and which bound it was moved to. A min after max: max wins. */
export function clampDate(date: CalendarDate, min?: CalendarDate, max?: CalendarDate): { date: CalendarDate; bound: 'min' | 'max' | null } {
  if (max && compareDates(date, max) > 0) return { date: { ...max }, bound: 'max' };
  if (min && compareDates(date, min) < 0) return { date: { ...min }, bound: 'min' };
  return { date, bound: null };
}

/** Reads a date field: empty, invalid (with the rule broken), valid, or clamped to a bound (marked as such). */
export function readDateInput(text: string, rules: DateRules = {}): DateReading {
  const parsed = parseDate(text, rules.formats ?? DEFAULT_INPUT_FORMATS);
  if (!parsed.ok) return parsed.reason === 'empty' ? { status: 'empty' } : { status: 'invalid', reason: parsed.reason };
  const clamped = clampDate(parsed.date, rules.min, rules.max);
  if (clamped.bound === null) return { status: 'valid', date: parsed.date };
  return { status: 'clamped', date: clamped.date, entered: parsed.date, bound: clamped.bound };
}

/** The date a reading stands for (a clamped reading stands for its bound), or undefined. */
export function readingDate(reading: DateReading): CalendarDate | undefined {
  return reading.status === 'valid' || reading.status === 'clamped' ? reading.date : undefined;
}

/** True when both dates are known and From is after To: an error the visitor must see, not an empty list. */
export function isFromAfterTo(from: CalendarDate | undefined, to: CalendarDate | undefined): boolean {
  return from !== undefined && to !== undefined && compareDates(from, to) > 0;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** Writes a date in a format (tokens as above; `Y` writes four digits, `y` two). */
export function formatDate(date: CalendarDate, format: string): string {
  let out = '';
  for (const char of format) {
    switch (char) {
      case 'Y':
        out += pad(date.year, 4);
        break;
      case 'y':
        out += pad(date.year % 100, 2);
        break;
      case 'm':
        out += pad(date.month, 2);
        break;
      case 'n':
        out += String(date.month);
        break;
      case 'd':
        out += pad(date.day, 2);
        break;
      case 'j':
        out += String(date.day);
        break;
      default:
        out += char;
    }
  }
  return out;
}

/** dd/mm/yyyy. */
export const formatDisplayDate = (date: CalendarDate): string => formatDate(date, DISPLAY_FORMAT);
/** yyyy-mm-dd, for `datetime` attributes and comparisons with stored dates. */
export const formatIsoDate = (date: CalendarDate): string => formatDate(date, 'Y-m-d');

/** Reads a stored yyyy-mm-dd date strictly (no two-digit years, no other formats). */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text ?? '').trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return validateDate(year, month, day) ? undefined : { year, month, day };
}

/** A JavaScript Date's local calendar day. */
export function fromJsDate(value: Date): CalendarDate {
  return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
}

/** A local JavaScript Date on that day, at the picker's default hour (noon: clear of daylight-saving shifts). */
export function toJsDate(date: CalendarDate, hour: number = DATE_PICKER_DEFAULTS.defaultHour): Date {
  const value = new Date(2000, 0, 1, hour);
  value.setFullYear(date.year, date.month - 1, date.day);
  return value;
}

/** The From and To fields of a date range, read together. */
export interface DateRangeCheck {
  from: DateReading;
  to: DateReading;
  /** The field that shows the From-after-To error (the one the visitor just changed), if there is one. */
  orderError?: 'from' | 'to';
  /** An invalid date or From after To: the range must not be applied. Clamped dates can be. */
  blocked: boolean;
}

/**
 * Reads a From/To pair. `changed` names the field the visitor just changed: a From-after-To error is shown
 * there (by default on To, as a server does when both arrive at once).
 */
export function checkDateRange(fromText: string, toText: string, rules: DateRules = {}, changed: 'from' | 'to' = 'to'): DateRangeCheck {
  const from = readDateInput(fromText, rules);
  const to = readDateInput(toText, rules);
  const orderError = isFromAfterTo(readingDate(from), readingDate(to)) ? changed : undefined;
  const blocked = from.status === 'invalid' || to.status === 'invalid' || orderError !== undefined;
  return orderError ? { from, to, orderError, blocked } : { from, to, blocked };
}
