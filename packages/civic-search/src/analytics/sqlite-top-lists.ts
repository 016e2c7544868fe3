import type Database from 'better-sqlite3';
import { DAY_MS, HOUR_MS, dayOf } from './periods';
import { DAILY, periodScope, rowsInPeriods, tagScope } from './sqlite-scopes';
import type { AnalyticsStore, ClickRow, PopularQuery, QueryReportOptions, QueryRow, ReportScope } from './types';
import { readUnmetQueries } from './sqlite-unmet-lists';

/**
 * A roll-up row counting at least this many searches is a "head" row, found through a small partial index. The
 * literal is repeated in the index and in the query that uses it: SQLite uses a partial index only for a WHERE clause
 * that names its condition.
 */
export const HEAD_QUERIES = 8;

/** A daily row searched by at least this many clients is "shared", found through a small partial index. */
const SHARED_CLIENTS = 2;

export const TOP_LIST_INDEXES = `
  CREATE INDEX IF NOT EXISTS query_rollups_head ON query_rollups (engine, period, start) WHERE queries >= ${HEAD_QUERIES};
  CREATE INDEX IF NOT EXISTS query_rollups_term ON query_rollups (engine, query, period, start);
  CREATE INDEX IF NOT EXISTS query_rollups_shared ON query_rollups (engine, start)
    WHERE period = ${DAILY} AND clients >= ${SHARED_CLIENTS} AND redacted = 0;
  CREATE INDEX IF NOT EXISTS click_rollups_term ON click_rollups (engine, query, period, start);
`;

