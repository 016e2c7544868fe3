/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { ANNOUNCEMENT_COOKIE_NAME } from '../../src/core/constants';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { serveStatic } from '@hono/node-server/serve-static';
import { securityHeaders } from '../../src/server/security-headers';
import { handleError } from '../../src/server/errors';
import { feedbackRoutes } from '../../src/server/feedback';
import { PageRequestContext } from './request-context';
import { findPage } from './navigation';
import { HomePage } from './pages/HomePage';
import { BuildingConsentPage } from './pages/BuildingConsentPage';
import { SectionPage } from './pages/SectionPage';
import { TopicPage } from './pages/TopicPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { documentRoutes } from './documents/routes';
import { siteDocuments } from '../content/site-documents';

export interface SiteOptions {
  /** Folder of the built kit (dist/). */
  distRoot?: string;
}

/** The example site: pages as a CMS would output them, the built kit and the site's own assets. */
export function createSiteApp({ distRoot = 'dist' }: SiteOptions = {}) {
  const app = new Hono();
  app.use(securityHeaders());
  app.onError(handleError);

  app.use('/dist/*', serveStatic({ root: distRoot, rewriteRequestPath: (path) => path.replace(/^\/dist/, '') }));
  app.use('/assets/*', serveStatic({ root: 'examples' }));
  // Browsers ask for /favicon.ico whatever the page says.
  app.get('/favicon.ico', (c) => c.redirect('/assets/favicon.svg', 301));

  app.route('/', feedbackRoutes());
  app.route('/', documentRoutes({ documents: siteDocuments }));

  const render = (c: Context, element: JSX.Element, status: 200 | 404 = 200) => {
    const request = { feedbackSent: c.req.query('feedback') === 'thanks', dismissedAnnouncement: getCookie(c, ANNOUNCEMENT_COOKIE_NAME) };
    return c.html(`<!doctype html>${String(<PageRequestContext.Provider value={request}>{element}</PageRequestContext.Provider>)}`, status);
  };
  app.get('/', (c) => render(c, <HomePage />));
  app.get('/guidance/building-consent', (c) => render(c, <BuildingConsentPage />));
  app.get('/contact', (c) => render(c, <ContactPage />));
  app.get('/services/:section/:topic?', (c) => {
    const found = findPage(c.req.param('section'), c.req.param('topic'));
    if (!found) return render(c, <NotFoundPage path={c.req.path} />, 404);
    return render(c, found.topic ? <TopicPage section={found.section} topic={found.topic} /> : <SectionPage section={found.section} />);
  });
  app.notFound((c) => render(c, <NotFoundPage path={c.req.path} />, 404));
  return app;
}
