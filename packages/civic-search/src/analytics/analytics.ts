import type { KeyGrant, KeyRing } from '../credentials/types';
import { join } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { cachedView, type OperatorStore } from '../operator-state';
import { bearerToken, rootKeyRing } from '../credentials/require-key';
import { clientAddress } from '../search-proxy/rate-limit';
import { clientAllowanceDefaults } from './client-caps';
import { checkedLogSettings, logSettingsSource, type LogSettings } from './log-settings';
import { DEFAULT_POPULAR_SUGGESTIONS, popularSuggestions, type PopularSuggestionOptions } from './popular';
import { createRecorder, type RecorderCounters } from './recorder';
import { createRedactor, normaliseTerm, type RedactionOptions } from './redaction';
import { applyRetention, dailyJob } from './retention';
import { analyticsRoutes } from './routes';
import { ANALYTICS_DB_FILE, openSqliteAnalyticsStore, type SqliteAnalyticsLimits } from './sqlite-store';
import type { ClientCaps } from './client-caps';
import type { AnalyticsStore } from './types';
import { dailyVisitorHash } from './visitor-hash';

/** What the service's options say about analytics. */
export interface AnalyticsOptions {
  /** Record anything at all (default true); false: no store is opened and the analytics endpoints are not served. */
  enabled?: boolean;
  /** What is recorded and for how long before the log settings API changes it (defaults: on, 180 and 7 days). */
  logSettings?: { analytics?: Partial<LogSettings['analytics']>; api?: Partial<LogSettings['api']> };
  /** Postcodes and the operator's own patterns to remove from terms (emails, phones, IRD, NI and card numbers always are). */
  redaction?: RedactionOptions;
  /** What one client may add in a day. */
  clientCaps?: Partial<ClientCaps>;
  /** The embedded store's bounds. */
  limits?: SqliteAnalyticsLimits;
  /** Where analytics are kept; default: `analytics.db` in the data folder (the service gives a cluster's store for a cluster backend). */
  store?: AnalyticsStore;
  /** Offer popular searches among query suggestions (default false). */
  popularSuggestions?: boolean | Partial<PopularSuggestionOptions>;
}

/** One call the proxy answered, as the recording hook receives it. */
export interface AnsweredCall {
  engine: string;
  action: 'search' | 'query_suggestion' | 'click';
  params: Record<string, unknown>;
}

export interface Analytics {
  /**
   * Called by the proxy with each answer it is about to send: queues what to record (nothing is written on the
   * request path) and returns the answer to send (suggestions may gain popular searches).
   */
  answered(c: Context, call: AnsweredCall, answer: object, client: string, startedAt: number): object;
  /**
   * Records a search the server-rendered results page made straight on the backend, as a visitor's search (the
   * request as sent, its answer, and when it started by `performance.now()`).
   */
  pageSearched(c: Context, search: { engine: string; request: object; answer: object; startedAt: number }): void;
  /** Logs API calls of known engines (method, path, status, time). */
  readonly apiLog: MiddlewareHandler;
  readonly routes: Hono;
  readonly store: AnalyticsStore;
  /** Writes what is queued. */
  flush(): Promise<void>;
  /** Runs the daily clean-up now (`now`: the clock it goes by). */
  applyRetention(now?: number): Promise<number>;
  counters(): Readonly<RecorderCounters>;
  close(): Promise<void>;
}

