/**
 * Dates as pages and files write them, turned into the ISO 8601 date-time the engine's date fields take. Only
 * forms that say one moment unambiguously are read: ISO 8601 dates and date-times (what meta tags, `<time
 * datetime>` and sitemaps use) and PDF's date strings. Anything else, and impossible dates (a 13th month), give
 * undefined, never an error: a bad date on one page must not stop its indexing.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const PDF_DATE = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z|[+-])(\d{2})?'?(\d{2})?'?)?$/;
/** Years a real document can carry: a date outside is a placeholder or a typo. */
const EARLIEST_YEAR = 1800;
const LATEST_YEAR = 2200;

/** Offset in minutes from "Z", "+13", "+1300" or "+13:00". */
function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

/** The moment, when every part is in range (no 31 February); the time is UTC less the offset. */
function moment(parts: { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number; offset: number }): string | undefined {
  const { year, month, day, hour, minute, second, ms, offset } = parts;
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || day < 1) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || Math.abs(offset) > 14 * 60) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
  return new Date(time).toISOString();
}

/** An ISO 8601 date or date-time (a date alone is midnight UTC; a time without an offset is taken as UTC). */
export function normaliseDate(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length > 40) return undefined;
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
  return moment({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    ms: Math.floor(Number(`0.${fraction}`) * 1000),
    offset: offsetMinutes(zone),
  });
}

/** A PDF date string ("D:20250314093000+13'00'", parts after the year optional), or an ISO one (XMP's). */
export function normalisePdfDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length > 40) return undefined;
  const match = PDF_DATE.exec(text);
  if (!match) return normaliseDate(text);
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, zoneHours = '00', zoneMinutes = '00'] = match;
  const offset = !sign || sign === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
  return moment({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    ms: 0,
    offset,
  });
}

/** The first of the candidates that is a date, normalised. */
export function firstDate(candidates: Iterable<string | null | undefined>): string | undefined {
  for (const candidate of candidates) {
    const date = normaliseDate(candidate);
    if (date) return date;
  }
  return undefined;
}
