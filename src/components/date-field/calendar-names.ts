/**
 * Month and weekday names in the page's language, from the browser's Intl data: the picker's own views and
 * flatpickr's day view use the same words, and a translated page needs no list of names.
 */
export interface CalendarNames {
  months: string[];
  monthsShort: string[];
  weekdays: string[];
  weekdaysShort: string[];
}

const cache = new Map<string, CalendarNames>();

function names(lang: string, count: number, dateOf: (index: number) => number, options: Intl.DateTimeFormatOptions): string[] {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
  } catch {
    formatter = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
  }
  return Array.from({ length: count }, (_, index) => formatter.format(dateOf(index)));
}

export function calendarNames(lang: string): CalendarNames {
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

/** The language of the page around an element ("en" when nothing says). */
export function languageOf(element: Element): string {
  return element.closest('[lang]')?.getAttribute('lang')?.trim() || 'en';
}
