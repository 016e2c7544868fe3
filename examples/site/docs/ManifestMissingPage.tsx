/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { DOCS_INDEX_TITLE } from './docs-paths';

/** The docs pages are generated from the build's manifest: without a build there is nothing to show yet. */
export function ManifestMissingPage({ path }: { path: string }) {
  return (
    <Layout title={`${DOCS_INDEX_TITLE}: not built yet`} path={path} noindex>
      <h1>The element docs are not built yet</h1>
      <p class="lead">
        These pages are generated from the kit’s Custom Elements Manifest, <code>dist/custom-elements.json</code>, and the site has no build
        yet.
      </p>
      <p>
        Run <code>npm run build</code>, then reload this page.
      </p>
    </Layout>
  );
}
