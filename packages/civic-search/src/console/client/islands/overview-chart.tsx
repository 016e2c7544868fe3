/**
 * The overview's charts: searches, no-result rate and click-through by day, each a line over the report's range,
 * drawn as SVG from the same figures as the table under them (which stays the overview for screen readers: each
 * chart is one image with a name saying what it shows and where to read the figures).
 */
import { createRoot } from 'react-dom/client';
import type { ChartDay } from '../../overview-figures';
import type { MountIsland } from '../island';
import { LineChart } from '../line-chart';

const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const count = (value: number) => value.toLocaleString('en');
const share = (value: number) => `${Math.round(value * 100)}%`;

function isChartDay(value: unknown): value is ChartDay {
  const day = value as ChartDay;
  const rate = (rate: unknown) => rate === null || typeof rate === 'number';
  return typeof day?.day === 'string' && typeof day.searches === 'number' && rate(day.noResultRate) && rate(day.clickThrough);
}

function OverviewCharts({ days }: { days: readonly ChartDay[] }) {
  const labels = days.map((day) => dayLabel(day.day));
  return (
    <>
      <LineChart title="Searches per day" labels={labels} values={days.map((day) => day.searches)} format={count} scaleAtLeast={4} />
      <LineChart title="No-result rate" labels={labels} values={days.map((day) => day.noResultRate)} format={share} scaleAtLeast={0.1} />
      <LineChart title="Click-through" labels={labels} values={days.map((day) => day.clickThrough)} format={share} scaleAtLeast={0.1} />
    </>
  );
}

const mount: MountIsland = (element, props) => {
  const days = (props as { days?: unknown }).days;
  if (!Array.isArray(days) || !days.every(isChartDay)) throw new Error('The overview chart needs a list of days.');
  createRoot(element).render(<OverviewCharts days={days} />);
};
export default mount;
