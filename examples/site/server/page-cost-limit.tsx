/** @jsxImportSource hono/jsx */
import type { Context, MiddlewareHandler } from 'hono';
import { checkCostBudgetOptions, clientAddress, costLimit, createCostBudget, type CostBudget, type CostBudgetOptions } from 'civic-search';
import { FRAGMENT_PARAM } from 'civic-elements/core';
import { Layout } from '../Layout';
import { PageRequestContext } from '../request-context';
import { pageRequest } from '../render-page';

/**
 * The budget the site's costly pages share per visitor: the search results page (a search and its facets, about 15
 * content pages' work) and the listings that filter the document library and news. Units as the search service's:
 * a KiB of page or 10 ms of work. A results page of 20 is about 21 units, one of 100 about 85, a listing or its
 * fragment 10 to 20. 60 a second with a burst of 600 is far more than a person reading, filtering and paging
 * needs (several people behind one address too), and holds a script asking for the largest pages back to back to
 * one every second and a half after its first seven.
 */
export const PAGE_COST_BUDGET: CostBudgetOptions = { refillPerSecond: 60, burst: 600 };

/**
 * The budget from SITE_PAGE_COST_BUDGET: `<units a second>/<burst>` (e.g. 60/600), `off`, or unset for the
 * default. Throws, naming the variable, on a value it cannot use.
 */
export function pageCostBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): CostBudgetOptions | false {
  const text = env.SITE_PAGE_COST_BUDGET?.trim();
  if (!text) return PAGE_COST_BUDGET;
  if (/^off$/i.test(text)) return false;
  const [rate, burst, ...rest] = text.split('/').map((part) => Number(part.trim()));
  const options = { refillPerSecond: rate, burst };
  try {
    if (rest.length > 0) throw new Error('too many parts');
    checkCostBudgetOptions(options);
  } catch {
    throw new Error(`SITE_PAGE_COST_BUDGET must be <units a second>/<burst> (e.g. 60/600, the burst at least the rate) or off, not ${JSON.stringify(text)}.`);
  }
  return options;
}

/** One limiter per costly route: each estimates its request's cost before it runs; all draw on one budget. */
export type PageCostLimit = (estimate: (c: Context) => number) => MiddlewareHandler;

function TooManyRequestsPage({ path, back, seconds }: { path: string; back: string; seconds: number }) {
  const wait = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return (
    <Layout title="Too many requests" path={path} noindex>
      <h1>Too many requests</h1>
      <p>
        Your connection has asked for a lot of searches and listings in a short time. Wait {wait}, then try again.
      </p>
      <p>
        <a href={back}>Try again</a> or <a href="/">go to the home page</a>.
      </p>
    </Layout>
  );
}

/** The 429 page: the site's layout, a heading, how long to wait and a link back (never cached: see costLimit). */
function refuse(c: Context, seconds: number): Response {
  const request = pageRequest(c);
  const url = new URL(c.req.url);
  // A fragment's address is no page to go back to: the link goes to the listing it belongs to.
  url.searchParams.delete(FRAGMENT_PARAM);
  const page = (
    <PageRequestContext.Provider value={request}>
      <TooManyRequestsPage path={url.pathname} back={`${url.pathname}${url.search}`} seconds={seconds} />
    </PageRequestContext.Provider>
  );
  return c.html(`<!doctype html>${String(page)}`, 429);
}

/**
 * The site's limiter for costly pages, over one budget per visitor (the connection's address, as the form posts'
 * limit), or none when `options` is false.
 */
export function pageCostLimit(options: CostBudgetOptions | false = pageCostBudgetFromEnv()): PageCostLimit {
  if (!options) return () => async (_c, next) => next();
  const budget: CostBudget = createCostBudget(options);
  return (estimate) => costLimit({ budget, clientKey: clientAddress, estimate, refuse });
}
