/** Addresses of the element docs pages. */
export const DOCS_INDEX_PATH = '/docs/elements';
export const DOCS_INDEX_TITLE = 'Element docs';
/** The manifest as the site serves the build (examples/site/app.tsx serves dist/ under /dist/). */
export const MANIFEST_URL = '/dist/custom-elements.json';

export const elementDocsPath = (tag: string) => `${DOCS_INDEX_PATH}/${tag}`;
