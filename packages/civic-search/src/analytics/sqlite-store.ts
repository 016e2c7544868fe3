import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { dayOf, hourOf, monthEndDay, monthOf, DAY_MS, HOUR_MS } from './periods';
import { DAILY, MONTHLY, tagScope } from './sqlite-scopes';
import { readPopularQueries, readTopClicks, readTopQueries, TOP_LIST_INDEXES } from './sqlite-top-lists';
import { UNMET_LIST_INDEXES } from './sqlite-unmet-lists';
import type {
  AnalyticsStore,
  ApiLogEvent,
  ApiLogQuery,
  ClickEvent,
  ClickRow,
  CountRow,
  PopularQuery,
  QueryReportOptions,
  QueryRow,
  SearchEvent,
} from './types';

/** The file in the data folder that keeps analytics, apart from the operator's settings: it is event data, bounded and expiring. */
export const ANALYTICS_DB_FILE = 'analytics.db';
/**
 * 2: document click roll-ups and the indexes year-wide top lists are read by. 3: hourly counts of the searches that
 * found something.
 */
const SCHEMA_VERSION = 3;
/** The term that new queries of a day are counted under once the day already holds `maxQueriesPerDay` of them. */
export const OTHER_QUERIES = '[other queries]';

export interface SqliteAnalyticsLimits {
  /** Distinct query terms (with their tags) kept per engine and day; later new ones are counted under OTHER_QUERIES. */
  maxQueriesPerDay?: number;
  /** Searches kept one by one (with page, time and request id) per engine and day; the roll-ups count every one. */
  maxSearchEventsPerDay?: number;
  /** API calls logged per engine and day. */
  maxApiLogsPerDay?: number;
}

export const DEFAULT_SQLITE_LIMITS: Required<SqliteAnalyticsLimits> = {
  maxQueriesPerDay: 20_000,
  maxSearchEventsPerDay: 100_000,
  maxApiLogsPerDay: 100_000,
};

const CREATE = `
  CREATE TABLE IF NOT EXISTS query_rollups (
    engine TEXT NOT NULL, period INTEGER NOT NULL, start INTEGER NOT NULL, tags TEXT NOT NULL, query TEXT NOT NULL,
    queries INTEGER NOT NULL, with_results INTEGER NOT NULL, clicks INTEGER NOT NULL, clients INTEGER NOT NULL,
    redacted INTEGER NOT NULL,
    PRIMARY KEY (engine, period, start, tags, query)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS click_rollups (
    engine TEXT NOT NULL, period INTEGER NOT NULL, start INTEGER NOT NULL, tags TEXT NOT NULL, query TEXT NOT NULL,
    document_id TEXT NOT NULL, clicks INTEGER NOT NULL,
    PRIMARY KEY (engine, period, start, tags, query, document_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS document_clicks (
    engine TEXT NOT NULL, period INTEGER NOT NULL, start INTEGER NOT NULL, tags TEXT NOT NULL, document_id TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (engine, period, start, tags, document_id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS hour_counts (
    engine TEXT NOT NULL, hour INTEGER NOT NULL, tags TEXT NOT NULL, queries INTEGER NOT NULL, clicks INTEGER NOT NULL,
    found INTEGER,
    PRIMARY KEY (engine, hour, tags)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS query_clients (
    engine TEXT NOT NULL, day INTEGER NOT NULL, query TEXT NOT NULL, client TEXT NOT NULL,
    PRIMARY KEY (engine, day, query, client)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS search_events (
    engine TEXT NOT NULL, day INTEGER NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL, query TEXT NOT NULL,
    tags TEXT NOT NULL, results INTEGER NOT NULL, page INTEGER NOT NULL, filtered INTEGER NOT NULL,
    took_ms INTEGER NOT NULL, request_id TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS search_events_day ON search_events (day);
  CREATE TABLE IF NOT EXISTS api_logs (
    engine TEXT NOT NULL, at INTEGER NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL, status INTEGER NOT NULL,
    took_ms INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS api_logs_time ON api_logs (engine, at);
`;

const tagsKey = (tags: readonly string[]) => JSON.stringify([...new Set(tags)].sort());

