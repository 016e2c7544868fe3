/** @jsxImportSource hono/jsx */
import { CREDENTIAL_MESSAGES } from '../../credentials/credential-rules';
import type { ConsoleContext, ConsoleScreen, ServiceFetch } from '../console-env';
import { MessagePage } from '../pages';
import { callApi, type ApiAnswer } from '../service-api';
import { formList, formText, type Problem } from './form-parts';
import {
  EMPTY_KEY_FORM,
  KEYS_PATH,
  KeyCreatedPage,
  KeysPage,
  NewKeyPage,
  RevokeKeyPage,
  type KeyFormValues,
  type KeyView,
} from './keys-pages';

const CREDENTIALS_API = '/api/as/v1/credentials';
const PAGE_SIZE = 100;

/** The form's fields as a create request: only what the chosen type has, so the API's own rules judge the rest. */
export function keyRequest(values: KeyFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { name: values.name.trim(), type: values.type || undefined };
  if (values.type === 'admin') return body;
  body.access_all_engines = values.scope === 'all';
  if (values.scope !== 'all') body.engines = [...values.engines];
  if (values.type === 'private') Object.assign(body, { read: values.read, write: values.write });
  return body;
}

/** The credentials API's texts by the field of the form each is about, so the summary can link to it. */
const FIELD_OF: ReadonlyMap<string, string> = new Map([
  [CREDENTIAL_MESSAGES.name, 'name'],
  [CREDENTIAL_MESSAGES.nameTaken, 'name'],
  [CREDENTIAL_MESSAGES.type, 'type-private'],
  [CREDENTIAL_MESSAGES.readWrite, 'read'],
  [CREDENTIAL_MESSAGES.searchRights, 'read'],
  [CREDENTIAL_MESSAGES.adminRights, 'read'],
  [CREDENTIAL_MESSAGES.adminEngines, 'scope-all'],
  [CREDENTIAL_MESSAGES.accessAll, 'scope-all'],
  [CREDENTIAL_MESSAGES.engines, 'scope-all'],
  [CREDENTIAL_MESSAGES.bothScopes, 'scope-all'],
]);
const fieldOf = (text: string) => FIELD_OF.get(text) ?? (text.startsWith('Engine "') ? 'scope-all' : undefined);

const problemsOf = (answer: ApiAnswer): Problem[] => answer.errors.map((text) => ({ text, field: fieldOf(text) }));

/** A refusal as a page: the API's own words, with its status. */
function refusedPage(c: ConsoleContext, answer: ApiAnswer) {
  const title = answer.status === 404 ? 'Key not found' : answer.status === 403 ? 'Not allowed' : 'The keys could not be read';
  return c.html(
    <MessagePage title={title} message={answer.errors.join(' ')} csrfToken={c.get('session').csrfToken} />,
    answer.status as 403 | 404 | 500,
  );
}

async function readKey(api: ServiceFetch, c: ConsoleContext) {
  return callApi<KeyView>(api, c, 'GET', `${CREDENTIALS_API}/${encodeURIComponent(c.req.param('name') ?? '')}`);
}

/**
 * Keys: list the service's keys, create one (shown once, on the page answering the creation) and revoke one after a
 * confirmation. Everything goes through the credentials API as the signed-in key, so only a key that may manage
 * credentials gets further than the API's refusal.
 */
export const keysScreen: ConsoleScreen = (app, services, { signedIn, csrfChecked }) => {
  const api = services.api;
  if (!api) return;

  app.get(KEYS_PATH, signedIn, async (c) => {
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    const answer = await callApi<{ meta: { page: { total_pages: number } }; results: KeyView[] }>(
      api,
      c,
      'GET',
      `${CREDENTIALS_API}?page[current]=${page}&page[size]=${PAGE_SIZE}`,
    );
    if (answer.status !== 200) return refusedPage(c, answer);
    // The notice names a key only if it is a key's name that is no longer listed: a made-up link cannot claim more.
    const revokedName = c.req.query('revoked');
    const revoked =
      revokedName && /^[A-Za-z0-9_-]{1,64}$/.test(revokedName) && !answer.body.results.some((key) => key.name === revokedName)
        ? revokedName
        : undefined;
    return c.html(
      <KeysPage
        csrfToken={c.get('session').csrfToken}
        keys={answer.body.results}
        page={page}
        totalPages={answer.body.meta.page.total_pages}
        notice={revoked ? `The key ${revoked} was revoked: it no longer works.` : undefined}
      />,
    );
  });

  app.get(`${KEYS_PATH}/new`, signedIn, async (c) => {
    // The same check the creation meets: a key that may not manage keys is told so before it fills in the form.
    const allowed = await callApi(api, c, 'GET', `${CREDENTIALS_API}?page[size]=1`);
    if (allowed.status !== 200) return refusedPage(c, allowed);
    return c.html(<NewKeyPage csrfToken={c.get('session').csrfToken} values={EMPTY_KEY_FORM} engineNames={services.engineNames()} />);
  });

  app.post(KEYS_PATH, signedIn, csrfChecked, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const values: KeyFormValues = {
      name: formText(form.name),
      type: formText(form.type),
      read: formText(form.read) === 'true',
      write: formText(form.write) === 'true',
      scope: formText(form.scope),
      engines: formList(form.engines),
    };
    const answer = await callApi<KeyView & { key?: string }>(api, c, 'POST', CREDENTIALS_API, keyRequest(values));
    const { csrfToken } = c.get('session');
    const { key: secret, ...made } = answer.status === 200 ? answer.body : { key: undefined };
    if (typeof secret !== 'string') {
      const status = answer.status >= 400 && answer.status < 600 ? answer.status : 500;
      return c.html(
        <NewKeyPage csrfToken={csrfToken} values={values} engineNames={services.engineNames()} problems={problemsOf(answer)} />,
        status as 400,
      );
    }
    return c.html(<KeyCreatedPage csrfToken={csrfToken} credential={made as KeyView} secret={secret} />);
  });

  app.get(`${KEYS_PATH}/:name/revoke`, signedIn, async (c) => {
    const answer = await readKey(api, c);
    if (answer.status !== 200) return refusedPage(c, answer);
    return c.html(<RevokeKeyPage csrfToken={c.get('session').csrfToken} credential={answer.body} />);
  });

  app.post(`${KEYS_PATH}/:name/revoke`, signedIn, csrfChecked, async (c) => {
    const name = c.req.param('name');
    const answer = await callApi(api, c, 'DELETE', `${CREDENTIALS_API}/${encodeURIComponent(name)}`);
    if (answer.status !== 200) {
      const current = await readKey(api, c);
      if (current.status !== 200) return refusedPage(c, answer);
      return c.html(
        <RevokeKeyPage csrfToken={c.get('session').csrfToken} credential={current.body} problems={problemsOf(answer)} />,
        answer.status as 400,
      );
    }
    // A session signed in with the key just revoked ends on this redirect: the guard checks the key again.
    return c.redirect(`${KEYS_PATH}?revoked=${encodeURIComponent(name)}`, 303);
  });
};
