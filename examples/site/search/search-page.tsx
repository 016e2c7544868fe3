/** @jsxImportSource hono/jsx */
import { raw } from 'hono/html';
import { Hono, type Context } from 'hono';
import { searchPageRoutes, type SearchPageOptions, type SearchPageParts } from 'civic-search/search-page';
import type { SearchBackend } from 'civic-search';
import { Layout } from '../Layout';
import { PageRequestContext } from '../request-context';
import { pageRequest, setPageCaching } from '../render-page';
import { site } from '../site';
import { SEARCH_ENGINE } from './search-engine';
import type { PageCostLimit } from '../server/page-cost-limit';

/** The site's layout around the search service's results page. */
function searchLayout({ title, bodyClass, content, context }: SearchPageParts): string {
  const request = pageRequest(context);
  // The page shows the announcement by the visitor's cookie: never shared from a cache.
  setPageCaching(context, request);
  const page = (
    <PageRequestContext.Provider value={request}>
      <Layout title={title} path={site.searchAction} bodyClass={bodyClass} elements={['search-results']} wide noindex>
        {raw(content)}
      </Layout>
    </PageRequestContext.Provider>
  );
  return `<!doctype html>${String(page)}`;
}

/** Results a page shows unless its address asks for more (up to 100), and about what each weighs, in KiB. */
const DEFAULT_PAGE_SIZE = 20;
const LARGEST_PAGE_SIZE = 100;
const KIB_PER_RESULT = 0.8;

/**
 * A results page's cost before it runs: the layout, and its results as many as the address asks for (`size=100`,
 * or a Search UI link's `size=n_100_n`).
 */
function resultsPageCost(c: Context): number {
  const size = Number(/\d{1,6}/.exec(c.req.query('size') ?? '')?.[0]);
  const results = Number.isFinite(size) ? Math.min(Math.max(size, 1), LARGEST_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return 5 + results * KIB_PER_RESULT;
}

/**
 * /search/SearchForm: civic-search's server-rendered results page inside the council's layout, each visitor's
 * searches there drawn from the site's budget for costly pages (`limit`) and recorded in the search analytics like
 * the proxy's (`recordSearch`: the service's `analytics.pageSearched`).
 */
export function siteSearchPage(
  backend: SearchBackend,
  timeoutMs?: number,
  limit?: PageCostLimit,
  recordSearch?: SearchPageOptions['recordSearch'],
) {
  const app = new Hono();
  if (limit) app.get(site.searchAction, limit(resultsPageCost));
  return app.route('/', resultsPage(backend, timeoutMs, recordSearch));
}

function resultsPage(backend: SearchBackend, timeoutMs?: number, recordSearch?: SearchPageOptions['recordSearch']) {
  return searchPageRoutes({
    backend,
    engine: SEARCH_ENGINE,
    siteName: site.name,
    path: site.searchAction,
    layout: searchLayout,
    ...(timeoutMs && { timeoutMs }),
    ...(recordSearch && { recordSearch }),
  });
}
