/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { ConsoleContext } from '../console-env';
import { CONSOLE_PATH, Layout, MessagePage } from '../pages';
import { apiEnginePath } from '../relevance-reads';
import { EngineNav, enginePath, type EngineScreenPath } from './engine-nav';

interface EnginePageProps {
  engine: string;
  title: string;
  heading: string;
  current: EngineScreenPath;
  csrfToken: string;
  children: Child;
}

/** An engine's editing page: the breadcrumb, the one h1, then the engine's screens as navigation. */
export function EnginePage({ engine, title, heading, current, csrfToken, children }: EnginePageProps) {
  return (
    <Layout title={`${engine}: ${title}`} csrfToken={csrfToken}>
      <p class="breadcrumb">
        <a href={CONSOLE_PATH}>Engines</a>
      </p>
      <h1>{heading}</h1>
      <EngineNav engine={engine} current={current} />
      {children}
    </Layout>
  );
}

/** Previous and next links for a paged list, keeping its search. */
export function Pager({ base, page, totalPages, search }: { base: string; page: number; totalPages: number; search: string }) {
  if (totalPages <= 1) return null;
  const href = (to: number) => `${base}?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(to) })}`;
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 && (
        <a href={href(page - 1)} rel="prev">
          Previous page
        </a>
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages && (
        <a href={href(page + 1)} rel="next">
          Next page
        </a>
      )}
    </nav>
  );
}

/** A page number from the query string: a whole number from 1, anything else is the first page. */
export function pageNumber(value: string | undefined): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : 1;
}

/** Where one kind of relevance record lives: its API path, and its list in the console (with an outcome to show). */
export function relevanceAddresses(kind: 'synonyms' | 'curations') {
  return {
    api: (engine: string, id?: string) => apiEnginePath(engine, `/${kind}${id ? `/${encodeURIComponent(id)}` : ''}`),
    listUrl: (engine: string, done?: string) => `${enginePath(engine, `/${kind}`)}${done ? `?${done}` : ''}`,
  };
}

/** An API refusal as a console page: 404 and 403 as the API answered them, any other failure 502. */
export const refusedPage = (c: ConsoleContext, status: number, errors: string[]) =>
  c.html(
    <MessagePage title="Not done" message={errors.join(' ')} csrfToken={c.get('session').csrfToken} />,
    status === 404 ? 404 : status === 403 ? 403 : 502,
  );

interface ListToolsProps {
  /** The list's own address, and a path under it (`/new`, `/import`, `/export`). */
  path: (rest?: string) => string;
  /** The export's file name. */
  fileName: string;
  addLabel: string;
  /** What the list holds, as the search names it ("Synonym sets"). */
  listName: string;
  search: string;
}

/** Above a list of relevance records: add, import, export, and a search of the list that keeps its words. */
export function ListTools({ path, fileName, addLabel, listName, search }: ListToolsProps) {
  return (
    <>
      <ul class="actions">
        <li>
          <a href={path('/new')}>{addLabel}</a>
        </li>
        <li>
          <a href={path('/import')}>Import from a CSV file</a>
        </li>
        <li>
          <a href={path('/export')} download={fileName}>
            Export as a CSV file
          </a>
        </li>
      </ul>
      <form method="get" action={path()} class="list-search" role="search" aria-label={listName}>
        <label htmlFor="q">Search the {listName.toLowerCase()}</label>
        <input id="q" name="q" type="search" value={search} />
        <button type="submit">Search</button>
      </form>
    </>
  );
}
