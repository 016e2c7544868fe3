import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

/** The drawing's own units: the SVG scales to its column, and at the column widths the console has its text stays 12-15 px. */
const WIDTH = 300;
const HEIGHT = 170;
const MARGIN = { top: 10, right: 12, bottom: 26, left: 44 };
/** With more points than this, dots would crowd the line: only the line is drawn. */
const MAX_DOTS = 45;

interface LineChartProps {
  title: string;
  /** One label per point, in order (days). */
  labels: readonly string[];
  /** One value per point; null where there is none (the line breaks there). */
  values: readonly (number | null)[];
  format: (value: number) => string;
  /**
   * The vertical axis reaches at least this, so a flat line near zero does not fill the chart (and, for counts, its
   * ticks stay whole numbers).
   */
  scaleAtLeast: number;
}

/**
 * A line chart of one series as SVG: a vertical axis with a few round ticks, the first and last labels along the
 * bottom, and a break in the line where a value is missing. Named as one image for assistive technology; the page's
 * table holds its figures.
 */
export function LineChart({ title, labels, values, format, scaleAtLeast }: LineChartProps) {
  const known = values.filter((value): value is number => value !== null);
  const highest = Math.max(scaleAtLeast, ...known);
  const x = scaleLinear()
    .domain([0, Math.max(values.length - 1, 1)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear().domain([0, highest]).nice(4).range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<number | null>()
    .defined((value) => value !== null)
    .x((_, index) => x(index))
    .y((value) => y(value ?? 0))(values);
  const summary =
    known.length === 0
      ? `${title}: nothing to show in this range.`
      : `${title}, ${labels[0]} to ${labels[labels.length - 1]}: lowest ${format(Math.min(...known))}, highest ${format(Math.max(...known))}. The table below has every figure.`;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={summary} focusable="false">
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#dfe1e2" />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="12" fill="#454545">
              {format(tick)}
            </text>
          </g>
        ))}
        {labels.length > 0 && (
          <>
            <text x={x(0)} y={HEIGHT - 8} fontSize="12" fill="#454545">
              {labels[0]}
            </text>
            {labels.length > 1 && (
              <text x={x(labels.length - 1)} y={HEIGHT - 8} textAnchor="end" fontSize="12" fill="#454545">
                {labels[labels.length - 1]}
              </text>
            )}
          </>
        )}
        {path && <path d={path} fill="none" stroke="#005ea2" strokeWidth="2" strokeLinejoin="round" />}
        {values.length <= MAX_DOTS &&
          values.map((value, index) => (value === null ? null : <circle key={index} cx={x(index)} cy={y(value)} r="2.5" fill="#005ea2" />))}
      </svg>
    </figure>
  );
}
