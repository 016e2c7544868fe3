import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PROXY_PATH } from 'civic-elements/core';
import { API_PREFIX } from '../search-proxy/routes';
import { ApiError, refuse } from '../write-api/api-error';
import { MAX_REQUEST_BYTES, MESSAGES } from '../write-api/app-search-rules';
import { requireKey, rootKeyRing } from '../credentials/require-key';
import type { KeyRing } from '../credentials/types';
import { readJsonBody } from '../write-api/json-body';
import { toCsv } from './csv';
import { readFilters, type ReportFilters } from './filters';
import { MAX_RETENTION_DAYS, type LogSettings, type LogSettingsSource } from './log-settings';
import { AnalyticsStoreUnavailableError } from './store-unavailable';
import type { AnalyticsStore } from './types';

export interface AnalyticsRoutesOptions {
  store: AnalyticsStore;
  settings: LogSettingsSource;
  /** Whether an engine exists (reports of any other are 404). */
  hasEngine: (name: string) => boolean;
  privateKey: string;
  /** The keys that may read the reports (a private key that reads the engine); default: only the service's own key. */
  keys?: KeyRing;
  /** Writes what is queued, so a report asked for right after a search counts it. */
  flush: () => Promise<void>;
  /** Called after the log settings changed (the recorder reads them again). */
  settingsChanged: () => void;
  now: () => number;
}

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;
/** A CSV export is for a spreadsheet: a longer list than a page, still bounded. */
const MAX_CSV_ROWS = 10_000;

const bad = (message: string) => new ApiError(400, [message]);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const iso = (ms: number) => new Date(ms).toISOString();

/** The request as App Search's clients send it (a JSON body), or, for a plain link, the same read from the query string. */
async function readRequest(c: Context): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (body !== undefined) {
    if (!isObject(body)) throw bad('The request body must be a JSON object.');
    return body;
  }
  const url = new URL(c.req.url);
  const all: Record<string, unknown>[] = [];
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (from || to) all.push({ date: { ...(from && { from }), ...(to && { to }) } });
  for (const tag of url.searchParams.getAll('tag')) all.push({ tag });
  for (const name of ['results', 'clicks'] as const) {
    const value = url.searchParams.get(name);
    if (value !== null) all.push({ [name]: value === 'true' });
  }
  const size = url.searchParams.get('size');
  return {
    ...(all.length && { filters: { all } }),
    ...(size !== null && { page: { size: Number(size) } }),
    ...(url.searchParams.has('interval') && { interval: url.searchParams.get('interval') }),
    ...(url.searchParams.has('query') && { query: url.searchParams.get('query') }),
  };
}

function pageSize(request: Record<string, unknown>, max: number): number {
  const page = request.page;
  if (page === undefined) return DEFAULT_PAGE_SIZE;
  if (!isObject(page)) throw bad('Page must be an object.');
  const size = page.size ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > max)
    throw bad(`Page size must be a whole number from 1 to ${max}.`);
  return size as number;
}

function pageCurrent(request: Record<string, unknown>): number {
  const current = isObject(request.page) ? (request.page.current ?? 1) : 1;
  if (!Number.isInteger(current) || (current as number) < 1 || (current as number) > 10_000)
    throw bad('Page current must be a whole number from 1 to 10000.');
  return current as number;
}

const wantsCsv = (c: Context) => new URL(c.req.url).searchParams.get('format') === 'csv';

function csvAnswer(c: Context, name: string, filters: ReportFilters, csv: string) {
  const file =
    `${c.req.param('engine')}-${name}-${iso(filters.range.from).slice(0, 10)}-to-${iso(filters.range.to).slice(0, 10)}.csv`.replace(
      /[^\w.-]/g,
      '_',
    );
  return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file}"` });
}

function settingsAnswer(settings: LogSettings, configured: LogSettings) {
  const part = (name: 'analytics' | 'api') => ({
    enabled: settings[name].enabled,
    retention_policy: {
      is_default: settings[name].retentionDays === configured[name].retentionDays,
      min_age_days: settings[name].retentionDays,
    },
  });
  return { analytics: part('analytics'), api: part('api') };
}

