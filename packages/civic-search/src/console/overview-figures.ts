import { toCsv } from '../analytics/csv';
import type { CountRow } from '../analytics/types';

/** One day of an engine's overview. */
export interface DayFigures {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  searches: number;
  /** Searches that found nothing; absent where the store cannot know (searches recorded before it counted them). */
  noResults?: number;
  clicks: number;
}

/** What the overview's chart draws for a day: rates as fractions, null where there is nothing to divide. */
export interface ChartDay {
  day: string;
  searches: number;
  noResultRate: number | null;
  clickThrough: number | null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The store's daily counts as the overview's days. */
export const dayFigures = (rows: readonly CountRow[]): DayFigures[] =>
  rows.map((row) => ({
    day: isoDay(row.from),
    searches: row.queries,
    ...(row.found !== undefined && { noResults: row.queries - row.found }),
    clicks: row.clicks,
  }));

/** The share of searches that found nothing (undefined on a day without searches, or where it is not known). */
export const noResultRate = (figures: Pick<DayFigures, 'searches' | 'noResults'>) =>
  figures.searches === 0 || figures.noResults === undefined ? undefined : figures.noResults / figures.searches;

/**
 * Click-through: clicks per search, as App Search's dashboard counts it (a search whose visitor opened two results
 * counts twice, so a day can pass 100%). Undefined on a day without searches.
 */
export const clickThrough = (figures: Pick<DayFigures, 'searches' | 'clicks'>) =>
  figures.searches === 0 ? undefined : figures.clicks / figures.searches;

/** The range's totals: the no-result count only where every day's is known. */
export function totalFigures(days: readonly DayFigures[]): Omit<DayFigures, 'day'> {
  const searches = days.reduce((sum, day) => sum + day.searches, 0);
  const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
  const known = days.every((day) => day.noResults !== undefined || day.searches === 0);
  return { searches, clicks, ...(known && { noResults: days.reduce((sum, day) => sum + (day.noResults ?? 0), 0) }) };
}

/** A rate as people read it: one decimal place, '–' where there is none. */
export const percent = (rate: number | undefined) => (rate === undefined ? '–' : `${(rate * 100).toFixed(1)}%`);

export const chartDays = (days: readonly DayFigures[]): ChartDay[] =>
  days.map((figures) => ({
    day: figures.day,
    searches: figures.searches,
    noResultRate: noResultRate(figures) ?? null,
    clickThrough: clickThrough(figures) ?? null,
  }));

/** The overview as CSV for a spreadsheet: rates in per cent with one decimal, empty where there is none. */
export function overviewCsv(days: readonly DayFigures[]): string {
  const share = (rate: number | undefined) => (rate === undefined ? '' : Number((rate * 100).toFixed(1)));
  return toCsv(
    ['date', 'searches', 'searches_without_results', 'no_result_rate_percent', 'clicks', 'click_through_percent'],
    days.map((figures) => [
      figures.day,
      figures.searches,
      figures.noResults ?? '',
      share(noResultRate(figures)),
      figures.clicks,
      share(clickThrough(figures)),
    ]),
  );
}
