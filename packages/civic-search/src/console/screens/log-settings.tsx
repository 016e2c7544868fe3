/** @jsxImportSource hono/jsx */
import { refusal } from '../../credentials/grants';
import type { ConsoleContext, ConsoleScreen } from '../console-env';
import { MessagePage } from '../pages';
import { callApi, type ApiAnswer } from '../service-api';
import { formText, type Problem } from './form-parts';
import { LOG_SETTINGS_PATH, LogSettingsPage, type LogKindValues, type LogSettingsValues } from './log-settings-page';

const LOG_SETTINGS_API = '/api/as/v1/log_settings';

/** One kind of record as App Search's log settings API answers it. */
interface ApiLogKind {
  enabled: boolean;
  retention_policy: { is_default: boolean; min_age_days: number };
}
type ApiLogSettings = { analytics: ApiLogKind; api: ApiLogKind };

const valuesOf = (settings: ApiLogSettings): LogSettingsValues => {
  const kind = (part: ApiLogKind): LogKindValues => ({
    enabled: part.enabled,
    days: String(part.retention_policy.min_age_days),
    isDefault: part.retention_policy.is_default,
  });
  return { analytics: kind(settings.analytics), api: kind(settings.api) };
};

/**
 * The form as a change for the API. Days that are not a whole number go as typed, so the API's own check refuses
 * them with its own words.
 */
export function logSettingsRequest(values: LogSettingsValues) {
  const kind = (part: LogKindValues) => ({
    enabled: part.enabled,
    retention_policy: { min_age_days: /^\d{1,6}$/.test(part.days.trim()) ? Number(part.days.trim()) : part.days },
  });
  return { analytics: kind(values.analytics), api: kind(values.api) };
}

/** The field an API problem is about: its texts name the kind (`analytics.` or `api.`) they concern. */
const problemsOf = (answer: ApiAnswer): Problem[] =>
  answer.errors.map((text) => {
    const kind = /\b(analytics|api)\.retention_policy/.exec(text)?.[1];
    return kind ? { text, field: `${kind}-days` } : { text };
  });

function refusedPage(c: ConsoleContext, answer: ApiAnswer) {
  const title = answer.status === 403 ? 'Not allowed' : 'The log settings could not be read';
  return c.html(
    <MessagePage title={title} message={answer.errors.join(' ')} csrfToken={c.get('session').csrfToken} />,
    answer.status as 403,
  );
}

/**
 * Log settings: what the service records, what it removes first, and how long it keeps each kind of record, changed
 * through App Search's log settings API (a key that reads every engine sees them; one that writes every engine changes
 * them).
 */
export const logSettingsScreen: ConsoleScreen = (app, services, { signedIn, csrfChecked }) => {
  const api = services.api;
  if (!api) return;
  const switchedOff = (c: ConsoleContext) =>
    c.html(
      <MessagePage
        title="Log settings"
        message="Analytics are switched off on this service: nothing is recorded."
        csrfToken={c.get('session').csrfToken}
      />,
    );
  // Whether this key may change them, in the API's own words when not; the form then is not offered.
  const readOnly = (c: ConsoleContext) => refusal(c.get('grant'), 'write', undefined);

  app.get(LOG_SETTINGS_PATH, signedIn, async (c) => {
    if (!services.analytics) return switchedOff(c);
    const answer = await callApi<ApiLogSettings>(api, c, 'GET', LOG_SETTINGS_API);
    if (answer.status !== 200) return refusedPage(c, answer);
    return c.html(
      <LogSettingsPage
        csrfToken={c.get('session').csrfToken}
        values={valuesOf(answer.body)}
        readOnly={readOnly(c)}
        notice={c.req.query('saved') !== undefined ? 'The log settings were saved.' : undefined}
      />,
    );
  });

  app.post(LOG_SETTINGS_PATH, signedIn, csrfChecked, async (c) => {
    if (!services.analytics) return switchedOff(c);
    const form = await c.req.parseBody();
    const values: LogSettingsValues = {
      analytics: { enabled: formText(form['analytics-enabled']) === 'true', days: formText(form['analytics-days']) },
      api: { enabled: formText(form['api-enabled']) === 'true', days: formText(form['api-days']) },
    };
    const answer = await callApi<ApiLogSettings>(api, c, 'PUT', LOG_SETTINGS_API, logSettingsRequest(values));
    if (answer.status === 200) return c.redirect(`${LOG_SETTINGS_PATH}?saved`, 303);
    return c.html(
      <LogSettingsPage csrfToken={c.get('session').csrfToken} values={values} problems={problemsOf(answer)} />,
      answer.status as 400,
    );
  });
};
