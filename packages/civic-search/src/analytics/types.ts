/**
 * Search analytics: what visitors searched for, what they opened, and the service's API calls, kept only as long as
 * the log settings say. Terms reach a store already redacted. The store is an interface so a cluster can keep the
 * same records for several service processes; the embedded backend keeps them in SQLite in the data folder.
 */

/** One search or query suggestion as it is recorded (term already normalised and redacted). */
export interface SearchEvent {
  engine: string;
  /** Milliseconds since the epoch. */
  at: number;
  query: string;
  /** True when the term had personal details replaced: such a term is never offered as a suggestion. */
  redacted: boolean;
  tags: readonly string[];
  /** Number of results found (for a suggestion, of suggestions). */
  results: number;
  page: number;
  filtered: boolean;
  tookMs: number;
  requestId: string;
  kind: 'search' | 'suggestion';
  /** The client's keyed hash for today (its key is never written down); counts distinct clients, then forgotten. */
  client: string;
}

export interface ClickEvent {
  engine: string;
  at: number;
  query: string;
  redacted: boolean;
  documentId: string;
  requestId: string;
  tags: readonly string[];
  client: string;
}

/** One API call of an engine: never its body, query string, key or client address. */
export interface ApiLogEvent {
  engine: string;
  at: number;
  method: string;
  path: string;
  status: number;
  tookMs: number;
}

export interface DateRange {
  /** Milliseconds since the epoch, inclusive. */
  from: number;
  /** Milliseconds since the epoch, inclusive. */
  to: number;
}

/** What a report looks at: a date range, optionally tags (all of `allTags`, any of `anyTags`, none of `noTags`). */
export interface ReportScope {
  engine: string;
  range: DateRange;
  allTags?: readonly string[];
  anyTags?: readonly string[];
  noTags?: readonly string[];
}

export interface QueryReportOptions extends ReportScope {
  /** false: only searches that found nothing; true: only searches that found something. */
  results?: boolean;
  /** false: only queries with results that nobody clicked; true: only queries with a click. */
  clicks?: boolean;
  limit: number;
}

export interface QueryRow {
  term: string;
  queries: number;
  clicks: number;
}

export interface ClickRow {
  documentId: string;
  clicks: number;
}

export interface CountRow {
  from: number;
  to: number;
  queries: number;
  clicks: number;
  /**
   * How many of the queries found something (0 for a document's counts, which hold clicks only). Absent where the
   * store cannot know: searches recorded by a version that did not count it.
   */
  found?: number;
}

export interface ApiLogQuery {
  engine: string;
  range: DateRange;
  status?: number;
  method?: string;
  ascending: boolean;
  offset: number;
  limit: number;
}

export interface PopularQuery {
  term: string;
  queries: number;
}

export interface AnalyticsStore {
  readonly kind: string;
  /** Writes a batch; events past the store's bounds are dropped and counted, never an error. */
  record(batch: {
    searches: readonly SearchEvent[];
    clicks: readonly ClickEvent[];
    apiCalls: readonly ApiLogEvent[];
  }): Promise<{ dropped: number }>;
  topQueries(options: QueryReportOptions): Promise<QueryRow[]>;
  topClicks(options: ReportScope & { query?: string; limit: number }): Promise<ClickRow[]>;
  counts(options: ReportScope & { interval: 'day' | 'hour'; query?: string; documentId?: string }): Promise<CountRow[]>;
  apiLogs(query: ApiLogQuery): Promise<{ results: ApiLogEvent[]; total: number }>;
  /** Searches that found results and were clicked, sent by at least `minClients` clients on some day, most used first. */
  popularQueries(options: { engine: string; range: DateRange; prefix: string; minClients: number; limit: number }): Promise<PopularQuery[]>;
  /**
   * Deletes what is older than each cutoff (milliseconds since the epoch), and which clients sent which term on days
   * before `now`'s; how many records went.
   */
  deleteBefore(cutoffs: { analytics?: number; apiLogs?: number }, now: number): Promise<number>;
  /** Deletes an engine's analytics and logs (the engine was deleted). */
  deleteEngine(engine: string): Promise<void>;
  close(): Promise<void>;
}
