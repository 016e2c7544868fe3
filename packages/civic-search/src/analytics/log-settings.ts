import { SERVICE_SCOPE, type OperatorStore } from '../operator-state';

/** What is recorded and for how long, as App Search's log settings API shows it. */
export interface LogSettings {
  analytics: { enabled: boolean; retentionDays: number };
  api: { enabled: boolean; retentionDays: number };
}

export const DEFAULT_LOG_SETTINGS: LogSettings = {
  analytics: { enabled: true, retentionDays: 180 },
  api: { enabled: true, retentionDays: 7 },
};

/** The operator store collection and record that hold the settings changed through the API. */
export const LOG_SETTINGS_COLLECTION = 'log-settings';
const SETTINGS_ID = 'settings';
/** Nothing is kept past this, whatever is asked: a retention longer than five years is a mistake, not a policy. */
export const MAX_RETENTION_DAYS = 5 * 366;

type StoredSettings = { analytics?: Partial<LogSettings['analytics']>; api?: Partial<LogSettings['api']> };

/** Settings from the service's options over the defaults, then what was set through the API over those. */
export function logSettingsSource(store: OperatorStore, configured: LogSettings) {
  const collection = store.collection<StoredSettings>(LOG_SETTINGS_COLLECTION);
  const merge = (stored: StoredSettings | undefined): LogSettings => ({
    analytics: { ...configured.analytics, ...stored?.analytics },
    api: { ...configured.api, ...stored?.api },
  });
  return {
    configured,
    async read(): Promise<LogSettings> {
      return merge((await collection.get(SERVICE_SCOPE, SETTINGS_ID))?.value);
    },
    /** Keeps a change on top of what was set before; resolves with the settings now in force. */
    async change(change: StoredSettings): Promise<LogSettings> {
      const before = (await collection.get(SERVICE_SCOPE, SETTINGS_ID))?.value ?? {};
      const next: StoredSettings = {
        analytics: { ...before.analytics, ...change.analytics },
        api: { ...before.api, ...change.api },
      };
      await collection.put(SERVICE_SCOPE, SETTINGS_ID, next);
      return merge(next);
    },
  };
}

export type LogSettingsSource = ReturnType<typeof logSettingsSource>;

/** Checks settings given as the service's options. */
export function checkedLogSettings(
  given: { analytics?: Partial<LogSettings['analytics']>; api?: Partial<LogSettings['api']> } = {},
): LogSettings {
  const settings: LogSettings = {
    analytics: { ...DEFAULT_LOG_SETTINGS.analytics, ...given.analytics },
    api: { ...DEFAULT_LOG_SETTINGS.api, ...given.api },
  };
  for (const [name, part] of Object.entries(settings)) {
    if (!Number.isInteger(part.retentionDays) || part.retentionDays < 1 || part.retentionDays > MAX_RETENTION_DAYS) {
      throw new Error(`analytics: ${name}.retentionDays must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}.`);
    }
  }
  return settings;
}
