import { createHash } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import { ClusterResponseError, ClusterTransportError, type ClusterClient } from '../search/cluster';
import { boolQuery } from '../search/cluster/bool-query';
import { clusterDayCaps } from './cluster-day-caps';
import { ANALYTICS_MAPPINGS, analyticsIndex, analyticsPattern, indexSpan, type AnalyticsIndexKind } from './cluster-layout';
import { dayOf, DAY_MS, HOUR_MS } from './periods';
import { OTHER_QUERIES, type SqliteAnalyticsLimits } from './sqlite-store';
import { AnalyticsStoreUnavailableError } from './store-unavailable';
import type {
  AnalyticsStore,
  ApiLogEvent,
  ClickEvent,
  ClickRow,
  CountRow,
  PopularQuery,
  QueryReportOptions,
  QueryRow,
  ReportScope,
  SearchEvent,
} from './types';

/**
 * How many terms a filtered report weighs (those with no clicks, with results, with a click, popular ones): the
 * cluster cannot filter terms by their sums without a script language, which a cluster need not have, so the
 * terms are ordered to bring those that qualify first and the first this many are filtered here. Exact while a
 * range holds no more terms than this in front of the ones asked for; the plain and no-result lists are always exact.
 */
export const TERMS_WINDOW = 10_000;

/**
 * How long a write may take. Writes are off the request path, so a busy cluster may take its time over a batch of
 * thousands of events; the client's default (a visitor's search's patience) would drop them.
 */
const WRITE_PATIENCE = { requestTimeout: 60_000 };

export interface ClusterAnalyticsOptions {
  /** The store's own client: closed with the store. */
  client: ClusterClient;
  indexPrefix: string;
  /** Primary shards and replicas of each analytics index (default: the cluster's). */
  shards?: number;
  replicas?: number;
  /** A day's bounds, as the SQLite store's (terms per day, API calls logged per day); see cluster-day-caps.ts. */
  limits?: SqliteAnalyticsLimits;
}

type Query = estypes.QueryDslQueryContainer;
interface Sums {
  queries: { value: number };
  found: { value: number };
  clicks: { value: number };
}
type TermBucket = Sums & { key: string; doc_count: number; max_clients?: { value: number | null } };

const SUMS = {
  queries: { sum: { field: 'queries' } },
  found: { sum: { field: 'found' } },
  clicks: { sum: { field: 'clicks' } },
};
const KINDS: AnalyticsIndexKind[] = ['events', 'api', 'clients', 'terms'];

/** The cluster failed in a way that says it cannot serve now (down, overloaded, not ready): reports answer 503. */
function unavailable(error: unknown): unknown {
  if (error instanceof ClusterTransportError) return new AnalyticsStoreUnavailableError(error.message);
  if (error instanceof ClusterResponseError && (error.status === 429 || error.status >= 500)) {
    return new AnalyticsStoreUnavailableError(error.message);
  }
  return error;
}

/** The filters every report shares: the engine, the range, and tags (all of, any of, none of). */
function scopeQuery(scope: ReportScope, extra: Query[] = []): Query {
  const filter: Query[] = [
    { term: { engine: scope.engine } },
    { range: { at: { gte: scope.range.from, lte: scope.range.to } } },
    ...(scope.allTags ?? []).map((tag) => ({ term: { tags: tag } })),
    ...(scope.anyTags?.length ? [{ terms: { tags: [...scope.anyTags] } }] : []),
    ...extra,
  ];
  return boolQuery({ filter, mustNot: scope.noTags?.length ? [{ terms: { tags: [...scope.noTags] } }] : [] });
}

const whole = (value: number | null | undefined) => Math.round(value ?? 0);
const byUseThenTerm = (a: QueryRow, b: QueryRow) => b.queries - a.queries || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);

/** Which of a report's filters a term's sums meet (the SQLite store's HAVING clauses, in the same words). */
function qualifies(options: QueryReportOptions, row: { queries: number; found: number; clicks: number }): boolean {
  if (row.queries <= 0) return false;
  if (options.results === false && row.found !== 0) return false;
  if (options.results === true && row.found === 0) return false;
  if (options.clicks === false && !(row.found > 0 && row.clicks === 0)) return false;
  if (options.clicks === true && row.clicks === 0) return false;
  return true;
}

/**
 * The order that brings the terms a report wants to the front: no-result terms sort first by their found count
 * (0), unclicked ones by their clicks, and so on; then by use, then alphabetically as the SQLite store does.
 */
