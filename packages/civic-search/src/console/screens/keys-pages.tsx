/** @jsxImportSource hono/jsx */
import { CONSOLE_PATH, Layout } from '../pages';
import { Breadcrumb, CsrfField, ErrorSummary, Notice, invalidIf, type Problem } from './form-parts';
import { TableScroll } from '../table-scroll';

export const KEYS_PATH = `${CONSOLE_PATH}/keys`;
export const keyPath = (name: string, action: 'revoke') => `${KEYS_PATH}/${encodeURIComponent(name)}/${action}`;

/**
 * A key as the credentials API lists it. It has no `key` field: the API shows a key only in the answer that makes it,
 * and these pages name only the fields below, so an existing key's secret cannot reach a page.
 */
export interface KeyView {
  name: string;
  type: string;
  read?: boolean;
  write?: boolean;
  access_all_engines?: boolean;
  engines?: string[];
  created_at?: string;
}

/** What a key may do, in words. */
export function keyRights(key: KeyView): string {
  if (key.type === 'admin') return 'Manages keys';
  if (key.type === 'search') return 'Searches';
  if (key.read && key.write) return 'Reads and changes';
  return key.write ? 'Changes' : 'Reads';
}

export const keyEngines = (key: KeyView) =>
  key.type === 'admin' ? 'None (keys only)' : key.access_all_engines ? 'All engines' : (key.engines ?? []).join(', ');

const typeLabels: Record<string, string> = { private: 'Private', search: 'Search', admin: 'Admin' };

interface KeysPageProps {
  csrfToken: string;
  keys: readonly KeyView[];
  page: number;
  totalPages: number;
  notice?: string;
}

