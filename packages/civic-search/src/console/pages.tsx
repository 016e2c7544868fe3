/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { tryGetContext } from 'hono/context-storage';
import type { QueryRow } from '../analytics/types';
import type { ConsoleEnv } from './console-env';
import { ReportFilterForm } from './report-filter-form';
import { TableScroll } from './table-scroll';

/** Where the console lives on the service. */
export const CONSOLE_PATH = '/console';

interface LayoutProps {
  title: string;
  /** The signed-in session's token for the sign-out form; absent on the sign-in pages. */
  csrfToken?: string;
  children: Child;
}

/** Every console page: one heading per page, a skip link, and sign-out as a form (a change, so a POST). */
export function Layout({ title, csrfToken, children }: LayoutProps) {
  // The islands' loader, where the console's browser code is built (client-assets.ts).
  const script = tryGetContext<ConsoleEnv>()?.var.clientScript;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} – civic-search console`}</title>
        <link rel="stylesheet" href={`${CONSOLE_PATH}/console.css`} />
        {script && <script type="module" src={script} />}
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to main content
        </a>
        <header class="console-header">
          <p class="console-name">
            <a href={CONSOLE_PATH}>civic-search console</a>
          </p>
          {csrfToken && (
            <form method="post" action={`${CONSOLE_PATH}/sign-out`}>
              <input type="hidden" name="csrf" value={csrfToken} />
              <button type="submit">Sign out</button>
            </form>
          )}
        </header>
        <main id="main" tabindex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}

export function SignInPage({ problem, notice }: { problem?: string; notice?: string }) {
  return (
    <Layout title="Sign in">
      <h1>Sign in</h1>
      {notice && <p class="notice">{notice}</p>}
      {problem && (
        <div class="problem" role="alert">
          <h2>There is a problem</h2>
          <p>{problem}</p>
        </div>
      )}
      <form method="post" action={`${CONSOLE_PATH}/sign-in`} class="sign-in">
        <label htmlFor="key">Key</label>
        <p id="key-hint" class="hint">
          A private key (to see an engine's reports) or an admin key (to manage keys), from the service's operator.
        </p>
        <input
          id="key"
          name="key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          aria-describedby="key-hint"
          {...(problem ? { 'aria-invalid': 'true' } : {})}
        />
        <button type="submit">Sign in</button>
      </form>
    </Layout>
  );
}

export interface EngineLink {
  name: string;
  documents?: number;
}

export function EnginesPage({ engines, csrfToken, note, children }: { engines: readonly EngineLink[]; csrfToken: string; note?: string; children?: Child }) {
  return (
    <Layout title="Engines" csrfToken={csrfToken}>
      <h1>Engines</h1>
      {note && <p class="notice">{note}</p>}
      {engines.length === 0 ? (
        <p>This key reaches no engine.</p>
      ) : (
        <ul class="engine-list">
          {engines.map((engine) => (
            <li>
              <a href={`${CONSOLE_PATH}/engines/${encodeURIComponent(engine.name)}`}>{engine.name}</a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </Layout>
  );
}

export interface ReportsPageProps {
  engine: string;
  csrfToken: string;
  /** The range shown, as the date fields hold it (YYYY-MM-DD, UTC). */
  from: string;
  to: string;
  /** The tag the reports are filtered by ('' for none). */
  tag?: string;
  /** The engine's screens, under the heading. */
  nav?: Child;
  /** Shown above the query reports: the overview. */
  overview?: Child;
  /** Where a query's row links to (its own page), if anywhere. */
  queryHref?: (term: string) => string | undefined;
  problem?: string;
  top: readonly QueryRow[];
  noResults: readonly QueryRow[];
  noClicks: readonly QueryRow[];
}

/** The fixes a report row leads to in one step: a synonym set or a best bet for its query, prefilled. */
function QueryFixes({ engine, term }: { engine: string; term: string }) {
  const fix = (screen: string) => `${CONSOLE_PATH}/engines/${encodeURIComponent(engine)}/${screen}/new?${new URLSearchParams({ query: term })}`;
  return (
    <td class="row-actions">
      <a href={fix('synonyms')}>
        Add synonyms<span class="visually-hidden"> for “{term}”</span>
      </a>
      <a href={fix('curations')}>
        Make a best bet<span class="visually-hidden"> for “{term}”</span>
      </a>
    </td>
  );
}

interface QueryTableProps {
  id: string;
  caption: string;
  rows: readonly QueryRow[];
  empty: string;
  /** The engine whose synonym and best bet editors each row links to, for the reports that show what to fix. */
  fixesFor?: string;
  /** Each query's own page. */
  queryHref?: (term: string) => string | undefined;
}

function QueryTable({ id, caption, rows, empty, fixesFor, queryHref }: QueryTableProps) {
  return (
    <section>
      <h2 id={id}>{caption}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <TableScroll labelledBy={id}>
          <table>
            <thead>
              <tr>
                <th scope="col">Query</th>
                <th scope="col" class="number">
                  Searches
                </th>
                <th scope="col" class="number">
                  Clicks
                </th>
                {fixesFor !== undefined && <th scope="col">Fix</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr>
                  <th scope="row">{linked(row.term === '' ? '(blank search)' : row.term, queryHref?.(row.term))}</th>
                  <td class="number">{row.queries.toLocaleString('en')}</td>
                  <td class="number">{row.clicks.toLocaleString('en')}</td>
                  {fixesFor !== undefined && (row.term === '' ? <td /> : <QueryFixes engine={fixesFor} term={row.term} />)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

const linked = (text: string, href: string | undefined) => (href ? <a href={href}>{text}</a> : text);

/** An engine's reports for a date range, as a server-rendered page: it works the same with or without scripts. */
export function ReportsPage(props: ReportsPageProps) {
  const { engine, csrfToken, from, to, problem, queryHref } = props;
  return (
    <Layout title={`${engine}: reports`} csrfToken={csrfToken}>
      <p class="breadcrumb">
        <a href={CONSOLE_PATH}>Engines</a>
      </p>
      <h1>{engine}: what visitors search for</h1>
      {props.nav}
      {problem && (
        <div class="problem" role="alert">
          <h2>There is a problem</h2>
          <p>{problem}</p>
        </div>
      )}
      <ReportFilterForm from={from} to={to} tag={props.tag ?? ''} />
      {props.overview}
      <QueryTable id="top" caption="Top queries" rows={props.top} empty="No searches in this range." queryHref={queryHref} />
      <QueryTable
        id="no-results"
        caption="Queries with no results"
        rows={props.noResults}
        empty="Every search in this range found something."
        fixesFor={engine}
        queryHref={queryHref}
      />
      <QueryTable
        id="no-clicks"
        caption="Queries with results but no clicks"
        rows={props.noClicks}
        empty="Every search with results in this range had a click."
        fixesFor={engine}
        queryHref={queryHref}
      />
    </Layout>
  );
}

export function MessagePage({ title, message, csrfToken }: { title: string; message: string; csrfToken?: string }) {
  return (
    <Layout title={title} csrfToken={csrfToken}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={CONSOLE_PATH}>Back to the console</a>
      </p>
    </Layout>
  );
}
