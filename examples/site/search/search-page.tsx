/** @jsxImportSource hono/jsx */
import { raw } from 'hono/html';
import { searchPageRoutes, type SearchPageParts } from 'civic-search/search-page';
import type { SearchBackend } from 'civic-search';
import { Layout } from '../Layout';
import { PageRequestContext } from '../request-context';
import { pageRequest, setPageCaching } from '../render-page';
import { site } from '../site';
import { SEARCH_ENGINE } from './search-engine';

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

/** /search/SearchForm: civic-search's server-rendered results page inside the council's layout. */
export function siteSearchPage(backend: SearchBackend, timeoutMs?: number) {
  return searchPageRoutes({
    backend,
    engine: SEARCH_ENGINE,
    siteName: site.name,
    path: site.searchAction,
    layout: searchLayout,
    ...(timeoutMs && { timeoutMs }),
  });
}
