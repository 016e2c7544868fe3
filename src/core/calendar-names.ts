/**
 * The date picker's words: month and weekday names, and the first day of the week. A browser knows them for the
 * languages its date data covers; for others (te reo Māori, Welsh, Irish, Scottish Gaelic in Chromium) a site
 * gives them as text, one comma-separated list per kind. Framework-free: the browser's names arrive as plain data.
 */
import { DATE_PICKER_DEFAULTS } from './constants';

export interface CalendarNames {
  /** January first. */
  months: string[];
  monthsShort: string[];
  /** Sunday first, as the picker counts weekdays. */
  weekdays: string[];
  weekdaysShort: string[];
  /** 0 for Sunday to 6 for Saturday: the first column of the day grid. */
  firstDayOfWeek: number;
}

/** The lists a site may give, named as its i18n keys are (empty text: not given). */
export interface GivenCalendarNames {
  monthNames?: string;
  monthNamesShort?: string;
  weekdayNames?: string;
  weekdayNamesShort?: string;
  firstDayOfWeek?: string;
}

export interface CalendarNamesReading {
  names: CalendarNames;
  /** What was given but could not be used, for the console: `monthNames: 11 names, 12 needed`. */
  problems: string[];
}

const MONTH_COUNT = 12;
const WEEKDAY_COUNT = 7;

/**
 * A comma-separated list of exactly `count` names, trimmed. Undefined when nothing was given; a problem when the
 * count is wrong or a name is empty, so a list missing a month never shifts every month after it.
 */
export function parseNameList(text: string | undefined, count: number): { names?: string[]; problem?: string } {
  if (!text?.trim()) return {};
  const names = text.split(',').map((name) => name.trim());
  if (names.length !== count) return { problem: `${names.length} names, ${count} needed` };
  if (names.some((name) => name === '')) return { problem: 'an empty name' };
  return { names };
}

/** "0" (Sunday) to "6" (Saturday); anything else is a problem, and the default is kept. */
export function parseFirstDayOfWeek(text: string | undefined): { day?: number; problem?: string } {
  if (!text?.trim()) return {};
  const trimmed = text.trim();
  if (!/^[0-6]$/.test(trimmed)) return { problem: `"${trimmed}" is not a day from 0 (Sunday) to 6 (Saturday)` };
  return { day: Number(trimmed) };
}

/**
 * The names the picker uses: each list the site gave (when it is whole), else the browser's. A short list not given
 * falls back to the site's long list before the browser's, so a page in a language the browser lacks never mixes
 * its own long names with English short ones. The first day of the week is the site's, else the picker's default.
 */
export function chooseCalendarNames(browser: Omit<CalendarNames, 'firstDayOfWeek'>, given: GivenCalendarNames = {}): CalendarNamesReading {
  const problems: string[] = [];
  const list = (key: Exclude<keyof GivenCalendarNames, 'firstDayOfWeek'>, count: number) => {
    const { names, problem } = parseNameList(given[key], count);
    if (problem) problems.push(`${key}: ${problem}`);
    return names;
  };
  const months = list('monthNames', MONTH_COUNT);
  const monthsShort = list('monthNamesShort', MONTH_COUNT);
  const weekdays = list('weekdayNames', WEEKDAY_COUNT);
  const weekdaysShort = list('weekdayNamesShort', WEEKDAY_COUNT);
  const first = parseFirstDayOfWeek(given.firstDayOfWeek);
  if (first.problem) problems.push(`firstDayOfWeek: ${first.problem}`);
  return {
    names: {
      months: months ?? [...browser.months],
      monthsShort: monthsShort ?? months ?? [...browser.monthsShort],
      weekdays: weekdays ?? [...browser.weekdays],
      weekdaysShort: weekdaysShort ?? weekdays ?? [...browser.weekdaysShort],
      firstDayOfWeek: first.day ?? DATE_PICKER_DEFAULTS.firstDayOfWeek,
    },
    problems,
  };
}