export interface CreateAnalyticsOptions extends AnalyticsOptions {
  dataDir?: string;
  operatorStore: OperatorStore;
  privateKey: string;
  /**
   * The service's keys (the credentials API's): they may read the reports, and a search sent with a private or admin
   * key is the operator's, not a visitor's. Default: only the service's own key.
   */
  keys?: KeyRing;
  /** The visitor's address as the service sees it (behind a trusted proxy, from its header); hashed, never kept. */
  clientKey?: (c: Context) => string;
  hasEngine: (name: string) => boolean;
  now?: () => number;
  log?: (message: string) => void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const tagList = (value: unknown) => (Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : []);
/** Keys the operator's tools use (the service's own, private and admin keys); public search keys are visitors'. */
const isOperatorKey = (grant: KeyGrant | undefined) => grant !== undefined && grant.type !== 'search';

function searchFacts(params: Record<string, unknown>, answer: object) {
  const meta = isObject((answer as { meta?: unknown }).meta) ? (answer as { meta: Record<string, unknown> }).meta : {};
  const page = isObject(meta.page) ? meta.page : {};
  const filters = params.filters;
  return {
    results: typeof page.total_results === 'number' ? page.total_results : 0,
    page: isObject(params.page) && typeof params.page.current === 'number' ? params.page.current : 1,
    filtered: Array.isArray(filters) ? filters.length > 0 : isObject(filters) && Object.keys(filters).length > 0,
    requestId: text(meta.request_id),
    tags: tagList(isObject(params.analytics) ? params.analytics.tags : undefined),
  };
}

/** Search analytics for the service: the recorder, the store, the daily clean-up, popular suggestions and the API. */
export function createAnalytics(options: CreateAnalyticsOptions): Analytics {
  const now = options.now ?? Date.now;
  const log = options.log ?? console.error;
  const configured = checkedLogSettings(options.logSettings);
  const redact = createRedactor(options.redaction);
  const store = options.store ?? openSqliteAnalyticsStore(join(options.dataDir ?? '.', ANALYTICS_DB_FILE), { limits: options.limits, log });
  const settings = logSettingsSource(options.operatorStore, configured);
  const settingsView = cachedView(options.operatorStore, () => settings.read());
  const recorder = createRecorder({
    store,
    redact,
    caps: clientAllowanceDefaults(options.clientCaps),
    settings: () => settingsView.read(),
    log,
  });
  const popularOptions = options.popularSuggestions
    ? { ...DEFAULT_POPULAR_SUGGESTIONS, ...(isObject(options.popularSuggestions) && options.popularSuggestions) }
    : undefined;
  const popular = popularOptions && popularSuggestions(store, popularOptions, now);
  const keys = options.keys ?? rootKeyRing(options.privateKey);
  const clientKey = options.clientKey ?? clientAddress;
  const retention = async (at = now()) => {
    const deleted = await applyRetention(store, await settingsView.read(), at);
    return deleted;
  };
  const job = dailyJob(() => retention(), log);

  const hashClient = dailyVisitorHash(now);
  /** Key look-ups under way: a flush waits for them, so what was answered before it is written by it. */
  const lookups = new Set<Promise<void>>();
  /**
   * Runs `record` unless the request carries a key of the operator's tools (previews, tests, scripts given a private
   * or admin key): their searches are not visitors'. The key is looked up off the request path.
   */
  const unlessOperator = (c: Context, record: () => void) => {
    const token = bearerToken(c);
    if (token === undefined) return record();
    const lookup = keys.grantFor(token).then(
      (grant) => {
        if (!isOperatorKey(grant)) record();
      },
      (error: Error) => log(`analytics: a search was not recorded, its key could not be looked up (${error.message})`),
    );
    lookups.add(lookup);
    void lookup.finally(() => lookups.delete(lookup));
  };
  const flush = async () => {
    await Promise.all(lookups);
    await recorder.flush();
  };

  const answered: Analytics['answered'] = (c, call, answer, client, startedAt) => {
    const { engine, action, params } = call;
    let sent = answer;
    if (action === 'query_suggestion' && popular)
      sent = withPopular(answer, popular.matching(engine, normaliseTerm(text(params.query)), sizeOf(params)), sizeOf(params));
    if (params.record_analytics === false) return sent;
    const at = now();
    const tookMs = performance.now() - startedAt;
    const visitor = hashClient(client);
    if (action === 'click') {
      unlessOperator(c, () =>
        recorder.click({
          engine,
          at,
          query: text(params.query),
          documentId: text(params.document_id),
          requestId: text(params.request_id),
          tags: tagList(params.tags),
          client: visitor,
        }),
      );
      return sent;
    }
    const facts =
      action === 'search'
        ? searchFacts(params, answer)
        : {
            results: suggestionCount(sent),
            page: 1,
            filtered: false,
            requestId: text((sent as { meta?: { request_id?: unknown } }).meta?.request_id),
            tags: [],
          };
    unlessOperator(c, () =>
      recorder.search({
        engine,
        at,
        query: text(params.query),
        kind: action === 'search' ? 'search' : 'suggestion',
        tookMs,
        client: visitor,
        ...facts,
      }),
    );
    return sent;
  };

  return {
    answered,
    pageSearched: (c, { engine, request, answer, startedAt }) => {
      answered(c, { engine, action: 'search', params: request as Record<string, unknown> }, answer, clientKey(c), startedAt);
    },
    apiLog: async (c, next) => {
      const started = performance.now();
      await next();
      const engine = c.req.param('engine');
      if (engine === undefined || !options.hasEngine(engine)) return;
      // The path only: a query string can hold a visitor's search, and the body is never logged.
      recorder.apiCall({
        engine,
        at: now(),
        method: c.req.method,
        path: c.req.path.slice(0, 256),
        status: c.res.status,
        tookMs: performance.now() - started,
      });
    },
    routes: analyticsRoutes({
      store,
      settings,
      hasEngine: options.hasEngine,
      privateKey: options.privateKey,
      ...(options.keys && { keys: options.keys }),
      flush,
      settingsChanged: () => settingsView.invalidate(),
      now,
    }),
    store,
    flush,
    applyRetention: retention,
    counters: () => recorder.counters(),
    async close() {
      await job.stop();
      await Promise.all(lookups);
      await recorder.close();
      await store.close();
    },
  };
}

const sizeOf = (params: Record<string, unknown>) => (typeof params.size === 'number' ? params.size : 5);

function suggestionCount(answer: object): number {
  const documents = (answer as { results?: { documents?: unknown } }).results?.documents;
  return Array.isArray(documents) ? documents.length : 0;
}

/** Popular searches first (people searched them and opened a result), then the engine's own, without repeats. */
function withPopular(answer: object, popularTerms: string[], size: number): object {
  if (popularTerms.length === 0) return answer;
  const own = (answer as { results: { documents: { suggestion: string }[] } }).results.documents.map((document) => document.suggestion);
  const merged = [...new Set([...popularTerms, ...own])].slice(0, size);
  return { ...answer, results: { ...(answer as { results: object }).results, documents: merged.map((suggestion) => ({ suggestion })) } };
}
