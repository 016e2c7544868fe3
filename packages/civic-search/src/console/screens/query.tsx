/** @jsxImportSource hono/jsx */
import type { ApiResult } from 'civic-elements/core';
import type { ConsoleScreen, ConsoleServices } from '../console-env';
import { REQUEST_LIMITS } from '../../search-proxy/limits';
import { engineAccess } from '../engine-access';
import { dayFigures, totalFigures } from '../overview-figures';
import { CONSOLE_PATH } from '../pages';
import { filterSearch, reportFilter } from '../report-filter';
import { enginePath } from './engine-nav';
import { QueryPage, type ShownResult } from './query-page';

/** How many results the page shows: the first page a visitor sees. */
const RESULTS_SHOWN = 10;
/** How many clicked results the page lists. */
const CLICKED_SHOWN = 50;

/** The page of one query of an engine. */
export const queryPath = (engine: string, query: string) => `${enginePath(engine)}/queries/${encodeURIComponent(query)}`;

/** A text field of a result, as its raw value. */
function textField(result: ApiResult, name: string): string | undefined {
  const field = result[name] as { raw?: unknown } | undefined;
  return typeof field?.raw === 'string' ? field.raw : undefined;
}

/**
 * The first page of results a visitor gets for `query` now, with the engine's saved rules: a preview with an empty
 * draft, so looking records no search. A failure is the page's to show, not an error page.
 */
async function resultsNow(services: ConsoleServices, engine: string, query: string): Promise<{ results: ShownResult[]; total: number } | { problem: string }> {
  if (!services.preview) return { problem: 'This service cannot show results in the console.' };
  // The preview goes past the proxy and its checks: a query the proxy would refuse is not searched here either.
  if (query.length > REQUEST_LIMITS.queryMaxLength) return { problem: `No visitor can search for this: a query has at most ${REQUEST_LIMITS.queryMaxLength} characters.` };
  try {
    const answer = await services.preview(engine, { query, page: { size: RESULTS_SHOWN, current: 1 } }, {});
    return {
      total: answer.meta.page.total_results,
      results: answer.results.map((result) => ({
        id: result._meta.id,
        title: textField(result, 'title'),
        url: textField(result, 'url'),
      })),
    };
  } catch (error) {
    return { problem: `The results could not be fetched: ${(error as Error).message}` };
  }
}

/**
 * One query's page: its searches, no-result rate and clicks over the report's range and tag; the results a visitor
 * sees for it now; and which results were clicked, with where each stands now.
 */
export const queryScreen: ConsoleScreen = (app, services, { signedIn }) => {
  app.get(`${CONSOLE_PATH}/engines/:engine/queries/:query`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const query = c.req.param('query');
    const { csrfToken } = c.get('session');
    const { analytics, now } = services;
    const filter = reportFilter((name) => c.req.query(name), now());
    const page = { engine, query, csrfToken, ...filter.fields, tag: filter.tag, reportsHref: `${enginePath(engine)}${filterSearch(filter)}` };
    const visible = await resultsNow(services, engine, query);
    const shown = 'problem' in visible ? { resultsProblem: visible.problem, results: [], total: 0 } : visible;
    const problem = !analytics ? 'Analytics are switched off on this service.' : filter.problem;
    if (!analytics || problem) return c.html(<QueryPage {...page} {...shown} problem={problem} clicked={[]} />, analytics ? 400 : 200);
    const scope = { engine, ...filter.scope };
    const [counts, clicked] = await Promise.all([
      analytics.counts({ ...scope, interval: 'day', query }),
      analytics.topClicks({ ...scope, query, limit: CLICKED_SHOWN }),
    ]);
    return c.html(<QueryPage {...page} {...shown} totals={totalFigures(dayFigures(counts))} clicked={clicked} />);
  });
};
