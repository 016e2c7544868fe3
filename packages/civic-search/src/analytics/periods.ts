/** Time in whole UTC days, hours and months, the units analytics are rolled up by. */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
export function monthOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}
export const monthStartDay = (month: number) => dayOf(Date.UTC(Math.floor(month / 12), month % 12, 1));
export const monthEndDay = (month: number) => monthStartDay(month + 1) - 1;

/**
 * The days from `firstDay` to `lastDay` split into whole calendar months (read from monthly roll-ups) and the days
 * left over at either end (read from daily ones), so a year's report reads about a dozen rows per term, not 365.
 */
export function splitRange(firstDay: number, lastDay: number): { days: [number, number][]; months: [number, number] | undefined } {
  if (lastDay < firstDay) return { days: [], months: undefined };
  let firstMonth = monthOf(firstDay);
  if (monthStartDay(firstMonth) !== firstDay) firstMonth += 1;
  let lastMonth = monthOf(lastDay);
  if (monthEndDay(lastMonth) !== lastDay) lastMonth -= 1;
  if (lastMonth < firstMonth) return { days: [[firstDay, lastDay]], months: undefined };
  const days: [number, number][] = [];
  if (firstDay < monthStartDay(firstMonth)) days.push([firstDay, monthStartDay(firstMonth) - 1]);
  if (lastDay > monthEndDay(lastMonth)) days.push([monthEndDay(lastMonth) + 1, lastDay]);
  return { days, months: [firstMonth, lastMonth] };
}
