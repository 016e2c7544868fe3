/** @jsxImportSource hono/jsx */
import { raw } from 'hono/html';
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import { DocTable } from './DocTable';
import { InlineMarkdown } from './InlineMarkdown';
import type { ElementDoc } from './element-manifest';
import type { DemoPlacement } from './demo-placement';
import { DOCS_INDEX_PATH, DOCS_INDEX_TITLE, MANIFEST_URL, elementDocsPath } from './docs-paths';

/** The element that sets the theme properties for a part of a page. */
const THEME_ELEMENT = 'subsite-theme';

/** Tables wrap in <data-table>, so every docs page loads it. */
const DOCS_ELEMENTS = ['data-table'];

/** `CustomEvent<{ open: boolean }>` → `{ open: boolean }`. */
const detailType = (type: string | undefined) => /^CustomEvent<([\s\S]*)>$/.exec(type ?? '')?.[1] ?? type ?? '';

export function ElementPage({ element, demo }: { element: ElementDoc; demo: DemoPlacement }) {
  const tag = `<${element.tagName}>`;
  const path = elementDocsPath(element.tagName);
  return (
    <Layout title={`${tag} element`} path={path} elements={[...DOCS_ELEMENTS, ...(demo.kind === 'live' ? demo.tags : [])]} wide>
      <Breadcrumbs trail={[{ title: DOCS_INDEX_TITLE, href: DOCS_INDEX_PATH }]} />
      <h1>{tag}</h1>
      <p class="lead">
        <InlineMarkdown text={element.description} />
      </p>

      <h2 id="demo">Live demo</h2>
      <Demo demo={demo} />

      <h2 id="attributes">Attributes</h2>
      <DocTable
        id="attributes"
        caption={`Attributes of ${tag}`}
        columns={['Attribute', 'Type', 'Description']}
        rows={element.attributes.map((attribute) => [
          <code>{attribute.name}</code>,
          attribute.type?.text ?? '',
          <InlineMarkdown text={attribute.description ?? ''} />,
        ])}
      />

      <h2 id="events">Events</h2>
      {element.events.length === 0 ? (
        <p>{tag} dispatches no events.</p>
      ) : (
        <DocTable
          id="events"
          caption={`Events of ${tag}`}
          columns={['Event', 'Detail type', 'Description']}
          rows={element.events.map((event) => [
            <code>{event.name}</code>,
            <code>{detailType(event.type?.text)}</code>,
            <InlineMarkdown text={event.description ?? ''} />,
          ])}
        />
      )}

      <h2 id="i18n">i18n keys</h2>
      <I18nKeys element={element} tag={tag} />

      <h2 id="css">CSS custom properties</h2>
      {element.cssProperties.length === 0 ? (
        <p>{tag} reads no theme properties.</p>
      ) : (
        <>
          <p>
            The theme properties its styles read. Set them on <code>:root</code> for the whole site, or on any container for a part of it
            {element.tagName === THEME_ELEMENT ? (
              '.'
            ) : (
              <>
                {' '}
                (as <a href={elementDocsPath(THEME_ELEMENT)}>{`<${THEME_ELEMENT}>`}</a> does).
              </>
            )}
          </p>
          <DocTable
            id="css"
            caption={`CSS custom properties of ${tag}`}
            columns={['Property', 'Theme default']}
            rows={element.cssProperties.map((property) => [
              <code>{property.name}</code>,
              property.default ? <code>{property.default}</code> : '',
            ])}
          />
        </>
      )}

      <p>
        Generated from the Custom Elements Manifest, <a href={MANIFEST_URL}>custom-elements.json</a> (module{' '}
        <code>{element.modulePath}</code>).
      </p>
    </Layout>
  );
}

function Demo({ demo }: { demo: DemoPlacement }) {
  switch (demo.kind) {
    case 'live':
      return (
        <>
          <p>The example markup from the element’s README, upgraded by its script on this page.</p>
          {/* Trusted build-time content: the READMEs of this repository, copied into the manifest by the build. */}
          <div>{raw(demo.markup)}</div>
        </>
      );
    case 'site-wide':
      return <p>Live on every page: see {demo.where}.</p>;
    case 'elsewhere':
      return (
        <p>
          See it on the example page <a href={demo.href}>{demo.title}</a>: {demo.reason}
        </p>
      );
    case 'none':
      return <p>The element’s README has no example markup.</p>;
  }
}

function I18nKeys({ element, tag }: { element: ElementDoc; tag: string }) {
  const [first] = element.i18n;
  if (!first) return <p>{tag} shows no text of its own, so it has no strings to translate.</p>;
  const described = element.i18n.some((entry) => entry.description);
  // An apostrophe in the JSON would end the single-quoted attribute: written as its character reference.
  const example = `<${element.tagName} i18n='${JSON.stringify({ [first.key]: first.default }).replace(/'/g, '&#39;')}'>`;
  return (
    <>
      <p>
        Every string {tag} shows has an English default. Override any of them with the <code>i18n</code> attribute, a JSON object of strings
        by key; <code>{'{name}'}</code> placeholders are filled in by the element. For example: <code>{example}</code>
      </p>
      <DocTable
        id="i18n"
        caption={`i18n keys of ${tag}`}
        columns={described ? ['Key', 'English default', 'Description'] : ['Key', 'English default']}
        rows={element.i18n.map((entry) => [
          <code>{entry.key}</code>,
          entry.default,
          ...(described ? [<InlineMarkdown text={entry.description ?? ''} />] : []),
        ])}
      />
    </>
  );
}
