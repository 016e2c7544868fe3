/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { securityHeaders } from '../../src/server/security-headers';
import { handleError } from '../../src/server/errors';
import { findPage } from './navigation';
import { HomePage } from './pages/HomePage';
import { BuildingConsentPage } from './pages/BuildingConsentPage';
import { SectionPage } from './pages/SectionPage';
import { TopicPage } from './pages/TopicPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';

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

  const page = (element: unknown) => `<!doctype html>${String(element)}`;
  app.get('/', (c) => c.html(page(<HomePage />)));
  app.get('/guidance/building-consent', (c) => c.html(page(<BuildingConsentPage />)));
  app.get('/contact', (c) => c.html(page(<ContactPage />)));
  app.get('/services/:section/:topic?', (c) => {
    const found = findPage(c.req.param('section'), c.req.param('topic'));
    if (!found) return c.html(page(<NotFoundPage path={c.req.path} />), 404);
    return c.html(page(found.topic ? <TopicPage section={found.section} topic={found.topic} /> : <SectionPage section={found.section} />));
  });
  app.notFound((c) => c.html(page(<NotFoundPage path={c.req.path} />), 404));
  return app;
}