function readSettingsChange(body: unknown) {
  if (!isObject(body)) throw bad('Send the log settings as a JSON object.');
  const change: { analytics?: Partial<LogSettings['analytics']>; api?: Partial<LogSettings['api']> } = {};
  for (const [name, value] of Object.entries(body)) {
    if (name !== 'analytics' && name !== 'api')
      throw bad(`Log settings are analytics and api; ${JSON.stringify(name).slice(0, 40)} is not one of them.`);
    if (!isObject(value)) throw bad(`Log settings ${name} must be an object.`);
    const part: Partial<LogSettings['analytics']> = {};
    for (const [key, setting] of Object.entries(value)) {
      if (key === 'enabled') {
        if (typeof setting !== 'boolean') throw bad(`Log settings ${name}.enabled must be true or false.`);
        part.enabled = setting;
      } else if (key === 'retention_policy') {
        const days = isObject(setting) ? setting.min_age_days : undefined;
        if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > MAX_RETENTION_DAYS) {
          throw bad(`Log settings ${name}.retention_policy.min_age_days must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}.`);
        }
        part.retentionDays = days as number;
      } else throw bad(`Log settings ${name} take enabled and retention_policy; ${JSON.stringify(key).slice(0, 40)} is not one of them.`);
    }
    change[name] = part;
  }
  return change;
}

type Handler = (c: Context, engine: string) => Promise<Response>;

/**
 * App Search's analytics, API logs and log settings endpoints, at `/api/as/v1/` and under the proxy's path, each
 * needing a private key (see `keys`). Each report answers CSV too (`?format=csv`, filters from the body or the query string:
 * `from`, `to`, `tag`, `results`, `clicks`, `size`).
 */
