export { createAnalytics, type Analytics, type AnalyticsOptions, type AnsweredCall, type CreateAnalyticsOptions } from './analytics';
export { createRedactor, normaliseTerm, type RedactionOptions, type RedactionPattern } from './redaction';
export { ANALYTICS_DB_FILE, OTHER_QUERIES, openSqliteAnalyticsStore, type SqliteAnalyticsLimits } from './sqlite-store';
export { openClusterAnalyticsStore, TERMS_WINDOW, type ClusterAnalyticsOptions } from './cluster-store';
export { clusterAnalyticsStoreFromEnv } from './cluster-store-from-env';
export { AnalyticsStoreUnavailableError } from './store-unavailable';
export { DEFAULT_LOG_SETTINGS, LOG_SETTINGS_COLLECTION, type LogSettings } from './log-settings';
export type * from './types';
