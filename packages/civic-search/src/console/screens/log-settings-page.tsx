/** @jsxImportSource hono/jsx */
import { MAX_RETENTION_DAYS } from '../../analytics/log-settings';
import { CONSOLE_PATH, Layout } from '../pages';
import { Breadcrumb, CsrfField, ErrorSummary, Notice, invalidIf, type Problem } from './form-parts';

export const LOG_SETTINGS_PATH = `${CONSOLE_PATH}/log-settings`;

/** One kind of record as the form holds it: recorded or not, and its days as typed. */
export interface LogKindValues {
  enabled: boolean;
  days: string;
  isDefault?: boolean;
}

export interface LogSettingsValues {
  analytics: LogKindValues;
  api: LogKindValues;
}

interface LogSettingsPageProps {
  csrfToken: string;
  values: LogSettingsValues;
  problems?: readonly Problem[];
  notice?: string;
  /** The signed-in key may read the settings but not change them: the form is not offered. */
  readOnly?: string;
}

const KINDS = [
  {
    name: 'analytics',
    title: 'Search analytics',
    lower: 'search analytics',
    what: 'What visitors search for, what finds nothing and which results they open.',
  },
  { name: 'api', title: 'API logs', lower: 'API logs', what: 'Calls to the service’s API: method, path, status and time taken.' },
] as const;

/** What the service records, what it removes first, and for how long it keeps each kind, with the form that changes it. */
export function LogSettingsPage({ csrfToken, values, problems = [], notice, readOnly }: LogSettingsPageProps) {
  return (
    <Layout title={problems.length > 0 ? 'Error: Log settings' : 'Log settings'} csrfToken={csrfToken}>
      <Breadcrumb />
      <h1>Log settings</h1>
      <Notice text={notice} />
      <ErrorSummary problems={problems} />
      <h2>What is recorded</h2>
      <ul>
        <li>
          <strong>Searches</strong> through the site’s search box and results page, and query suggestions: the words searched for, tags, how
          many results were found, the page of results, whether filters were used, the time taken.
        </li>
        <li>
          <strong>Clicks</strong> on results: the words searched for and the document opened.
        </li>
        <li>
          <strong>API calls</strong> to an engine: method, path, status and time taken. Never a query string, a body, a key or an address.
        </li>
      </ul>
      <p>
        Not recorded: searches made with a private or admin key (the council’s own tools, this console’s previews) and searches that ask not
        to be (<code>record_analytics: false</code>).
      </p>
      <h2>What is removed before anything is kept</h2>
      <ul>
        <li>
          Email addresses, phone numbers, IRD numbers, National Insurance numbers and payment card numbers are replaced by placeholders such
          as [email] and [phone].
        </li>
        <li>Longer runs of digits typed together are replaced by [number]. Years, dates, street numbers and form names stay.</li>
        <li>Postcodes and the council’s own patterns are removed too when the service is set up to remove them.</li>
        <li>
          No visitor’s address is stored. Visitors are counted by a code made from the address with a key that changes every day and is
          never written down.
        </li>
      </ul>
      <h2>For how long</h2>
      <p>
        Records older than their kind’s retention are deleted by a clean-up that runs every day; a shorter retention takes effect at the
        next clean-up. Turning a kind off stops new records; what is kept still ages out.
      </p>
      {readOnly ? (
        <>
          <dl class="facts">
            {KINDS.map((kind) => (
              <>
                <dt>{kind.title}</dt>
                <dd>
                  {values[kind.name].enabled ? 'Recorded' : 'Not recorded'}, kept {values[kind.name].days} days
                </dd>
              </>
            ))}
          </dl>
          <p class="notice">{readOnly}</p>
        </>
      ) : (
        <form method="post" action={LOG_SETTINGS_PATH} class="admin-form" novalidate>
          <CsrfField token={csrfToken} />
          {KINDS.map((kind) => {
            const kindValues = values[kind.name];
            return (
              <fieldset>
                <legend>{kind.title}</legend>
                <p class="hint">{kind.what}</p>
                <div class="admin-choice">
                  <input
                    id={`${kind.name}-enabled`}
                    name={`${kind.name}-enabled`}
                    type="checkbox"
                    value="true"
                    {...(kindValues.enabled ? { checked: true } : {})}
                  />
                  <label htmlFor={`${kind.name}-enabled`}>Record {kind.lower}</label>
                </div>
                <div class="field">
                  <label htmlFor={`${kind.name}-days`}>Keep {kind.lower} for (days)</label>
                  <p id={`${kind.name}-days-hint`} class="hint">
                    A whole number from 1 to {MAX_RETENTION_DAYS}.{kindValues.isDefault ? ' This is the service’s default.' : ''}
                  </p>
                  <input
                    id={`${kind.name}-days`}
                    name={`${kind.name}-days`}
                    type="text"
                    inputmode="numeric"
                    class="short"
                    value={kindValues.days}
                    aria-describedby={`${kind.name}-days-hint`}
                    {...invalidIf(problems, `${kind.name}-days`)}
                  />
                </div>
              </fieldset>
            );
          })}
          <button type="submit">Save log settings</button>
        </form>
      )}
    </Layout>
  );
}