/** Opens the file, or, when it cannot be read, deletes it and starts an empty one: analytics are never worth a failed start. */
function openDatabase(file: string, log: (message: string) => void): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  const open = () => {
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      // Losing the last second of analytics to a power cut is acceptable; fsync on every batch is not worth it.
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      // 32 MiB of page cache (SQLite's default is 2): a busy day's roll-up rows and the term indexes stay in memory
      // while batches add to them.
      db.pragma('cache_size = -32768');
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA_VERSION) throw new Error(`written by a newer civic-search (layout ${version})`);
      db.transaction(() => {
        db.exec(CREATE);
        db.exec(TOP_LIST_INDEXES);
        db.exec(UNMET_LIST_INDEXES);
        if (version === 1) {
          // A file from before document roll-ups: they are summed once from the click roll-ups it holds.
          db.exec(`INSERT INTO document_clicks (engine, period, start, tags, document_id, clicks)
            SELECT engine, period, start, tags, document_id, SUM(clicks) FROM click_rollups
            GROUP BY engine, period, start, tags, document_id`);
        }
        // An hour recorded before found searches were counted keeps NULL there (not known), and so does any later
        // addition to it: a no-result rate is never made up from a guess.
        if (version >= 1 && version < 3) db.exec('ALTER TABLE hour_counts ADD COLUMN found INTEGER');
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })();
      db.prepare('SELECT count(*) FROM hour_counts').get();
      return db;
    } catch (error) {
      db.close();
      throw error;
    }
  };
  try {
    return open();
  } catch (error) {
    log(
      `analytics: ${file} could not be read (${(error as Error).message}); it was deleted and an empty store started. Earlier analytics are lost.`,
    );
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    return open();
  }
}

/**
 * Analytics in one SQLite file. Every search adds to a daily and a monthly roll-up row of its term (and to an hourly
 * count), in the batch's one transaction, so reports read roll-ups and never scan events. Bounded: a day holds at
 * most `maxQueriesPerDay` terms per engine (new ones past that are counted under OTHER_QUERIES), and at most
 * `maxSearchEventsPerDay` single events; a flood of junk terms grows nothing past those.
 */
