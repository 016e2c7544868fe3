/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { securityHeaders } from './server/security-headers';
import { handleError } from './server/errors';
import { sameOriginPosts } from './server/same-origin-posts';
import { feedbackRoutes } from './server/feedback';
import { renderPage } from './render-page';
import { pageValidators } from './server/page-validators';
import { staticValidators } from './server/static-validators';
import { staticCaching } from './server/static-caching';
import { createSearchService, type CostBudgetOptions, type SearchService, type SearchServiceOptions } from 'civic-search';
import { pageCostBudgetFromEnv, pageCostLimit } from './server/page-cost-limit';
import { siteSearchPage } from './search/search-page';
import { siteSearchOptions, SITE_SEARCH_DATA_DIR } from './search/site-search';
import { indexSiteContent } from './search/site-indexer';
import { applySiteRelevance } from './search/site-relevance';
import { SEARCH_ENGINE } from './search/search-engine';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findPage } from './navigation';
import { HomePage } from './pages/HomePage';
import { BuildingConsentPage } from './pages/BuildingConsentPage';
import { SectionPage } from './pages/SectionPage';
import { TopicPage } from './pages/TopicPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { decisionTreeRoutes } from './decision-trees/routes';
import { formRoutes } from './forms/routes';
import { documentRoutes } from './documents/routes';
import { siteDocuments } from '../content/site-documents';
import { docsRoutes } from './docs/routes';
import { councilPageRoutes } from './pages/council-routes';
import { siteSettingsRoutes } from './site-settings/routes';
import { crawlRoutes } from './crawl/routes';

export interface SiteOptions {
  /** Folder of the built kit (dist/). */
  distRoot?: string;
  /** The site's search service settings (default: from the environment, the embedded engine). */
  search?: SearchServiceOptions;
  /** How long the server-rendered search page waits for a search (default: the search page's own, 5 s). */
  searchTimeoutMs?: number;
  /**
   * Each visitor's budget for the search results page and the listings (default: SITE_PAGE_COST_BUDGET, else
   * PAGE_COST_BUDGET); false: none.
   */
  pageCostBudget?: CostBudgetOptions | false;
}

/** The example site, and the search service it runs (to close when the server stops). */
export interface SiteApp {
  app: Hono;
  search: SearchService;
}

/**
 * The example site: pages as a CMS would output them, the built kit and the site's own assets, and the search
 * service mounted at the same origin (the elements' default `/_search-proxy`), as a council running civic-search
 * inside its own Node server would.
 */
export async function createSiteApp({
  distRoot = 'dist',
  search = siteSearchOptions(),
  searchTimeoutMs,
  pageCostBudget = pageCostBudgetFromEnv(),
}: SiteOptions = {}): Promise<SiteApp> {
  const costlyPages = pageCostLimit(pageCostBudget);
  const searchService = await createSearchService(search);
  if (searchService.admin) {
    // The site's pages reach the search service as a CMS's would: through the documents API, with the private key.
    const keyFile = searchService.privateKey.file;
    const privateKey = search.privateKey ?? (keyFile ? (await readFile(keyFile, 'utf8')).trim() : undefined);
    if (!privateKey) throw new Error('The example site needs the search service private key to index its pages.');
    const target = {
      fetch: (request: Request) => searchService.fetch(request),
      baseUrl: 'http://localhost',
      privateKey,
      engine: SEARCH_ENGINE,
    };
    await indexSiteContent(target, siteDocuments(), join(search.dataDir ?? SITE_SEARCH_DATA_DIR, 'indexer-state.json'));
    // Its synonyms and best bets, written through the same API a search manager uses.
    await applySiteRelevance(target);
  }
  const app = new Hono();
  app.use(securityHeaders());
  app.onError(handleError);
  app.use(sameOriginPosts()); // every state-changing post must come from this site's own pages (skips the search API)

  app.use(
    '/dist/*',
    staticCaching(),
    staticValidators(),
    serveStatic({ root: distRoot, rewriteRequestPath: (path) => path.replace(/^\/dist/, '') }),
  );
  app.use('/assets/*', staticCaching(), staticValidators(), serveStatic({ root: 'examples' }));
  // After the static files (answered above with validators of their own): every page read gets an ETag and a 304.
  app.use(pageValidators());
  // Browsers ask for /favicon.ico whatever the page says.
  app.get('/favicon.ico', (c) => c.redirect('/assets/favicon.svg', 301));

  app.route('/', feedbackRoutes());
  app.route('/', searchService);
  app.route('/', siteSearchPage(searchService.backend, searchTimeoutMs, costlyPages, searchService.analytics?.pageSearched));
  app.route('/', decisionTreeRoutes());
  app.route('/', formRoutes());
  app.route('/', documentRoutes({ documents: siteDocuments, limit: costlyPages }));
  app.route('/', docsRoutes({ distRoot }));
  app.route('/', councilPageRoutes());
  app.route('/', siteSettingsRoutes());
  app.route('/', crawlRoutes({ documents: siteDocuments }));

  app.get('/', (c) => renderPage(c, <HomePage />));
  app.get('/guidance/building-consent', (c) => renderPage(c, <BuildingConsentPage />));
  app.get('/contact', (c) => renderPage(c, <ContactPage />));
  app.get('/services/:section/:topic?', (c) => {
    const found = findPage(c.req.param('section'), c.req.param('topic'));
    if (!found) return renderPage(c, <NotFoundPage path={c.req.path} />, 404);
    return renderPage(c, found.topic ? <TopicPage section={found.section} topic={found.topic} /> : <SectionPage section={found.section} />);
  });
  app.notFound((c) => renderPage(c, <NotFoundPage path={c.req.path} />, 404));
  return { app, search: searchService };
}