export function analyticsRoutes(options: AnalyticsRoutesOptions): Hono {
  const { store, settings, hasEngine, now } = options;
  // Reports need a key that reads the engine; log settings concern every engine, so they need a key for all of
  // them: one that reads to see them, one that writes to change them.
  const keys = options.keys ?? rootKeyRing(options.privateKey);
  const authorised = requireKey({ keys, access: 'read', engineParam: 'engine' });
  const mayReadSettings = requireKey({ keys, access: 'read' });
  const mayChangeSettings = requireKey({ keys, access: 'write' });
  const sizeLimit = bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: (c) => refuse(c, new ApiError(413, [MESSAGES.requestTooLarge])) });
  const noStore: MiddlewareHandler = async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  };

  const queries: Handler = async (c, engine) => {
    const request = await readRequest(c);
    const filters = readFilters(request.filters, ['date', 'tag', 'results', 'clicks'], now());
    const csv = wantsCsv(c);
    const size = pageSize(request, csv ? MAX_CSV_ROWS : MAX_PAGE_SIZE);
    await options.flush();
    const rows = await store.topQueries({ engine, ...filters, limit: size });
    if (csv)
      return csvAnswer(
        c,
        'queries',
        filters,
        toCsv(
          ['term', 'queries', 'clicks'],
          rows.map((row) => [row.term, row.queries, row.clicks]),
        ),
      );
    return c.json({ meta: { page: { size } }, results: rows.map(({ term, queries, clicks }) => ({ term, queries, clicks })) });
  };

  const clicks: Handler = async (c, engine) => {
    const request = await readRequest(c);
    if (request.query !== undefined && typeof request.query !== 'string') throw bad('Query must be text.');
    const filters = readFilters(request.filters, ['date', 'tag'], now());
    const csv = wantsCsv(c);
    const size = pageSize(request, csv ? MAX_CSV_ROWS : MAX_PAGE_SIZE);
    await options.flush();
    const rows = await store.topClicks({ engine, ...filters, query: request.query as string | undefined, limit: size });
    if (csv)
      return csvAnswer(
        c,
        'clicks',
        filters,
        toCsv(
          ['document_id', 'clicks'],
          rows.map((row) => [row.documentId, row.clicks]),
        ),
      );
    return c.json({ meta: { page: { size } }, results: rows.map((row) => ({ document_id: row.documentId, clicks: row.clicks })) });
  };

  const counts: Handler = async (c, engine) => {
    const request = await readRequest(c);
    const interval = request.interval ?? 'day';
    if (interval !== 'day' && interval !== 'hour') throw bad('Interval must be "day" or "hour".');
    const filters = readFilters(request.filters, ['date', 'tag', 'query', 'document_id'], now());
    const units = (filters.range.to - filters.range.from) / (interval === 'hour' ? 3_600_000 : 86_400_000);
    if (units > 3 * 366) throw bad(`Counts cover at most ${3 * 366} ${interval}s: narrow the date filter.`);
    if (interval === 'hour' && (filters.query !== undefined || filters.documentId !== undefined))
      throw bad('Counts for one query or document are per day.');
    await options.flush();
    const rows = await store.counts({ engine, ...filters, interval });
    if (wantsCsv(c))
      return csvAnswer(
        c,
        'counts',
        filters,
        toCsv(
          ['from', 'to', 'queries', 'clicks'],
          rows.map((row) => [iso(row.from), iso(row.to), row.queries, row.clicks]),
        ),
      );
    return c.json({ results: rows.map((row) => ({ from: iso(row.from), to: iso(row.to), clicks: row.clicks, queries: row.queries })) });
  };

  const apiLogs: Handler = async (c, engine) => {
    const request = await readRequest(c);
    const filters = readFilters(request.filters, ['date', 'status', 'method'], now());
    const direction = request.sort_direction ?? 'asc';
    if (direction !== 'asc' && direction !== 'desc') throw bad('Sort direction must be "asc" or "desc".');
    const csv = wantsCsv(c);
    const size = pageSize(request, csv ? MAX_CSV_ROWS : MAX_PAGE_SIZE);
    const current = pageCurrent(request);
    await options.flush();
    const { results, total } = await store.apiLogs({
      engine,
      range: filters.range,
      status: filters.status,
      method: filters.method,
      ascending: direction === 'asc',
      offset: (current - 1) * size,
      limit: size,
    });
    if (csv) {
      return csvAnswer(
        c,
        'api-logs',
        filters,
        toCsv(
          ['timestamp', 'http_method', 'path', 'status', 'took_ms'],
          results.map((row) => [iso(row.at), row.method, row.path, row.status, row.tookMs]),
        ),
      );
    }
    return c.json({
      meta: {
        filters: {
          date: { from: iso(filters.range.from), to: iso(filters.range.to) },
          ...(filters.status !== undefined && { status: filters.status }),
          ...(filters.method && { method: filters.method }),
        },
        sort_direction: direction,
        page: { current, total_pages: Math.ceil(total / size), total_results: total, size },
      },
      // The call as it reached the service: never its body, query string, key or the client's address.
      results: results.map((row) => ({
        timestamp: iso(row.at),
        engine_name: row.engine,
        http_method: row.method,
        path: row.path,
        full_request_path: row.path,
        status: row.status,
        took: row.tookMs,
      })),
    });
  };

  const app = new Hono();
  const engineRoutes: Record<string, Handler> = {
    'analytics/queries': queries,
    'analytics/clicks': clicks,
    'analytics/counts': counts,
    'logs/api': apiLogs,
  };
  const answering = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof ApiError) return refuse(c, error);
      // A store that cannot be reached is said as such: empty figures would read as nobody having searched.
      if (error instanceof AnalyticsStoreUnavailableError) return c.json({ errors: [error.message] }, 503);
      throw error;
    }
  };
  for (const prefix of [API_PREFIX, `${PROXY_PATH}${API_PREFIX}`]) {
    for (const [path, handler] of Object.entries(engineRoutes)) {
      const route = `${prefix}/engines/:engine/${path}`;
      app.on(
        ['GET', 'POST'],
        route,
        noStore,
        authorised,
        sizeLimit,
        answering(async (c) => {
          const engine = c.req.param('engine')!;
          if (!hasEngine(engine)) throw new ApiError(404, [MESSAGES.unknownEngine]);
          return handler(c, engine);
        }),
      );
      app.all(route, noStore, (c) =>
        refuse(c, new ApiError(405, [`${c.req.method} is not allowed here; use GET or POST.`], { Allow: 'GET, POST' })),
      );
    }
    const settingsRoute = `${prefix}/log_settings`;
    app.get(
      settingsRoute,
      noStore,
      mayReadSettings,
      answering(async (c) => c.json(settingsAnswer(await settings.read(), settings.configured))),
    );
    app.put(
      settingsRoute,
      noStore,
      mayChangeSettings,
      sizeLimit,
      answering(async (c) => {
        const changed = await settings.change(readSettingsChange(await readJsonBody(c)));
        options.settingsChanged();
        return c.json(settingsAnswer(changed, settings.configured));
      }),
    );
    app.all(settingsRoute, noStore, (c) =>
      refuse(c, new ApiError(405, [`${c.req.method} is not allowed here; use GET or PUT.`], { Allow: 'GET, PUT' })),
    );
  }
  return app;
}
