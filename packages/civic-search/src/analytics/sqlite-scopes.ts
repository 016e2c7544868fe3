import { dayOf, splitRange } from './periods';
import type { DateRange, ReportScope } from './types';

/** How long a roll-up row covers: one UTC day, or one calendar month. */
export const DAILY = 0;
export const MONTHLY = 1;

/** Part of a WHERE clause and the values of its placeholders. */
export interface Scope {
  sql: string;
  args: unknown[];
  /** How many roll-up periods (days and months) the scope covers. */
  periods: number;
}

/**
 * The roll-up rows inside a report's date range. With `monthly` (the default), whole calendar months are read from
 * monthly rows and the days left at either end from daily ones; without it every day is read from daily rows, which
 * answers the same totals more slowly (what the tiers are checked against).
 */
export function periodScope(range: DateRange, monthly = true): Scope {
  const firstDay = dayOf(range.from);
  const lastDay = dayOf(range.to);
  if (!monthly) {
    return lastDay < firstDay
      ? { sql: '0', args: [], periods: 0 }
      : { sql: `(period = ${DAILY} AND start BETWEEN ? AND ?)`, args: [firstDay, lastDay], periods: lastDay - firstDay + 1 };
  }
  const { days, months } = splitRange(firstDay, lastDay);
  const parts: string[] = [];
  const args: unknown[] = [];
  let periods = 0;
  for (const [first, last] of days) {
    parts.push(`(period = ${DAILY} AND start BETWEEN ? AND ?)`);
    args.push(first, last);
    periods += last - first + 1;
  }
  if (months) {
    parts.push(`(period = ${MONTHLY} AND start BETWEEN ? AND ?)`);
    args.push(months[0], months[1]);
    periods += months[1] - months[0] + 1;
  }
  return { sql: parts.length ? `(${parts.join(' OR ')})` : '0', args, periods };
}

/** Tag conditions over a row's tags (a JSON array): all of, any of, none of. */
export function tagScope(scope: Pick<ReportScope, 'allTags' | 'anyTags' | 'noTags'>): Omit<Scope, 'periods'> {
  const parts: string[] = [];
  const args: unknown[] = [];
  for (const tag of scope.allTags ?? []) {
    parts.push('EXISTS (SELECT 1 FROM json_each(tags) WHERE value = ?)');
    args.push(tag);
  }
  if (scope.anyTags?.length) {
    parts.push(`EXISTS (SELECT 1 FROM json_each(tags) WHERE value IN (${scope.anyTags.map(() => '?').join(', ')}))`);
    args.push(...scope.anyTags);
  }
  if (scope.noTags?.length) {
    parts.push(`NOT EXISTS (SELECT 1 FROM json_each(tags) WHERE value IN (${scope.noTags.map(() => '?').join(', ')}))`);
    args.push(...scope.noTags);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', args };
}
