/** @jsxImportSource hono/jsx */
import { Layout } from '../pages';
import { Breadcrumb, CsrfField, ErrorSummary, Notice, type Problem } from './form-parts';
import { EngineNav, enginePath } from './engine-nav';
import { TableScroll } from '../table-scroll';

export type Schema = Record<string, string>;
export type EngineDocument = Record<string, unknown> & { id: string };

export const documentsPath = (engine: string) => enginePath(engine, '/documents');
export const documentPath = (engine: string, id: string, action?: 'delete') =>
  `${documentsPath(engine)}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** A document's name for a list: its title (or name) when it has one, else its id. */
export function documentTitle(fields: Record<string, unknown>): string | undefined {
  for (const field of ['title', 'name', 'heading']) {
    const value = fields[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/** A field's value as text: lists one value a line, anything else as JSON would write it. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(fieldText).join('\n');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface DocumentsPageProps {
  engine: string;
  csrfToken: string;
  query: string;
  rows: readonly { id: string; title?: string }[];
  page: number;
  totalPages: number;
  totalResults: number;
  schema?: Schema;
  problems?: readonly Problem[];
  notice?: string;
}

/** An engine's documents: a search over them (or the list, in the order stored), and its schema. */
export function DocumentsPage(props: DocumentsPageProps) {
  const { engine, csrfToken, query, rows, page, totalPages, totalResults, schema, problems = [], notice } = props;
  const base = documentsPath(engine);
  const pageLink = (to: number) => `${base}?${new URLSearchParams({ ...(query && { q: query }), page: String(to) }).toString()}`;
  return (
    <Layout title={`${engine}: documents`} csrfToken={csrfToken}>
      <Breadcrumb />
      <h1>{engine}: documents</h1>
      <EngineNav engine={engine} current="/documents" />
      <Notice text={notice} />
      <ErrorSummary problems={problems} />
      <form method="get" action={base} class="search-form" role="search">
        <label htmlFor="q">Search the documents</label>
        <div class="inline-fields">
          <input id="q" name="q" type="search" value={query} />
          <button type="submit">Search</button>
        </div>
      </form>
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading">{query ? `Documents matching “${query}”` : 'All documents'}</h2>
        <p>
          {totalResults.toLocaleString('en')} {totalResults === 1 ? 'document' : 'documents'}
          {query ? ' found' : ''}. Searching here records nothing in the reports.
        </p>
        {rows.length > 0 && (
          <ul class="document-list">
            {rows.map((row) => (
              <li>
                <a href={documentPath(engine, row.id)}>{row.title ?? row.id}</a>
                {row.title && <span class="hint"> ({row.id})</span>}
              </li>
            ))}
          </ul>
        )}
        {totalPages > 1 && (
          <nav aria-label="Pages of documents" class="pager">
            {page > 1 && <a href={pageLink(page - 1)}>Previous page</a>}
            <span>
              Page {page} of {totalPages}
            </span>
            {page < totalPages && <a href={pageLink(page + 1)}>Next page</a>}
          </nav>
        )}
      </section>
      {schema && <SchemaTable schema={schema} />}
    </Layout>
  );
}

function SchemaTable({ schema }: { schema: Schema }) {
  const fields = Object.entries(schema).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section>
      <h2 id="schema-heading">Schema</h2>
      <p>The fields this engine's documents have, and the type of each. Every document also has an id.</p>
      <TableScroll labelledBy="schema-heading">
        <table>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([field, type]) => (
              <tr>
                <th scope="row">{field}</th>
                <td>{type}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

interface DocumentPageProps {
  engine: string;
  csrfToken: string;
  document: EngineDocument;
  schema: Schema;
  /** Why this key cannot delete it (the API's rule); absent: the delete link is offered. */
  cannotDelete?: string;
}

/** One document: every field with its type and value. */
export function DocumentPage({ engine, csrfToken, document, schema, cannotDelete }: DocumentPageProps) {
  const { id, ...fields } = document;
  const title = documentTitle(fields) ?? id;
  return (
    <Layout title={`${engine}: ${title}`} csrfToken={csrfToken}>
      <Breadcrumb links={[{ href: documentsPath(engine), label: `${engine}: documents` }]} />
      <h1>{title}</h1>
      <EngineNav engine={engine} current="/documents" />
      <TableScroll label="Fields">
        <table>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">id</th>
              <td>id</td>
              <td class="field-value">{id}</td>
            </tr>
            {Object.entries(fields).map(([field, value]) => (
              <tr>
                <th scope="row">{field}</th>
                <td>{schema[field] ?? ''}</td>
                <td class="field-value">{fieldText(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {cannotDelete ? (
        <p class="hint">{cannotDelete} Deleting a document needs a key that writes this engine.</p>
      ) : (
        <p>
          <a href={documentPath(engine, id, 'delete')}>Delete this document</a>
        </p>
      )}
    </Layout>
  );
}

/** The confirmation a delete needs, on a page of its own so it works without scripts. */
export function DeleteDocumentPage(props: { engine: string; csrfToken: string; id: string; title: string; problems?: readonly Problem[] }) {
  const { engine, csrfToken, id, title, problems = [] } = props;
  return (
    <Layout title={`Delete ${title}?`} csrfToken={csrfToken}>
      <Breadcrumb links={[{ href: documentsPath(engine), label: `${engine}: documents` }]} />
      <h1>Delete “{title}”?</h1>
      <ErrorSummary problems={problems} />
      <p>
        The document <code>{id}</code> is removed from the engine {engine} and from its search results at once. This cannot be undone here:
        the document comes back only if its site or CMS sends it again (a crawl, or the next publish).
      </p>
      <form method="post" action={documentPath(engine, id, 'delete')} class="confirm-actions">
        <CsrfField token={csrfToken} />
        <button type="submit" class="danger">
          Delete the document
        </button>
        <a href={documentPath(engine, id)}>Cancel</a>
      </form>
    </Layout>
  );
}
