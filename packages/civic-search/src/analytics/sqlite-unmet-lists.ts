import type Database from 'better-sqlite3';
import { DAILY, MONTHLY, tagScope, type Scope } from './sqlite-scopes';
import type { QueryReportOptions, QueryRow } from './types';

/**
 * Roll-up rows with nothing found, and rows with no click, each in an index ordered by term (with the counts a list
 * needs), so the rows of a run of months are summed term after term as the index is read, without sorting them.
 */
export const UNMET_LIST_INDEXES = `
  CREATE INDEX IF NOT EXISTS query_rollups_unfound ON query_rollups (engine, period, query, start, queries, tags) WHERE with_results = 0;
  CREATE INDEX IF NOT EXISTS query_rollups_unclicked ON query_rollups (engine, period, query, start, queries, tags) WHERE clicks = 0;
`;

/**
 * How many candidates the first pass ranks (a sort bounded to this many costs less than a whole one). Lists are
 * nearly always decided within it; when one is not, every candidate is ranked and the list goes on from there, which
 * reads the rows a second time. A smaller first pass (4,096) did that for a year's no-click list over a million
 * searches and was slower for it.
 */
export const FIRST_CANDIDATES = 65536;

/** The count that is zero in every row of a term on the list, and the index that holds exactly those rows. */
function zeroCount(options: QueryReportOptions) {
  if (options.results === false) return { column: 'with_results', index: 'query_rollups_unfound' };
  if (options.clicks === false) return { column: 'clicks', index: 'query_rollups_unclicked' };
  return undefined;
}

/** Whether a term's sums over the range put it on the list, by the same rules as the report's HAVING clause. */
function qualifies(options: QueryReportOptions, sums: { queries: number; found: number; clicks: number }): boolean {
  if (!(sums.queries > 0)) return false;
  if (options.results === false && sums.found !== 0) return false;
  if (options.results === true && !(sums.found > 0)) return false;
  if (options.clicks === false && !(sums.found > 0 && sums.clicks === 0)) return false;
  if (options.clicks === true && !(sums.clicks > 0)) return false;
  return true;
}

/** A term and its sum over the rows where the list's count is zero, which is its total if it is on the list. */
interface Candidate {
  term: string;
  weight: number;
}

/**
 * Lists of searches that found nothing, or found something nobody clicked. Over a year their rows are rare terms,
 * which no cap on the often-searched ones can rule out, so every term must be weighed; but only the rows where the
 * list's count is zero need to be. A term is on the list only when its sum of that count over the range is zero, so
 * when each of its rows there is zero: its total is then its "weight", the sum of exactly those rows.
 *
 * The weights come from two lists, each heaviest first: the whole months (summed term by term as the term-ordered
 * index is read) and the days at either end (few). They are read side by side; each term met is weighed in full
 * (its other list's part looked up), and a term that could still reach the list is summed in full through the term
 * index and kept if it qualifies. No term not yet met can weigh more than the two lists' current weights together,
 * so once the list's last row has more searches than that, the list is decided. The answer is the one the plain sum
 * over every row gives. Undefined for any other list.
 */
