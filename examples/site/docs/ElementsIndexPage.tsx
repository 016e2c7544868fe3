/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { InlineMarkdown, firstSentence } from './InlineMarkdown';
import type { ElementDoc } from './element-manifest';
import { DOCS_INDEX_PATH, DOCS_INDEX_TITLE, MANIFEST_URL, elementDocsPath } from './docs-paths';

/** Every element of the kit, each with the first sentence of its description and a link to its page. */
export function ElementsIndexPage({ elements }: { elements: readonly ElementDoc[] }) {
  return (
    <Layout title={DOCS_INDEX_TITLE} path={DOCS_INDEX_PATH} wide>
      <h1>{DOCS_INDEX_TITLE}</h1>
      <p class="lead">
        The kit’s {elements.length} custom element{elements.length === 1 ? '' : 's'}: what each enhances, a live demo, its attributes,
        events, i18n keys and CSS custom properties.
      </p>
      <ul class="card-list">
        {elements.map((element) => (
          <li class="card">
            <a href={elementDocsPath(element.tagName)}>{`<${element.tagName}>`}</a>
            <p>
              <InlineMarkdown text={firstSentence(element.description)} />
            </p>
          </li>
        ))}
      </ul>
      <p>
        Generated from the Custom Elements Manifest that <code>npm run build</code> writes: <a href={MANIFEST_URL}>custom-elements.json</a>.
      </p>
    </Layout>
  );
}
