/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { renderPage } from '../render-page';
import { NotFoundPage } from '../pages/NotFoundPage';
import { createManifestReader, type ElementDoc } from './element-manifest';
import { demoPlacement } from './demo-placement';
import { ElementsIndexPage } from './ElementsIndexPage';
import { ElementPage } from './ElementPage';
import { ManifestMissingPage } from './ManifestMissingPage';
import { DOCS_INDEX_PATH } from './docs-paths';

export interface DocsRoutesOptions {
  /** Folder of the built kit, holding custom-elements.json (default: dist). */
  distRoot?: string;
}

/**
 * The element docs, generated from the build's Custom Elements Manifest (read at request time, kept until it
 * changes):
 * - GET /docs/elements: every element, with its description and a link to its page;
 * - GET /docs/elements/:tag: its description, live demo, attributes, events, i18n keys and CSS custom properties
 *   (404 for a tag the manifest does not list).
 * Without a build, both answer 503 with a page saying to run `npm run build`.
 */
export function docsRoutes({ distRoot = 'dist' }: DocsRoutesOptions = {}): Hono {
  const app = new Hono();
  const readElements = createManifestReader(distRoot);

  /** The page, or the "not built yet" page when there is no manifest. */
  const withElements = async (c: Context, page: (elements: ElementDoc[]) => Response | Promise<Response>) => {
    const elements = await readElements();
    if (elements) return page(elements);
    const missing = await renderPage(c, <ManifestMissingPage path={c.req.path} />);
    return new Response(missing.body, { status: 503, headers: missing.headers });
  };

  app.get(DOCS_INDEX_PATH, (c) => withElements(c, (elements) => renderPage(c, <ElementsIndexPage elements={elements} />)));

  app.get(`${DOCS_INDEX_PATH}/:tag`, (c) =>
    withElements(c, (elements) => {
      const element = elements.find((candidate) => candidate.tagName === c.req.param('tag'));
      if (!element) return renderPage(c, <NotFoundPage path={c.req.path} />, 404);
      const demo = demoPlacement(
        element,
        elements.map((candidate) => candidate.tagName),
      );
      return renderPage(c, <ElementPage element={element} demo={demo} />);
    }),
  );

  return app;
}
