/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { securityHeaders } from './server/security-headers';
import { handleError } from './server/errors';
import { sameOriginPosts } from './server/same-origin-posts';
import { feedbackRoutes } from './server/feedback';
import { renderPage } from './render-page';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { searchPageRoutes } from './search/routes';
import { siteSearchFromEnv, type SiteSearch } from './search/search-backend';
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

export interface SiteOptions {
  /** Folder of the built kit (dist/). */
  distRoot?: string;
  /** The site's search backend and engine (default: from the environment, the embedded engine). */
  search?: SiteSearch;
}

/** The example site: pages as a CMS would output them, the built kit and the site's own assets. */
export function createSiteApp({ distRoot = 'dist', search = siteSearchFromEnv() }: SiteOptions = {}) {
  const app = new Hono();
  app.use(securityHeaders());
  app.onError(handleError);
  app.use(sameOriginPosts()); // every state-changing post must come from this site's own pages (skips the search API)

  app.use('/dist/*', serveStatic({ root: distRoot, rewriteRequestPath: (path) => path.replace(/^\/dist/, '') }));
  app.use('/assets/*', serveStatic({ root: 'examples' }));
  // Browsers ask for /favicon.ico whatever the page says.
  app.get('/favicon.ico', (c) => c.redirect('/assets/favicon.svg', 301));

  app.route('/', feedbackRoutes());
  app.route(
    '/',
    searchProxy({
      backend: search.backend,
      engines: [search.engine],
      privateKey: search.privateKey,
      maxConcurrent: search.maxConcurrent,
      timeoutMs: search.timeoutMs,
    }),
  );
  app.route('/', searchPageRoutes({ backend: search.backend, engine: search.engine, timeoutMs: search.timeoutMs }));
  app.route('/', decisionTreeRoutes());
  app.route('/', formRoutes());
  app.route('/', documentRoutes({ documents: siteDocuments }));
  app.route('/', docsRoutes({ distRoot }));

  app.get('/', (c) => renderPage(c, <HomePage />));
  app.get('/guidance/building-consent', (c) => renderPage(c, <BuildingConsentPage />));
  app.get('/contact', (c) => renderPage(c, <ContactPage />));
  app.get('/services/:section/:topic?', (c) => {
    const found = findPage(c.req.param('section'), c.req.param('topic'));
    if (!found) return renderPage(c, <NotFoundPage path={c.req.path} />, 404);
    return renderPage(c, found.topic ? <TopicPage section={found.section} topic={found.topic} /> : <SectionPage section={found.section} />);
  });
  app.notFound((c) => renderPage(c, <NotFoundPage path={c.req.path} />, 404));
  return app;
}
