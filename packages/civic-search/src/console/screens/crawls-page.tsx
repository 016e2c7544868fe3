/** @jsxImportSource hono/jsx */
import type { CrawlRunRecord } from '../../crawler/crawl-history';
import type { EngineCrawlStatus } from '../../crawler/engine-crawl-routes';
import { Layout } from '../pages';
import { Breadcrumb, CsrfField, ErrorSummary, Notice, invalidIf, type Problem } from './form-parts';
import { EngineNav, enginePath } from './engine-nav';
import { TableScroll } from '../table-scroll';

export const crawlsPath = (engine: string) => enginePath(engine, '/crawls');

/** A time as a person reads it, in UTC (the service's clock), to the minute. */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A schedule's interval in words: the largest whole unit. */
export function every(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, name] of units) {
    if (ms >= size && ms % size === 0) return ms === size ? `Every ${name}` : `Every ${ms / size} ${name}s`;
  }
  return `Every ${ms} ms`;
}

const STOPPED: Record<string, string> = {
  'max-pages': 'stopped at its page limit',
  'max-time': 'stopped at its time limit',
  interrupted: 'stopped when the service stopped',
  service: 'stopped: the engine stopped taking documents',
};

const outcomeOf = (run: CrawlRunRecord) =>
  run.error
    ? `Failed: ${run.error}`
    : run.complete
      ? 'Complete'
      : `Not complete${run.stopped_by ? `: ${STOPPED[run.stopped_by] ?? run.stopped_by}` : ''}`;

function Issues({ id, title, issues }: { id: string; title: string; issues: readonly { url: string; reason: string }[] }) {
  if (issues.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul class="document-list">
        {issues.map((issue) => (
          <li>
            {issue.url}: {issue.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface CrawlsPageProps {
  engine: string;
  csrfToken: string;
  /** Absent: the engine has no crawl, and `noCrawl` says so. */
  status?: EngineCrawlStatus;
  noCrawl?: string;
  /** Why this key may not crawl a page again; absent: the form is offered. */
  cannotRecrawl?: string;
  url?: string;
  problems?: readonly Problem[];
  notice?: string;
}

/** An engine's crawl: its schedule, what its last runs did, and a form to crawl one page again now. */
export function CrawlsPage({ engine, csrfToken, status, noCrawl, cannotRecrawl, url = '', problems = [], notice }: CrawlsPageProps) {
  const numbers = ['indexed', 'unchanged', 'failed', 'skipped', 'deleted'] as const;
  const last = status?.runs.find((run) => !run.error);
  return (
    <Layout title={problems.length > 0 ? `Error: ${engine}: crawls` : `${engine}: crawls`} csrfToken={csrfToken}>
      <Breadcrumb />
      <h1>{engine}: crawls</h1>
      <EngineNav engine={engine} current="/crawls" />
      <Notice text={notice} />
      <ErrorSummary problems={problems} />
      {!status ? (
        <p>{noCrawl}</p>
      ) : (
        <>
          <dl class="facts">
            <dt>Site</dt>
            <dd>{status.url}</dd>
            <dt>Schedule</dt>
            <dd>{status.every_ms ? every(status.every_ms) : 'When the service starts, and pages asked for below'}</dd>
            <dt>Next run</dt>
            <dd>{status.running ? 'Running now' : status.next_run_at ? when(status.next_run_at) : 'None scheduled'}</dd>
            <dt>Pages waiting</dt>
            <dd>{status.queued_urls}</dd>
          </dl>

          <h2>Crawl one page again</h2>
          {cannotRecrawl ? (
            <p class="hint">{cannotRecrawl} Crawling a page again needs a key that writes this engine.</p>
          ) : (
            <form method="post" action={`${crawlsPath(engine)}/recrawl`} class="admin-form" novalidate>
              <CsrfField token={csrfToken} />
              <div class="field">
                <label htmlFor="url">Address of the page</label>
                <p id="url-hint" class="hint">
                  A page of {status.url}. It is fetched now: indexed if new or changed, removed if it is gone.
                </p>
                <input
                  id="url"
                  name="url"
                  type="url"
                  value={url}
                  autocomplete="off"
                  spellcheck={false}
                  aria-describedby="url-hint"
                  {...invalidIf(problems, 'url')}
                />
              </div>
              <button type="submit">Crawl this page again</button>
            </form>
          )}

          <h2 id="runs-heading">Last runs</h2>
          {status.runs.length === 0 ? (
            <p>No run has finished since the service started.</p>
          ) : (
            <TableScroll labelledBy="runs-heading">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Finished</th>
                    <th scope="col">Outcome</th>
                    {numbers.map((name) => (
                      <th scope="col" class="number">
                        {name[0]!.toUpperCase() + name.slice(1)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {status.runs.map((run) => (
                    <tr>
                      <th scope="row">{when(run.finished_at)}</th>
                      <td>{outcomeOf(run)}</td>
                      {numbers.map((name) => (
                        <td class="number">{run[name] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {last && (
            <>
              <Issues id="failures-heading" title="What failed in the last run" issues={last.failures ?? []} />
              <Issues id="skipped-heading" title="What the last run skipped" issues={last.skipped_urls ?? []} />
              {(last.notes ?? []).length > 0 && (
                <section aria-labelledby="notes-heading">
                  <h3 id="notes-heading">Notes on the site</h3>
                  <ul>
                    {last.notes!.map((note) => (
                      <li>{note}</li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}

          <h2 id="pages-heading">Pages crawled again</h2>
          {status.pages.length === 0 ? (
            <p>No page has been crawled again on request since the service started.</p>
          ) : (
            <TableScroll labelledBy="pages-heading">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Page</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Finished</th>
                  </tr>
                </thead>
                <tbody>
                  {status.pages.map((page) => (
                    <tr>
                      <th scope="row">{page.url}</th>
                      <td>
                        {page.outcome}
                        {page.reason ? `: ${page.reason}` : ''}
                      </td>
                      <td>{when(page.finished_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </Layout>
  );
}
