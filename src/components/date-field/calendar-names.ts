/**
 * Month and weekday names in the page's language, from the browser's Intl data: the picker's own views and
 * flatpickr's day view use the same words, and a translated page in a language the browser knows needs no list of
 * names. For a language it does not know, the site's i18n lists are used (see src/core/calendar-names.ts).
 */
import { chooseCalendarNames, type CalendarNames, type GivenCalendarNames } from '../../core/calendar-names';

export type { CalendarNames } from '../../core/calendar-names';

type BrowserNames = Omit<CalendarNames, 'firstDayOfWeek'>;

const cache = new Map<string, BrowserNames>();

function names(lang: string, count: number, dateOf: (index: number) => number, options: Intl.DateTimeFormatOptions): string[] {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
  } catch {
    formatter = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
  }
  return Array.from({ length: count }, (_, index) => formatter.format(dateOf(index)));
}

/** Whether the browser has date words for the language (else Intl quietly answers in its own default). */
export function browserKnowsLanguage(lang: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([lang]).length > 0;
  } catch {
    return false;
  }
}

function browserNames(lang: string): BrowserNames {
  const cached = cache.get(lang);
  if (cached) return cached;
  const month = (index: number) => Date.UTC(2024, index, 15);
  // 7 January 2024 was a Sunday: weekdays start on Sunday, as flatpickr counts them.
  const weekday = (index: number) => Date.UTC(2024, 0, 7 + index);
  const result = {
    months: names(lang, 12, month, { month: 'long' }),
    monthsShort: names(lang, 12, month, { month: 'short' }),
    weekdays: names(lang, 7, weekday, { weekday: 'long' }),
    weekdaysShort: names(lang, 7, weekday, { weekday: 'short' }),
  };
  cache.set(lang, result);
  return result;
}

/**
 * The picker's names for a page language: the site's lists where given (whole), else the browser's. Lists that
 * cannot be used, and a language the browser lacks with no lists given, are reported to the console once per
 * field, naming the i18n keys that fix it.
 */
export function calendarNames(lang: string, given: GivenCalendarNames = {}, elementName = 'doc-filters'): CalendarNames {
  const { names: chosen, problems } = chooseCalendarNames(browserNames(lang), given);
  for (const problem of problems) console.warn(`<${elementName}> i18n ${problem}; the browser's words are used instead.`);
  if (!given.monthNames?.trim() && !browserKnowsLanguage(lang)) {
    console.warn(
      `<${elementName}>: this browser has no month or weekday names for lang="${lang}"; the date picker shows its own ` +
        'language. Give them with the i18n keys monthNames, monthNamesShort, weekdayNames and weekdayNamesShort.',
    );
  }
  return chosen;
}
