/** @jsxImportSource hono/jsx */
import type { ConsoleScreen } from '../console-env';
import { engineAccess } from '../engine-access';
import { CONSOLE_PATH, ReportsPage } from '../pages';
import { reportRange } from '../report-range';

const REPORT_ROWS = 20;

/** An engine's reports over a date range: top queries, queries with no results, queries with no clicks. */
export const reportsScreen: ConsoleScreen = (app, services, { signedIn }) => {
  app.get(`${CONSOLE_PATH}/engines/:engine`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { csrfToken } = c.get('session');
    const { analytics, now } = services;
    const range = reportRange(c.req.query('from'), c.req.query('to'), now());
    const empty = { top: [], noResults: [], noClicks: [] };
    if (!analytics) {
      return c.html(<ReportsPage engine={engine} csrfToken={csrfToken} {...range.fields} {...empty} problem="Analytics are switched off on this service." />);
    }
    if (range.problem) return c.html(<ReportsPage engine={engine} csrfToken={csrfToken} {...range.fields} {...empty} problem={range.problem} />, 400);
    const scope = { engine, range: range.range, limit: REPORT_ROWS };
    const [top, noResults, noClicks] = await Promise.all([
      analytics.topQueries(scope),
      analytics.topQueries({ ...scope, results: false }),
      analytics.topQueries({ ...scope, results: true, clicks: false }),
    ]);
    return c.html(<ReportsPage engine={engine} csrfToken={csrfToken} {...range.fields} top={top} noResults={noResults} noClicks={noClicks} />);
  });
};