/** How many distinct tag sets (passing the report's tag filter) were used in the range: hourly counts keep every one. */
function tagSetsUsed(db: Database.Database, scope: ReportScope): number {
  const tags = tagScope(scope);
  const firstHour = (dayOf(scope.range.from) * DAY_MS) / HOUR_MS;
  const lastHour = ((dayOf(scope.range.to) + 1) * DAY_MS) / HOUR_MS - 1;
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM (SELECT DISTINCT tags FROM hour_counts WHERE engine = ? AND hour BETWEEN ? AND ?) WHERE ${tags.sql}`,
    )
    .get(scope.engine, firstHour, lastHour, ...tags.args) as { n: number };
  return row.n;
}

/**
 * Top queries of a range. A year holds hundreds of thousands of terms, nearly all searched a few times; the top of
 * the list is decided by the few searched often. So the terms with a head row in the range are summed first (found
 * by index, summed by index); any other term has fewer than HEAD_QUERIES searches in each of its rows, and it has at
 * most one row per period and tag set, which caps its total. When the last row of the list beats that cap, no other
 * term can reach the list and the answer is exact; otherwise (a list of rare terms, such as searches that found
 * nothing) every row in the range is summed. Lists of searches that found nothing or got no click are read by
 * `readUnmetQueries` instead. `monthly: false` reads daily rows only and never prunes: the plain
 * definition the tiers are checked against.
 */
export function readTopQueries(db: Database.Database, options: QueryReportOptions, monthly: boolean): QueryRow[] {
  const period = periodScope(options.range, monthly);
  const tags = tagScope(options);
  const having: string[] = [];
  if (options.results === false) having.push('SUM(with_results) = 0');
  if (options.results === true) having.push('SUM(with_results) > 0');
  if (options.clicks === false) having.push('SUM(with_results) > 0 AND SUM(clicks) = 0');
  if (options.clicks === true) having.push('SUM(clicks) > 0');
  const havingSql = `HAVING SUM(queries) > 0 ${having.length ? `AND ${having.join(' AND ')}` : ''} ORDER BY queries DESC, term LIMIT ?`;
  const everyTerm = () => {
    const rows = rowsInPeriods('query_rollups', 'query, queries, with_results, clicks, tags', period, options.engine);
    // `+query` (the same value) keeps the planner from walking the whole term index to get the groups in order,
    // which it chose for one day's tagged list (15 s over a million searches): each range is read by its key.
    return db
      .prepare(
        `SELECT query AS term, SUM(queries) AS queries, SUM(clicks) AS clicks FROM (${rows.sql})
         WHERE ${tags.sql} GROUP BY +query ${havingSql}`,
      )
      .all(...rows.args, ...tags.args, options.limit) as QueryRow[];
  };
  // Each run of periods is its own index range (an OR of them would not be); the join order is fixed (CROSS JOIN)
  // so each head term's rows are sought through the covering term index.
  const headTerms = () => {
    const heads = period.parts
      .map(
        () => `SELECT query FROM query_rollups INDEXED BY query_rollups_head
               WHERE engine = ? AND queries >= ${HEAD_QUERIES} AND period = ? AND start BETWEEN ? AND ?`,
      )
      .join(' UNION ALL ');
    const rows = period.parts
      .map(
        () => `SELECT r.query, r.queries, r.with_results, r.clicks, r.tags FROM heads CROSS JOIN query_rollups r INDEXED BY query_rollups_term
               ON r.engine = ? AND r.query = heads.query AND r.period = ? AND r.start BETWEEN ? AND ?`,
      )
      .join(' UNION ALL ');
    const args = period.parts.flatMap((part) => [options.engine, ...part]);
    return db
      .prepare(
        `WITH heads(query) AS MATERIALIZED (SELECT DISTINCT query FROM (${heads}))
         SELECT query AS term, SUM(queries) AS queries, SUM(clicks) AS clicks FROM (${rows})
         WHERE ${tags.sql} GROUP BY query ${havingSql}`,
      )
      .all(...args, ...args, ...tags.args, options.limit) as QueryRow[];
  };
  if (monthly && options.limit > 0) {
    const unmet = readUnmetQueries(db, options, period);
    if (unmet) return unmet;
    const othersAtMost = (HEAD_QUERIES - 1) * period.periods * tagSetsUsed(db, options);
    const rows = period.parts.length ? headTerms() : [];
    const last = rows[options.limit - 1];
    if (othersAtMost === 0 || (last !== undefined && last.queries > othersAtMost)) return rows;
  }
  return everyTerm();
}

/**
 * Top clicked documents. Overall, from the document roll-ups (one row per document, period and tag set: a few
 * thousand a month); for one query, from the click roll-ups through their term index. `monthly: false` reads the
 * daily click roll-ups only.
 */
export function readTopClicks(
  db: Database.Database,
  options: ReportScope & { query?: string; limit: number },
  monthly: boolean,
): ClickRow[] {
  const period = periodScope(options.range, monthly);
  const tags = tagScope(options);
  const byQuery = options.query !== undefined;
  const table = byQuery || !monthly ? 'click_rollups' : 'document_clicks';
  const rows = rowsInPeriods(
    table,
    'document_id, clicks, tags',
    period,
    options.engine,
    byQuery ? 'AND query = ?' : '',
    byQuery ? [options.query] : [],
  );
  return db
    .prepare(
      `SELECT document_id AS documentId, SUM(clicks) AS clicks FROM (${rows.sql})
       WHERE ${tags.sql} GROUP BY document_id ORDER BY clicks DESC, documentId LIMIT ?`,
    )
    .all(...rows.args, ...tags.args, options.limit) as ClickRow[];
}

/**
 * Popular searches for suggestions: terms that found results, were clicked, were not redacted, and were sent by at
 * least `minClients` clients on one day. Such a term has a daily row with that many clients, so when `minClients` is
 * at least SHARED_CLIENTS only the terms in the small index of shared rows are summed, instead of every term of the
 * days looked back over. `monthly: false` sums every term (the plain definition).
 */
export function readPopularQueries(
  db: Database.Database,
  options: Parameters<AnalyticsStore['popularQueries']>[0],
  monthly: boolean,
): PopularQuery[] {
  const { engine, range, prefix, minClients, limit } = options;
  const days = [dayOf(range.from), dayOf(range.to)];
  const shared = monthly && minClients >= SHARED_CLIENTS;
  const terms = shared
    ? `query IN (SELECT DISTINCT query FROM query_rollups INDEXED BY query_rollups_shared
         WHERE engine = ? AND period = ${DAILY} AND clients >= ${SHARED_CLIENTS} AND redacted = 0 AND start BETWEEN ? AND ?)`
    : '1';
  return db
    .prepare(
      `SELECT query AS term, SUM(queries) AS queries FROM query_rollups
       WHERE engine = ? AND ${terms} AND period = ${DAILY} AND start BETWEEN ? AND ? AND redacted = 0 AND substr(query, 1, ?) = ?
       GROUP BY query HAVING SUM(with_results) > 0 AND SUM(clicks) > 0 AND MAX(clients) >= ?
       ORDER BY queries DESC, term LIMIT ?`,
    )
    .all(engine, ...(shared ? [engine, ...days] : []), ...days, prefix.length, prefix, minClients, limit) as PopularQuery[];
}
