/** @jsxImportSource hono/jsx */
import { chartDays, clickThrough, noResultRate, percent, totalFigures, type DayFigures } from '../overview-figures';
import { TableScroll } from '../table-scroll';

/** A UTC day as people read it, e.g. "Mon, 2 Nov 2026". */
export const readableDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const count = (value: number) => value.toLocaleString('en');

/**
 * An engine's searches, no-result rate and click-through over the report's range: the totals, a chart (an island:
 * drawn in the browser, from the same figures) and the figures by day as a table, which is the overview itself for
 * screen readers and without JavaScript. The CSV link downloads the table.
 */
/** A range's totals as a description list: searches, no-result rate, the clicks when asked for, click-through. */
export function FigureTotals({ totals, clicks = false }: { totals: Omit<DayFigures, 'day'>; clicks?: boolean }) {
  return (
    <dl class="overview-totals">
      <div>
        <dt>Searches</dt>
        <dd>{count(totals.searches)}</dd>
      </div>
      <div>
        <dt>No-result rate</dt>
        <dd>{percent(noResultRate(totals))}</dd>
      </div>
      {clicks && (
        <div>
          <dt>Clicks</dt>
          <dd>{count(totals.clicks)}</dd>
        </div>
      )}
      <div>
        <dt>Click-through</dt>
        <dd>{percent(clickThrough(totals))}</dd>
      </div>
    </dl>
  );
}

export function OverviewSection({ days, csvHref }: { days: readonly DayFigures[]; csvHref: string }) {
  const totals = totalFigures(days);
  return (
    <section aria-labelledby="overview">
      <h2 id="overview">Overview</h2>
      <FigureTotals totals={totals} />
      <p class="hint">Click-through counts clicks per search: a search whose visitor opened two results counts twice.</p>
      <div class="overview-charts" data-island="overview-chart" data-props={JSON.stringify({ days: chartDays(days) })}>
        <p class="hint">Charts of these figures need JavaScript. The table below has every figure.</p>
      </div>
      <h3 id="overview-days">Figures by day</h3>
      <TableScroll labelledBy="overview-days">
        <table class="figures">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="number">
                Searches
              </th>
              <th scope="col" class="number">
                No results
              </th>
              <th scope="col" class="number">
                No-result rate
              </th>
              <th scope="col" class="number">
                Clicks
              </th>
              <th scope="col" class="number">
                Click-through
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((figures) => (
              <tr>
                <th scope="row">
                  <time datetime={figures.day}>{readableDay(figures.day)}</time>
                </th>
                <td class="number">{count(figures.searches)}</td>
                <td class="number">{figures.noResults === undefined ? 'not recorded' : count(figures.noResults)}</td>
                <td class="number">{percent(noResultRate(figures))}</td>
                <td class="number">{count(figures.clicks)}</td>
                <td class="number">{percent(clickThrough(figures))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        <a href={csvHref} download>
          Download the figures by day (CSV)
        </a>
      </p>
    </section>
  );
}
