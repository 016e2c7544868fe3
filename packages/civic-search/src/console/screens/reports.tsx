/** @jsxImportSource hono/jsx */
import { OTHER_QUERIES } from '../../analytics';
import type { ConsoleScreen } from '../console-env';
import { engineAccess } from '../engine-access';
import { dayFigures, overviewCsv } from '../overview-figures';
import { CONSOLE_PATH, ReportsPage } from '../pages';
import { filterSearch, reportFilter } from '../report-filter';
import { EngineNav, enginePath } from './engine-nav';
import { OverviewSection } from './overview-section';
import { queryPath } from './query';

const REPORT_ROWS = 20;
/** The longest overview, in days: as long as the API's counts report covers. */
const MAX_OVERVIEW_DAYS = 3 * 366;
const DAY_MS = 86_400_000;

/**
 * An engine's overview and reports over a date range and, optionally, one tag: searches, no-result rate and
 * click-through by day (a chart, a table and a CSV download of the same figures), then top queries, queries with no
 * results and queries with results but no clicks, each linked to the query's own page.
 */
export const reportsScreen: ConsoleScreen = (app, services, { signedIn }) => {
  app.get(`${CONSOLE_PATH}/engines/:engine`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { csrfToken } = c.get('session');
    const { analytics, now } = services;
    const filter = reportFilter((name) => c.req.query(name), now());
    const search = filterSearch(filter);
    const page = {
      engine,
      csrfToken,
      ...filter.fields,
      tag: filter.tag,
      nav: <EngineNav engine={engine} current="" />,
      // The catch-all row for a day's terms past the store's bound is no query of its own.
      queryHref: (term: string) => (term === '' || term === OTHER_QUERIES ? undefined : `${queryPath(engine, term)}${search}`),
    };
    const empty = { top: [], noResults: [], noClicks: [] };
    if (!analytics) return c.html(<ReportsPage {...page} {...empty} problem="Analytics are switched off on this service." />);
    const problem = filter.problem ?? overviewTooLong(filter.scope.range);
    if (problem) return c.html(<ReportsPage {...page} {...empty} problem={problem} />, 400);
    const scope = { engine, ...filter.scope, limit: REPORT_ROWS };
    const [counts, top, noResults, noClicks] = await Promise.all([
      analytics.counts({ engine, ...filter.scope, interval: 'day' }),
      analytics.topQueries(scope),
      analytics.topQueries({ ...scope, results: false }),
      analytics.topQueries({ ...scope, results: true, clicks: false }),
    ]);
    const overview = <OverviewSection days={dayFigures(counts)} csvHref={`${enginePath(engine)}/overview.csv${search}`} />;
    return c.html(<ReportsPage {...page} overview={overview} top={top} noResults={noResults} noClicks={noClicks} />);
  });

  // The overview's figures by day for a spreadsheet, for the same range and tag as the page that links here.
  app.get(`${CONSOLE_PATH}/engines/:engine/overview.csv`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { analytics, now } = services;
    const filter = reportFilter((name) => c.req.query(name), now());
    if (!analytics) return c.text('Analytics are switched off on this service.', 404);
    const problem = filter.problem ?? overviewTooLong(filter.scope.range);
    if (problem) return c.text(problem, 400);
    const counts = await analytics.counts({ engine, ...filter.scope, interval: 'day' });
    const name = `${engine}-overview-${filter.fields.from}-to-${filter.fields.to}${filter.tag ? '-tagged' : ''}.csv`;
    return c.body(overviewCsv(dayFigures(counts)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
    });
  });
};

function overviewTooLong(range: { from: number; to: number }): string | undefined {
  return (range.to + 1 - range.from) / DAY_MS > MAX_OVERVIEW_DAYS ? `Choose a range of at most ${MAX_OVERVIEW_DAYS} days.` : undefined;
}
