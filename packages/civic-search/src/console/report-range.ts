/** A report's default range: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ReportRange {
  /** What the form's date fields show. */
  fields: { from: string; to: string };
  /** The range in milliseconds since the epoch, both ends inclusive (whole UTC days). */
  range: { from: number; to: number };
  problem?: string;
}

/**
 * The range a report page asks for, from its `from` and `to` fields (YYYY-MM-DD, UTC days). Missing fields take the
 * last 30 days; a date that is no date, or a range that ends before it starts, is a problem the page shows beside
 * the fields as typed.
 */
export function reportRange(from: string | undefined, to: string | undefined, now: number): ReportRange {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const fields = { from: from ?? isoDay(today - (DEFAULT_REPORT_DAYS - 1) * DAY_MS), to: to ?? isoDay(today) };
  const start = parseDay(fields.from);
  const end = parseDay(fields.to);
  const fallback = { from: today - (DEFAULT_REPORT_DAYS - 1) * DAY_MS, to: today + DAY_MS - 1 };
  if (start === undefined || end === undefined) {
    return { fields, range: fallback, problem: 'Enter the dates as year, month and day, for example 2026-11-28.' };
  }
  if (end < start) return { fields, range: fallback, problem: 'The end date must be the same as or after the start date.' };
  return { fields, range: { from: start, to: end + DAY_MS - 1 } };
}

function parseDay(value: string): number | undefined {
  if (!DATE.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || isoDay(ms) !== value ? undefined : ms;
}