/** The service's keys: what each may do and where, never the key itself. */
export function KeysPage({ csrfToken, keys, page, totalPages, notice }: KeysPageProps) {
  return (
    <Layout title="Keys" csrfToken={csrfToken}>
      <Breadcrumb />
      <h1>Keys</h1>
      <Notice text={notice} />
      <p>
        Each key lets a site, a CMS or a person use the service's API. A key is shown once, when it is made; this list shows what each may
        do, never the key itself. The service's own key is not listed.
      </p>
      <p>
        <a href={`${KEYS_PATH}/new`} class="button-link">
          Create a key
        </a>
      </p>
      {keys.length === 0 ? (
        <p>No keys have been made yet.</p>
      ) : (
        <TableScroll labelledBy="keys-caption">
          <table>
            <caption id="keys-caption">Keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">May</th>
                <th scope="col">Engines</th>
                <th scope="col">Made</th>
                <th scope="col">
                  <span class="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr>
                  <th scope="row">{key.name}</th>
                  <td>{typeLabels[key.type] ?? key.type}</td>
                  <td>{keyRights(key)}</td>
                  <td>{keyEngines(key)}</td>
                  <td>{key.created_at?.slice(0, 10) ?? ''}</td>
                  <td>
                    <a href={keyPath(key.name, 'revoke')}>
                      Revoke<span class="visually-hidden"> {key.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {totalPages > 1 && (
        <nav aria-label="Pages of keys" class="pager">
          {page > 1 && <a href={`${KEYS_PATH}?page=${page - 1}`}>Previous page</a>}
          <span>
            Page {page} of {totalPages}
          </span>
          {page < totalPages && <a href={`${KEYS_PATH}?page=${page + 1}`}>Next page</a>}
        </nav>
      )}
    </Layout>
  );
}

/** What the create form holds, as the user typed it. */
export interface KeyFormValues {
  name: string;
  type: string;
  read: boolean;
  write: boolean;
  scope: string;
  engines: readonly string[];
}

export const EMPTY_KEY_FORM: KeyFormValues = { name: '', type: '', read: true, write: false, scope: 'all', engines: [] };

interface NewKeyPageProps {
  csrfToken: string;
  values: KeyFormValues;
  engineNames: readonly string[];
  problems?: readonly Problem[];
}

const checked = (on: boolean) => (on ? { checked: true } : {});

/** The form that makes a key: its name, its type, what a private key may do, and the engines it reaches. */
export function NewKeyPage({ csrfToken, values, engineNames, problems = [] }: NewKeyPageProps) {
  const types = [
    { value: 'private', label: 'Private', hint: 'Reads and/or changes engines: for a CMS, scripts, or signing in to this console.' },
    { value: 'search', label: 'Search', hint: 'Only searches. Safe to put in a web page.' },
    { value: 'admin', label: 'Admin', hint: 'Only manages keys (this screen). Reaches no engine.' },
  ];
  return (
    <Layout title={problems.length > 0 ? 'Error: Create a key' : 'Create a key'} csrfToken={csrfToken}>
      <Breadcrumb links={[{ href: KEYS_PATH, label: 'Keys' }]} />
      <h1>Create a key</h1>
      <ErrorSummary problems={problems} />
      <form method="post" action={KEYS_PATH} class="admin-form" novalidate>
        <CsrfField token={csrfToken} />
        <div class="field">
          <label htmlFor="name">Name</label>
          <p id="name-hint" class="hint">
            1 to 64 letters, digits, dashes or underscores, such as <code>website-search</code>. It cannot be changed.
          </p>
          <input
            id="name"
            name="name"
            type="text"
            value={values.name}
            autocomplete="off"
            spellcheck={false}
            aria-describedby="name-hint"
            {...invalidIf(problems, 'name')}
          />
        </div>
        <fieldset>
          <legend>Type</legend>
          {types.map((type) => (
            <div class="admin-choice">
              <input
                id={`type-${type.value}`}
                name="type"
                type="radio"
                value={type.value}
                aria-describedby={`type-${type.value}-hint`}
                {...checked(values.type === type.value)}
                {...invalidIf(problems, `type-${type.value}`)}
              />
              <label htmlFor={`type-${type.value}`}>{type.label}</label>
              <p id={`type-${type.value}-hint`} class="hint">
                {type.hint}
              </p>
            </div>
          ))}
        </fieldset>
        <fieldset aria-describedby="rights-hint">
          <legend>What a private key may do</legend>
          <p id="rights-hint" class="hint">
            For private keys only; leave as they are for search and admin keys.
          </p>
          <div class="admin-choice">
            <input id="read" name="read" type="checkbox" value="true" {...checked(values.read)} {...invalidIf(problems, 'read')} />
            <label htmlFor="read">Read: see documents, schema and reports</label>
          </div>
          <div class="admin-choice">
            <input id="write" name="write" type="checkbox" value="true" {...checked(values.write)} />
            <label htmlFor="write">Write: add, change and delete documents and search settings</label>
          </div>
        </fieldset>
        <fieldset aria-describedby="scope-hint">
          <legend>Engines</legend>
          <p id="scope-hint" class="hint">
            For private and search keys; an admin key reaches no engine.
          </p>
          <div class="admin-choice">
            <input
              id="scope-all"
              name="scope"
              type="radio"
              value="all"
              {...checked(values.scope === 'all')}
              {...invalidIf(problems, 'scope-all')}
            />
            <label htmlFor="scope-all">All engines, including engines made later</label>
          </div>
          <div class="admin-choice">
            <input id="scope-chosen" name="scope" type="radio" value="chosen" {...checked(values.scope === 'chosen')} />
            <label htmlFor="scope-chosen">Only the engines ticked below</label>
          </div>
          {engineNames.length > 0 && (
            <ul class="engine-choices">
              {engineNames.map((engine, index) => (
                <li class="admin-choice">
                  <input
                    id={`engine-${index}`}
                    name="engines"
                    type="checkbox"
                    value={engine}
                    {...checked(values.engines.includes(engine))}
                  />
                  <label htmlFor={`engine-${index}`}>{engine}</label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <button type="submit">Create key</button>
      </form>
    </Layout>
  );
}

/**
 * The answer to a key's creation, the one page that ever holds the key. It is the POST's own 200 answer (never a page
 * a redirect leads to, which a reload or the history could show again), sent `Cache-Control: no-store`.
 */
export function KeyCreatedPage({ csrfToken, credential: key, secret }: { csrfToken: string; credential: KeyView; secret: string }) {
  return (
    <Layout title={`Key created: ${key.name}`} csrfToken={csrfToken}>
      <Breadcrumb links={[{ href: KEYS_PATH, label: 'Keys' }]} />
      <h1>Key created: {key.name}</h1>
      <div class="key-once">
        <p>
          <strong>Copy the key now. It will not be shown again.</strong> The service keeps only a fingerprint of it, so nobody can see it
          later, you included. If it is lost, revoke it and create another.
        </p>
        <label htmlFor="new-key">The new key</label>
        <input id="new-key" type="text" readonly value={secret} autocomplete="off" spellcheck={false} class="key-value" />
      </div>
      <dl class="facts">
        <dt>Type</dt>
        <dd>{typeLabels[key.type] ?? key.type}</dd>
        <dt>May</dt>
        <dd>{keyRights(key)}</dd>
        <dt>Engines</dt>
        <dd>{keyEngines(key)}</dd>
      </dl>
      <p>
        <a href={KEYS_PATH}>Back to the keys</a>
      </p>
    </Layout>
  );
}

/** The confirmation a revoke needs, on a page of its own so it works without scripts. */
export function RevokeKeyPage({
  csrfToken,
  credential: key,
  problems = [],
}: {
  csrfToken: string;
  credential: KeyView;
  problems?: readonly Problem[];
}) {
  return (
    <Layout title={`Revoke the key ${key.name}?`} csrfToken={csrfToken}>
      <Breadcrumb links={[{ href: KEYS_PATH, label: 'Keys' }]} />
      <h1>Revoke the key {key.name}?</h1>
      <ErrorSummary problems={problems} />
      <dl class="facts">
        <dt>Type</dt>
        <dd>{typeLabels[key.type] ?? key.type}</dd>
        <dt>May</dt>
        <dd>{keyRights(key)}</dd>
        <dt>Engines</dt>
        <dd>{keyEngines(key)}</dd>
      </dl>
      <p class="warning">
        Everything using this key stops working at once: a site's search box, a CMS, a script. Anyone signed in to this console with it is
        signed out. This cannot be undone.
      </p>
      <form method="post" action={keyPath(key.name, 'revoke')} class="confirm-actions">
        <CsrfField token={csrfToken} />
        <button type="submit" class="danger">
          Revoke the key
        </button>
        <a href={KEYS_PATH}>Cancel</a>
      </form>
    </Layout>
  );
}