export function readUnmetQueries(
  db: Database.Database,
  options: QueryReportOptions,
  period: Scope,
  firstCandidates = FIRST_CANDIDATES,
): QueryRow[] | undefined {
  const zero = zeroCount(options);
  if (!zero || options.limit <= 0) return undefined;
  const tags = tagScope(options);
  const days = period.parts.filter(([kind]) => kind === DAILY);
  const months = period.parts.find(([kind]) => kind === MONTHLY);

  // The days at either end, read by the roll-ups' own key (day first), then grouped. `+column` keeps the planner off
  // the term-ordered index here, which would walk every day ever kept to find these few.
  const dayWeights = days.length
    ? (db
        .prepare(
          `SELECT query AS term, SUM(queries) AS weight FROM (${days
            .map(
              () =>
                `SELECT query, queries, tags FROM query_rollups WHERE engine = ? AND period = ? AND start BETWEEN ? AND ? AND +${zero.column} = 0`,
            )
            .join(' UNION ALL ')}) WHERE ${tags.sql} GROUP BY query HAVING weight > 0 ORDER BY weight DESC, term`,
        )
        .all(...days.flatMap((part) => [options.engine, ...part]), ...tags.args) as Candidate[])
    : [];
  const dayWeight = new Map(dayWeights.map(({ term, weight }) => [term, weight]));

  // The whole months, through the term-ordered index: grouped as it is read, only the heaviest sorted.
  const monthRows = `FROM query_rollups INDEXED BY ${zero.index}
    WHERE engine = ? AND ${zero.column} = 0 AND period = ${MONTHLY} AND start BETWEEN ? AND ? AND ${tags.sql}`;
  const monthSql = `SELECT query AS term, SUM(queries) AS weight ${monthRows}`;
  const monthArgs = months ? [options.engine, months[1], months[2], ...tags.args] : [];
  function* monthWeights(): Generator<Candidate> {
    if (!months) return;
    const heaviest = db.prepare(`${monthSql} GROUP BY query HAVING weight > 0 ORDER BY weight DESC, term LIMIT ?`);
    let seen = 0;
    for (const row of heaviest.iterate(...monthArgs, firstCandidates) as Iterable<Candidate>) {
      seen += 1;
      yield row;
    }
    if (seen < firstCandidates) return;
    // Rarely: the first ones did not decide the list. Every term, in the same order, after those already met.
    const every = db.prepare(`${monthSql} GROUP BY query HAVING weight > 0 ORDER BY weight DESC, term`);
    let skipped = 0;
    for (const row of every.iterate(...monthArgs) as Iterable<Candidate>) if (++skipped > firstCandidates) yield row;
  }
  const monthWeightOf = db.prepare(`SELECT SUM(queries) ${monthRows} AND query = ?`).pluck();

  const termSums = db.prepare(
    `SELECT SUM(queries) AS queries, SUM(with_results) AS found, SUM(clicks) AS clicks FROM (${period.parts
      .map(
        () => `SELECT queries, with_results, clicks, tags FROM query_rollups INDEXED BY query_rollups_term
               WHERE engine = ? AND query = ? AND period = ? AND start BETWEEN ? AND ?`,
      )
      .join(' UNION ALL ')}) WHERE ${tags.sql}`,
  );
  // Most terms met have a row with a result or a click: found by the first such row, without summing the rest.
  const anyNonZero = db
    .prepare(
      `${period.parts
        .map(
          () => `SELECT 1 FROM query_rollups INDEXED BY query_rollups_term
                 WHERE engine = ? AND query = ? AND period = ? AND start BETWEEN ? AND ? AND ${zero.column} > 0 AND ${tags.sql}`,
        )
        .join(' UNION ALL ')} LIMIT 1`,
    )
    .pluck();
  const sumsOf = (term: string) =>
    termSums.get(...period.parts.flatMap((part) => [options.engine, term, ...part]), ...tags.args) as {
      queries: number;
      found: number;
      clicks: number;
    };

  const rows: QueryRow[] = [];
  /** Whether a row comes before another on the list: more searches, then the term's UTF-8 bytes (as SQLite sorts). */
  const before = (a: { term: string; queries: number }, b: { term: string; queries: number }) =>
    a.queries !== b.queries ? a.queries > b.queries : Buffer.compare(Buffer.from(a.term), Buffer.from(b.term)) < 0;
  /** The list's last row so far, once it is full. */
  const last = () => (rows.length >= options.limit ? rows[options.limit - 1] : undefined);
  const met = new Set<string>();
  const weigh = (term: string, weight: number) => {
    if (met.has(term)) return;
    met.add(term);
    const cut = last();
    // Its total, if it qualifies, is its weight: one that would fall below the list's last row is not summed.
    if (weight <= 0 || (cut && !before({ term, queries: weight }, cut))) return;
    if (anyNonZero.get(...period.parts.flatMap((part) => [options.engine, term, ...part, ...tags.args])) !== undefined) return;
    const sums = sumsOf(term);
    if (!qualifies(options, sums)) return;
    const row = { term, queries: sums.queries, clicks: sums.clicks };
    let at = rows.length;
    while (at > 0 && before(row, rows[at - 1])) at -= 1;
    rows.splice(at, 0, row);
    if (rows.length > options.limit) rows.pop();
  };

  // Each list's weight so far (every weight is above 0; 0 once a list is done). The list with the higher one is read
  // next, which brings their total, the most a term not met yet can weigh, down soonest.
  const monthList = monthWeights();
  let nextDay = 0;
  let monthFrontier = months ? Infinity : 0;
  let dayFrontier = dayWeights.length ? Infinity : 0;
  while (monthFrontier > 0 || dayFrontier > 0) {
    if (monthFrontier >= dayFrontier) {
      const next = monthList.next();
      monthFrontier = next.done ? 0 : next.value.weight;
      if (!next.done) weigh(next.value.term, next.value.weight + (dayWeight.get(next.value.term) ?? 0));
    } else {
      const next = dayWeights[nextDay++];
      dayFrontier = next?.weight ?? 0;
      if (next) weigh(next.term, next.weight + (months ? ((monthWeightOf.get(...monthArgs, next.term) as number | null) ?? 0) : 0));
    }
    const cut = last();
    if (cut && cut.queries > monthFrontier + dayFrontier) break;
  }
  monthList.return(undefined);
  return rows;
}