function termOrder(options: QueryReportOptions): Record<string, 'asc' | 'desc'>[] {
  const first: Record<string, 'asc' | 'desc'>[] = [];
  if (options.results === false) first.push({ found: 'asc' });
  else if (options.clicks === false) first.push({ clicks: 'asc' });
  else if (options.clicks === true) first.push({ clicks: 'desc' });
  else if (options.results === true) first.push({ found: 'desc' });
  return [...first, { queries: 'desc' }, { _key: 'asc' }];
}

/**
 * Analytics in a cluster, shared by every service process that points at it (see cluster-layout.ts for the
 * indices). Each search and click is one document; reports are aggregations over them, so two processes
 * recording into one cluster report the same figures. Writes are bulk requests that answer once searchable, so
 * a report made after a write (the API flushes first) includes it. Retention deletes whole indices past their
 * time, and the documents before the cutoff in the one index that straddles it.
 */
export function openClusterAnalyticsStore(options: ClusterAnalyticsOptions): AnalyticsStore {
  const { client, indexPrefix: prefix } = options;
  const pattern = (kind: AnalyticsIndexKind) => analyticsPattern(prefix, kind);
  const shape = {
    ...(options.shards !== undefined && { number_of_shards: options.shards }),
    ...(options.replicas !== undefined && { number_of_replicas: options.replicas }),
  };
  let templates: Promise<void> | undefined;
  /** The index templates are put once (every index of a kind then has its mapping); tried again after a failure. */
  const ready = () =>
    (templates ??= Promise.all(
      KINDS.map((kind) =>
        client.indices.putIndexTemplate({
          name: `${prefix}-analytics-${kind}`,
          index_patterns: [pattern(kind)],
          template: { settings: shape, mappings: ANALYTICS_MAPPINGS[kind] },
        }),
      ),
    ).then(
      () => undefined,
      (error: unknown) => {
        templates = undefined;
        throw error;
      },
    ));
  /**
   * Indices this process knows exist. Each is created before its first write, not left to the cluster's automatic
   * creation, which operators often switch off; the template gives it its mapping either way.
   */
  const known = new Set<string>();
  const ensureIndices = async (names: Iterable<string>) => {
    await Promise.all(
      [...new Set(names)]
        .filter((name) => !known.has(name))
        .map(async (name) => {
          try {
            await client.indices.create({ index: name });
          } catch (error) {
            if (!(error instanceof ClusterResponseError && error.type === 'resource_already_exists_exception')) throw error;
          }
          known.add(name);
        }),
    );
  };
  const dayCaps = clusterDayCaps({ client, prefix, limits: options.limits, ensureIndices });
  let open = true;
  let apiSeq = 0;
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!open) throw new Error('The analytics store is closed.');
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };
  const aggregate = async <A>(kind: AnalyticsIndexKind, query: Query, aggs: Record<string, unknown>) => {
    const answer = await client.search({
      index: pattern(kind),
      size: 0,
      query,
      aggs: aggs as Record<string, estypes.AggregationsAggregationContainer>,
    });
    // No index yet (nothing recorded): the cluster answers no aggregations at all.
    return answer.aggregations as A | undefined;
  };

  /**
   * Which searches are a term's first from their client that day: one `create` per pair under an id made of
   * them, which the cluster accepts once, whichever process sends it.
   */
  const newClients = async (searches: readonly SearchEvent[]): Promise<Set<number>> => {
    const operations: unknown[] = [];
    const positions: number[] = [];
    searches.forEach((event, position) => {
      // Nobody is counted for the day's other queries: they are many terms, not one.
      if (!event.client || event.query === OTHER_QUERIES) return;
      const id = createHash('sha256')
        .update(JSON.stringify([event.engine, dayOf(event.at), event.query, event.client]))
        .digest('hex');
      operations.push({ create: { _index: analyticsIndex(prefix, 'clients', event.at), _id: id } }, { engine: event.engine, at: event.at });
      positions.push(position);
    });
    const fresh = new Set<number>();
    if (operations.length === 0) return fresh;
    await ensureIndices(searches.map((event) => analyticsIndex(prefix, 'clients', event.at)));
    const answer = await client.bulk({ operations }, WRITE_PATIENCE);
    answer.items.forEach((item, n) => {
      if (item.create?.status === 201) fresh.add(positions[n]!);
    });
    return fresh;
  };

  const eventDocument = (event: SearchEvent | ClickEvent) => ({
    engine: event.engine,
    at: event.at,
    query: event.query,
    redacted: event.redacted,
    tags: [...new Set(event.tags)].sort(),
    request_id: event.requestId,
  });

  return {
    kind: 'cluster',

    record: (batch) =>
      guarded(async () => {
        if (batch.searches.length + batch.clicks.length + batch.apiCalls.length === 0) return { dropped: 0 };
        await ready();
        const termed = await dayCaps.terms<SearchEvent | ClickEvent>([...batch.searches, ...batch.clicks]);
        const searches = termed.slice(0, batch.searches.length) as SearchEvent[];
        const clicks = termed.slice(batch.searches.length) as ClickEvent[];
        const logged = await dayCaps.apiCalls(batch.apiCalls);
        const apiCalls = logged.kept;
        const fresh = await newClients(searches);
        const operations: unknown[] = [];
        searches.forEach((event, position) => {
          operations.push(
            { index: { _index: analyticsIndex(prefix, 'events', event.at) } },
            {
              ...eventDocument(event),
              kind: event.kind,
              queries: 1,
              found: event.results > 0 ? 1 : 0,
              clicks: 0,
              new_client: fresh.has(position) ? 1 : 0,
              results: event.results,
              page: event.page,
              filtered: event.filtered,
              took_ms: Math.round(event.tookMs),
            },
          );
        });
        for (const event of clicks) {
          operations.push(
            { index: { _index: analyticsIndex(prefix, 'events', event.at) } },
            { ...eventDocument(event), kind: 'click', queries: 0, found: 0, clicks: 1, new_client: 0, document_id: event.documentId },
          );
        }
        for (const call of apiCalls) {
          operations.push(
            { index: { _index: analyticsIndex(prefix, 'api', call.at) } },
            {
              engine: call.engine,
              at: call.at,
              seq: apiSeq++,
              method: call.method,
              path: call.path,
              status: call.status,
              took_ms: Math.round(call.tookMs),
            },
          );
        }
        await ensureIndices([
          ...searches.map((event) => analyticsIndex(prefix, 'events', event.at)),
          ...clicks.map((event) => analyticsIndex(prefix, 'events', event.at)),
          ...apiCalls.map((call) => analyticsIndex(prefix, 'api', call.at)),
        ]);
        // Answered once searchable: the recorder writes off the request path, and a report flushes first.
        const answer = await client.bulk({ operations, refresh: 'wait_for' }, WRITE_PATIENCE);
        return { dropped: logged.dropped + answer.items.filter((item) => (item.index?.status ?? 500) >= 300).length };
      }),

    topQueries: (options) =>
      guarded(async () => {
        // The plain list and the no-result list come in the right order straight from the cluster; the others weigh a window.
        const exact = options.results === undefined && options.clicks === undefined;
        const size = exact || (options.results === false && options.clicks === undefined) ? options.limit : TERMS_WINDOW;
        const found = await aggregate<{ terms: { buckets: TermBucket[] } }>('events', scopeQuery(options), {
          terms: { terms: { field: 'query', size, shard_size: Math.max(size * 2, 1_000), order: termOrder(options) }, aggs: SUMS },
        });
        return (found?.terms.buckets ?? [])
          .map((bucket) => ({
            term: bucket.key,
            queries: whole(bucket.queries.value),
            found: whole(bucket.found.value),
            clicks: whole(bucket.clicks.value),
          }))
          .filter((row) => qualifies(options, row))
          .map(({ term, queries, clicks }) => ({ term, queries, clicks }))
          .sort(byUseThenTerm)
          .slice(0, options.limit);
      }),

    topClicks: (options) =>
      guarded(async () => {
        const extra: Query[] = [{ term: { kind: 'click' } }, ...(options.query === undefined ? [] : [{ term: { query: options.query } }])];
        const found = await aggregate<{ documents: { buckets: { key: string; doc_count: number }[] } }>(
          'events',
          scopeQuery(options, extra),
          {
            documents: {
              terms: {
                field: 'document_id',
                size: options.limit,
                shard_size: Math.max(options.limit * 2, 1_000),
                order: [{ _count: 'desc' }, { _key: 'asc' }],
              },
            },
          },
        );
        return (found?.documents.buckets ?? []).map((bucket): ClickRow => ({ documentId: bucket.key, clicks: bucket.doc_count }));
      }),

    counts: (options) =>
      guarded(async () => {
        const size = options.interval === 'hour' ? HOUR_MS : DAY_MS;
        const extra: Query[] = [
          ...(options.query === undefined ? [] : [{ term: { query: options.query } }]),
          ...(options.documentId === undefined ? [] : [{ term: { kind: 'click' } }, { term: { document_id: options.documentId } }]),
        ];
        const answer = await aggregate<{ units: { buckets: (Sums & { key: number })[] } }>('events', scopeQuery(options, extra), {
          units: { date_histogram: { field: 'at', fixed_interval: options.interval === 'hour' ? '1h' : '1d' }, aggs: SUMS },
        });
        const found = new Map((answer?.units.buckets ?? []).map((bucket) => [Math.floor(bucket.key / size), bucket]));
        const rows: CountRow[] = [];
        for (let unit = Math.floor(options.range.from / size); unit <= Math.floor(options.range.to / size); unit++) {
          const bucket = found.get(unit);
          rows.push({
            from: unit * size,
            to: (unit + 1) * size - 1,
            queries: whole(bucket?.queries.value),
            clicks: whole(bucket?.clicks.value),
            found: whole(bucket?.found.value),
          });
        }
        return rows;
      }),

    apiLogs: (query) =>
      guarded(async () => {
        const filter: Query[] = [{ term: { engine: query.engine } }, { range: { at: { gte: query.range.from, lte: query.range.to } } }];
        if (query.status !== undefined) filter.push({ term: { status: query.status } });
        if (query.method !== undefined) filter.push({ term: { method: query.method } });
        const order = query.ascending ? 'asc' : 'desc';
        const answer = await client.search<Record<string, unknown>>({
          index: pattern('api'),
          query: boolQuery({ filter }),
          sort: [{ at: { order } }, { seq: { order } }],
          from: query.offset,
          size: query.limit,
          track_total_hits: true,
        });
        const total = typeof answer.hits.total === 'number' ? answer.hits.total : (answer.hits.total?.value ?? 0);
        const results = answer.hits.hits.map(({ _source: source }): ApiLogEvent => {
          const call = source as { engine: string; at: number; method: string; path: string; status: number; took_ms: number };
          return { engine: call.engine, at: call.at, method: call.method, path: call.path, status: call.status, tookMs: call.took_ms };
        });
        return { results, total };
      }),

    popularQueries: ({ engine, range, prefix: typed, minClients, limit }) =>
      guarded(async () => {
        const from = dayOf(range.from) * DAY_MS;
        const to = (dayOf(range.to) + 1) * DAY_MS - 1;
        const extra: Query[] = [{ term: { redacted: false } }, ...(typed ? [{ prefix: { query: typed } }] : [])];
        const found = await aggregate<{ terms: { buckets: TermBucket[] } }>('events', scopeQuery({ engine, range: { from, to } }, extra), {
          terms: {
            terms: { field: 'query', size: TERMS_WINDOW, order: [{ clicks: 'desc' }, { queries: 'desc' }, { _key: 'asc' }] },
            aggs: {
              ...SUMS,
              days: { date_histogram: { field: 'at', fixed_interval: '1d' }, aggs: { clients: { sum: { field: 'new_client' } } } },
              max_clients: { max_bucket: { buckets_path: 'days>clients' } },
            },
          },
        });
        return (found?.terms.buckets ?? [])
          .filter((bucket) => bucket.found.value > 0 && bucket.clicks.value > 0 && whole(bucket.max_clients?.value) >= minClients)
          .map((bucket): PopularQuery => ({ term: bucket.key, queries: whole(bucket.queries.value) }))
          .sort((a, b) => b.queries - a.queries || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
          .slice(0, limit);
      }),

    deleteBefore: (cutoffs, now) =>
      guarded(async () => {
        /** Deletes the indices of a kind wholly before `cutoff`, and what is before it in the one that straddles it. */
        const expire = async (kind: AnalyticsIndexKind, cutoff: number) => {
          const names = Object.keys(await client.indices.get({ index: pattern(kind) }));
          const spans = names.map((name) => ({ name, span: indexSpan(prefix, kind, name) }));
          const past = spans.filter(({ span }) => span && span.to < cutoff).map(({ name }) => name);
          const edge = spans.filter(({ span }) => span && span.from < cutoff && span.to >= cutoff).map(({ name }) => name);
          let deleted = 0;
          if (past.length) {
            deleted += (await client.count({ index: past.join(',') })).count;
            await client.indices.delete({ index: past });
            for (const name of past) known.delete(name);
          }
          if (edge.length)
            deleted += (await client.deleteByQuery({ index: edge, query: { range: { at: { lt: cutoff } } }, refresh: true })).deleted ?? 0;
          return deleted;
        };
        let deleted = 0;
        if (cutoffs.analytics !== undefined) deleted += await expire('events', cutoffs.analytics);
        if (cutoffs.apiLogs !== undefined) deleted += await expire('api', cutoffs.apiLogs);
        // Which clients sent a term, and which terms a day holds, are needed only while the day is still being counted.
        await expire('clients', dayOf(now) * DAY_MS);
        await expire('terms', dayOf(now) * DAY_MS);
        return deleted;
      }),

    deleteEngine: (engine) =>
      guarded(async () => {
        await client.deleteByQuery({ index: KINDS.map(pattern), query: { term: { engine } }, refresh: true });
      }),

    async close() {
      if (!open) return;
      open = false;
      await client.close();
    },
  };
}