export function openSqliteAnalyticsStore(
  file: string,
  options: {
    limits?: SqliteAnalyticsLimits;
    log?: (message: string) => void;
    /**
     * false: every report is read from daily rows, without the monthly tier, document roll-ups or pruning. Slower,
     * the same answers: what the faster tiers are checked against.
     */
    monthlyRollups?: boolean;
  } = {},
): AnalyticsStore {
  const limits = { ...DEFAULT_SQLITE_LIMITS, ...options.limits };
  const monthly = options.monthlyRollups ?? true;
  const db = openDatabase(file, options.log ?? console.error);

  const statements = {
    bumpQuery: db.prepare(
      `UPDATE query_rollups SET queries = queries + ?, with_results = with_results + ?, clicks = clicks + ?, clients = clients + ?
       WHERE engine = ? AND period = ? AND start = ? AND tags = ? AND query = ?`,
    ),
    insertQuery: db.prepare(
      `INSERT INTO query_rollups (engine, period, start, tags, query, queries, with_results, clicks, clients, redacted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    dayTerms: db.prepare<[string, number], { n: number }>(
      `SELECT count(*) AS n FROM query_rollups WHERE engine = ? AND period = ${DAILY} AND start = ?`,
    ),
    termKnown: db.prepare(`SELECT 1 FROM query_rollups WHERE engine = ? AND period = ${DAILY} AND start = ? AND tags = ? AND query = ?`),
    addClient: db.prepare('INSERT OR IGNORE INTO query_clients (engine, day, query, client) VALUES (?, ?, ?, ?)'),
    bumpClick: db.prepare(
      `INSERT INTO click_rollups (engine, period, start, tags, query, document_id, clicks) VALUES (?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT DO UPDATE SET clicks = clicks + 1`,
    ),
    bumpDocument: db.prepare(
      `INSERT INTO document_clicks (engine, period, start, tags, document_id, clicks) VALUES (?, ?, ?, ?, ?, 1)
       ON CONFLICT DO UPDATE SET clicks = clicks + 1`,
    ),
    bumpHour: db.prepare(
      `INSERT INTO hour_counts (engine, hour, tags, queries, clicks, found) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET queries = queries + excluded.queries, clicks = clicks + excluded.clicks, found = found + excluded.found`,
    ),
    dayEvents: db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM search_events WHERE engine = ? AND day = ?'),
    insertEvent: db.prepare(
      'INSERT INTO search_events (engine, day, at, kind, query, tags, results, page, filtered, took_ms, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    dayApiLogs: db.prepare<[string, number, number], { n: number }>(
      'SELECT count(*) AS n FROM api_logs WHERE engine = ? AND at BETWEEN ? AND ?',
    ),
    insertApiLog: db.prepare('INSERT INTO api_logs (engine, at, method, path, status, took_ms) VALUES (?, ?, ?, ?, ?, ?)'),
  };

  /** Per engine and day, how many of something the store holds: read once from the file, then counted here. */
  const tally = (read: (engine: string, day: number) => number) => {
    const counts = new Map<string, number>();
    return {
      get(engine: string, day: number) {
        const key = `${day}\u0000${engine}`;
        let count = counts.get(key);
        if (count === undefined) counts.set(key, (count = read(engine, day)));
        return count;
      },
      add(engine: string, day: number) {
        counts.set(`${day}\u0000${engine}`, this.get(engine, day) + 1);
      },
      forgetBefore(day: number) {
        for (const key of counts.keys()) if (Number(key.split('\u0000', 1)[0]) < day) counts.delete(key);
      },
    };
  };
  const dayTerms = tally((engine, day) => statements.dayTerms.get(engine, day)!.n);
  const dayEvents = tally((engine, day) => statements.dayEvents.get(engine, day)!.n);
  const dayApiLogs = tally((engine, day) => statements.dayApiLogs.get(engine, day * DAY_MS, (day + 1) * DAY_MS - 1)!.n);

  /** Adds to a term's daily and monthly rows; a term new to a full day is counted under OTHER_QUERIES instead. */
  const addToTerm = (
    engine: string,
    day: number,
    tags: string,
    query: string,
    redacted: boolean,
    delta: [number, number, number],
    client?: string,
  ) => {
    const [queries, withResults, clicks] = delta;
    let term = query;
    let isRedacted = redacted;
    const known = statements.termKnown.get(engine, day, tags, term) !== undefined;
    if (!known && dayTerms.get(engine, day) >= limits.maxQueriesPerDay) {
      term = OTHER_QUERIES;
      isRedacted = true;
    }
    // Which clients sent a term is kept only for its day, to count them; nobody is counted for OTHER_QUERIES.
    const newClient = client && term !== OTHER_QUERIES ? statements.addClient.run(engine, day, term, client).changes : 0;
    if (statements.bumpQuery.run(queries, withResults, clicks, newClient, engine, DAILY, day, tags, term).changes === 0) {
      statements.insertQuery.run(engine, DAILY, day, tags, term, queries, withResults, clicks, newClient, isRedacted ? 1 : 0);
      dayTerms.add(engine, day);
    }
    const month = monthOf(day);
    if (statements.bumpQuery.run(queries, withResults, clicks, newClient, engine, MONTHLY, month, tags, term).changes === 0) {
      statements.insertQuery.run(engine, MONTHLY, month, tags, term, queries, withResults, clicks, newClient, isRedacted ? 1 : 0);
    }
    return term;
  };

  const write = db.transaction((searches: readonly SearchEvent[], clicks: readonly ClickEvent[], apiCalls: readonly ApiLogEvent[]) => {
    let dropped = 0;
    for (const event of searches) {
      const day = dayOf(event.at);
      const tags = tagsKey(event.tags);
      const term = addToTerm(event.engine, day, tags, event.query, event.redacted, [1, event.results > 0 ? 1 : 0, 0], event.client);
      statements.bumpHour.run(event.engine, hourOf(event.at), tags, 1, 0, event.results > 0 ? 1 : 0);
      if (dayEvents.get(event.engine, day) < limits.maxSearchEventsPerDay) {
        statements.insertEvent.run(
          event.engine,
          day,
          event.at,
          event.kind,
          term,
          tags,
          event.results,
          event.page,
          event.filtered ? 1 : 0,
          Math.round(event.tookMs),
          event.requestId,
        );
        dayEvents.add(event.engine, day);
      }
    }
    for (const event of clicks) {
      const day = dayOf(event.at);
      const tags = tagsKey(event.tags);
      const term = addToTerm(event.engine, day, tags, event.query, event.redacted, [0, 0, 1]);
      statements.bumpHour.run(event.engine, hourOf(event.at), tags, 0, 1, 0);
      statements.bumpClick.run(event.engine, DAILY, day, tags, term, event.documentId);
      statements.bumpClick.run(event.engine, MONTHLY, monthOf(day), tags, term, event.documentId);
      statements.bumpDocument.run(event.engine, DAILY, day, tags, event.documentId);
      statements.bumpDocument.run(event.engine, MONTHLY, monthOf(day), tags, event.documentId);
    }
    for (const call of apiCalls) {
      const day = dayOf(call.at);
      if (dayApiLogs.get(call.engine, day) >= limits.maxApiLogsPerDay) {
        dropped += 1;
        continue;
      }
      statements.insertApiLog.run(call.engine, call.at, call.method, call.path, call.status, Math.round(call.tookMs));
      dayApiLogs.add(call.engine, day);
    }
    return dropped;
  });

  /**
   * Deletes daily rows before the cutoff day and monthly rows of months wholly before it; the cutoff's own month is
   * summed again from the daily rows it still has, so no expired day lives on inside a monthly total.
   */
  const deleteBefore = db.transaction((cutoffs: { analytics?: number; apiLogs?: number }, now: number) => {
    let deleted = 0;
    if (cutoffs.analytics !== undefined) {
      const day = dayOf(cutoffs.analytics);
      const month = monthOf(day);
      for (const table of ['query_rollups', 'click_rollups', 'document_clicks']) {
        deleted += db.prepare(`DELETE FROM ${table} WHERE period = ${DAILY} AND start < ?`).run(day).changes;
        deleted += db.prepare(`DELETE FROM ${table} WHERE period = ${MONTHLY} AND start <= ?`).run(month).changes;
      }
      db.prepare(
        `INSERT INTO query_rollups (engine, period, start, tags, query, queries, with_results, clicks, clients, redacted)
         SELECT engine, ${MONTHLY}, ?, tags, query, SUM(queries), SUM(with_results), SUM(clicks), SUM(clients), MAX(redacted)
         FROM query_rollups WHERE period = ${DAILY} AND start BETWEEN ? AND ? GROUP BY engine, tags, query`,
      ).run(month, day, monthEndDay(month));
      db.prepare(
        `INSERT INTO click_rollups (engine, period, start, tags, query, document_id, clicks)
         SELECT engine, ${MONTHLY}, ?, tags, query, document_id, SUM(clicks)
         FROM click_rollups WHERE period = ${DAILY} AND start BETWEEN ? AND ? GROUP BY engine, tags, query, document_id`,
      ).run(month, day, monthEndDay(month));
      db.prepare(
        `INSERT INTO document_clicks (engine, period, start, tags, document_id, clicks)
         SELECT engine, ${MONTHLY}, ?, tags, document_id, SUM(clicks)
         FROM document_clicks WHERE period = ${DAILY} AND start BETWEEN ? AND ? GROUP BY engine, tags, document_id`,
      ).run(month, day, monthEndDay(month));
      deleted += db.prepare('DELETE FROM hour_counts WHERE hour < ?').run(hourOf(day * DAY_MS)).changes;
      deleted += db.prepare('DELETE FROM search_events WHERE day < ?').run(day).changes;
      dayTerms.forgetBefore(day);
      dayEvents.forgetBefore(day);
    }
    if (cutoffs.apiLogs !== undefined) {
      deleted += db.prepare('DELETE FROM api_logs WHERE at < ?').run(cutoffs.apiLogs).changes;
      dayApiLogs.forgetBefore(dayOf(cutoffs.apiLogs));
    }
    // Which clients sent a term is needed only while its day is still being counted.
    db.prepare('DELETE FROM query_clients WHERE day < ?').run(dayOf(now));
    return deleted;
  });

  let open = true;
  const usable = () => {
    if (!open) throw new Error('The analytics store is closed.');
  };

  return {
    kind: 'sqlite',
    async record({ searches, clicks, apiCalls }) {
      usable();
      return { dropped: write(searches, clicks, apiCalls) };
    },

    async topQueries(options: QueryReportOptions): Promise<QueryRow[]> {
      usable();
      return readTopQueries(db, options, monthly);
    },

    async topClicks(options): Promise<ClickRow[]> {
      usable();
      return readTopClicks(db, options, monthly);
    },

    async counts(options): Promise<CountRow[]> {
      usable();
      const tags = tagScope(options);
      const size = options.interval === 'hour' ? HOUR_MS : DAY_MS;
      const first = Math.floor(options.range.from / size);
      const last = Math.floor(options.range.to / size);
      type Unit = { unit: number; queries: number; clicks: number; found: number | null };
      const units = new Map<number, Unit>();
      if (options.query !== undefined || options.documentId !== undefined) {
        // Per term or document: daily roll-ups (hours are not kept per term).
        const byDay =
          options.documentId !== undefined
            ? db.prepare(
                `SELECT start AS unit, 0 AS queries, SUM(clicks) AS clicks, 0 AS found FROM click_rollups
                 WHERE engine = ? AND period = ${DAILY} AND start BETWEEN ? AND ? AND ${tags.sql} AND document_id = ?
                 ${options.query !== undefined ? 'AND query = ?' : ''} GROUP BY start`,
              )
            : db.prepare(
                // Through the term index: the one term's days, not every term's rows of the range.
                `SELECT start AS unit, SUM(queries) AS queries, SUM(clicks) AS clicks, SUM(with_results) AS found
                 FROM query_rollups INDEXED BY query_rollups_term
                 WHERE engine = ? AND period = ${DAILY} AND start BETWEEN ? AND ? AND ${tags.sql} AND query = ? GROUP BY start`,
              );
        const args = [
          options.engine,
          first,
          last,
          ...tags.args,
          ...(options.documentId !== undefined ? [options.documentId] : []),
          ...(options.query !== undefined ? [options.query] : []),
        ];
        for (const row of byDay.all(...args) as Unit[]) units.set(row.unit, row);
      } else {
        // A unit holding an hour whose found searches were not counted (recorded by an older version) has no found
        // count: the CASE gives NULL then, as SUM alone would skip the unknown hours and under-count.
        const perHour = db.prepare(
          `SELECT CAST(hour / ? AS INTEGER) AS unit, SUM(queries) AS queries, SUM(clicks) AS clicks,
             CASE WHEN COUNT(found) = COUNT(*) THEN SUM(found) END AS found FROM hour_counts
           WHERE engine = ? AND hour BETWEEN ? AND ? AND ${tags.sql} GROUP BY unit`,
        );
        const hoursPer = size / HOUR_MS;
        for (const row of perHour.all(hoursPer, options.engine, first * hoursPer, (last + 1) * hoursPer - 1, ...tags.args) as Unit[]) {
          units.set(row.unit, row);
        }
      }
      const rows: CountRow[] = [];
      for (let unit = first; unit <= last; unit++) {
        const row = units.get(unit);
        rows.push({
          from: unit * size,
          to: (unit + 1) * size - 1,
          queries: row?.queries ?? 0,
          clicks: row?.clicks ?? 0,
          ...(row?.found !== null && { found: row?.found ?? 0 }),
        });
      }
      return rows;
    },

    async apiLogs(query: ApiLogQuery) {
      usable();
      const where = ['engine = ?', 'at BETWEEN ? AND ?'];
      const args: unknown[] = [query.engine, query.range.from, query.range.to];
      if (query.status !== undefined) {
        where.push('status = ?');
        args.push(query.status);
      }
      if (query.method !== undefined) {
        where.push('method = ?');
        args.push(query.method);
      }
      const total = (db.prepare(`SELECT count(*) AS n FROM api_logs WHERE ${where.join(' AND ')}`).get(...args) as { n: number }).n;
      const results = db
        .prepare(
          `SELECT engine, at, method, path, status, took_ms AS tookMs FROM api_logs WHERE ${where.join(' AND ')}
           ORDER BY at ${query.ascending ? 'ASC' : 'DESC'}, rowid ${query.ascending ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`,
        )
        .all(...args, query.limit, query.offset) as ApiLogEvent[];
      return { results, total };
    },

    async popularQueries(options): Promise<PopularQuery[]> {
      usable();
      return readPopularQueries(db, options, monthly);
    },

    async deleteBefore(cutoffs, now) {
      usable();
      return deleteBefore(cutoffs, now);
    },

    async deleteEngine(engine) {
      usable();
      db.transaction(() => {
        for (const table of [
          'query_rollups',
          'click_rollups',
          'document_clicks',
          'hour_counts',
          'query_clients',
          'search_events',
          'api_logs',
        ]) {
          db.prepare(`DELETE FROM ${table} WHERE engine = ?`).run(engine);
        }
      })();
    },

    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
