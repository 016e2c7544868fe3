import { createHash } from 'node:crypto';
import type { ClusterClient } from '../search/cluster';
import { analyticsIndex } from './cluster-layout';
import { dayOf, DAY_MS } from './periods';
import { DEFAULT_SQLITE_LIMITS, OTHER_QUERIES, type SqliteAnalyticsLimits } from './sqlite-store';
import type { ApiLogEvent, ClickEvent, SearchEvent } from './types';

/** What a write may take its time over: it is off the request path. */
const WRITE_PATIENCE = { requestTimeout: 60_000 };

const tagsKey = (tags: readonly string[]) => JSON.stringify([...new Set(tags)].sort());
const idOf = (parts: readonly unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
const dayKey = (engine: string, day: number) => `${day}\u0000${engine}`;

/**
 * A day's bounds in a cluster, as the SQLite store keeps them in its file, but shared by every service process
 * writing into the cluster:
 * - Terms: a day holds at most `maxQueriesPerDay` terms (with their tags) per engine; a term new to a full day is
 *   counted under OTHER_QUERIES, so totals still add up. Each term of a day is one document in the day's terms index
 *   under an id made of engine, day, tags and term, which the cluster creates once, whichever process sends it: a
 *   create that succeeds is a new term, and it keeps its place if the day had room when the batch began (counted
 *   first); one past the room is deleted again and its searches go to OTHER_QUERIES.
 * - API calls: a day logs at most `maxApiLogsPerDay` per engine, counted in the day's API log index; the rest are
 *   dropped and counted as dropped.
 * Processes writing at the same moment each see the count from before the other's batch, so a day can pass a bound
 * by what such batches add, never more.
 */
export function clusterDayCaps(options: {
  client: ClusterClient;
  prefix: string;
  limits?: SqliteAnalyticsLimits;
  /** Creates the named indices if this process has not yet. */
  ensureIndices(names: Iterable<string>): Promise<void>;
}) {
  const { client, prefix } = options;
  const limits = { ...DEFAULT_SQLITE_LIMITS, ...options.limits };
  /**
   * Terms this process has seen kept, or refused, per engine and day: they need no create again (a day that was full
   * stays full). Forgotten once a day is over.
   */
  const kept = new Map<string, Set<string>>();
  const refusedBefore = new Map<string, Set<string>>();
  let keptDay = -1;
  const remember = (seen: Map<string, Set<string>>, group: string, key: string) => {
    let set = seen.get(group);
    if (!set) seen.set(group, (set = new Set()));
    set.add(key);
  };

  /** How many documents of an engine an index holds (0 for an index not made yet). */
  const countIn = async (index: string, engine: string) => {
    const answer = await client.search({ index, size: 0, query: { term: { engine } }, track_total_hits: true });
    const total = answer.hits.total;
    return typeof total === 'number' ? total : (total?.value ?? 0);
  };

  /** The term each event is recorded under: its own, or OTHER_QUERIES when it is new to a day already full. */
  async function terms<E extends SearchEvent | ClickEvent>(events: readonly E[]): Promise<E[]> {
    const today = dayOf(Date.now());
    if (today !== keptDay) {
      keptDay = today;
      for (const seen of [kept, refusedBefore])
        for (const key of seen.keys()) if (Number(key.split('\u0000', 1)[0]) < today - 1) seen.delete(key);
    }
    const keyOf = (event: E) => JSON.stringify([tagsKey(event.tags), event.query]);
    /** The new-to-this-process terms of each engine and day, in the order the batch met them. */
    const asked = new Map<string, { engine: string; day: number; keys: string[] }>();
    for (const event of events) {
      if (event.query === OTHER_QUERIES) continue;
      const day = dayOf(event.at);
      const group = dayKey(event.engine, day);
      const key = keyOf(event);
      if (kept.get(group)?.has(key) || refusedBefore.get(group)?.has(key)) continue;
      let entry = asked.get(group);
      if (!entry) asked.set(group, (entry = { engine: event.engine, day, keys: [] }));
      if (!entry.keys.includes(key)) entry.keys.push(key);
    }
    if (asked.size > 0) {
      const groups = [...asked.entries()];
      const indexOf = (day: number) => analyticsIndex(prefix, 'terms', day * DAY_MS);
      await options.ensureIndices(groups.map(([, { day }]) => indexOf(day)));
      const room = new Map<string, number>();
      for (const [group, { engine, day }] of groups) room.set(group, limits.maxQueriesPerDay - (await countIn(indexOf(day), engine)));
      const operations: unknown[] = [];
      const created: { group: string; key: string; index: string; id: string }[] = [];
      for (const [group, { engine, day, keys }] of groups) {
        for (const key of keys) {
          const id = idOf([engine, day, key]);
          operations.push({ create: { _index: indexOf(day), _id: id } }, { engine, at: day * DAY_MS });
          created.push({ group, key, index: indexOf(day), id });
        }
      }
      const answer = await client.bulk({ operations, refresh: 'wait_for' }, WRITE_PATIENCE);
      const late: unknown[] = [];
      answer.items.forEach((item, n) => {
        const { group, key, index, id } = created[n]!;
        // 201: new to the day, kept while the day had room. 409: another batch made it first (kept). Anything else
        // is counted as the term itself: a bound is never worth losing a search over.
        if (item.create?.status === 201) {
          const left = room.get(group)!;
          room.set(group, left - 1);
          if (left <= 0) {
            remember(refusedBefore, group, key);
            late.push({ delete: { _index: index, _id: id } });
            return;
          }
        }
        remember(kept, group, key);
      });
      if (late.length) await client.bulk({ operations: late, refresh: 'wait_for' }, WRITE_PATIENCE);
    }
    return events.map((event) =>
      refusedBefore.get(dayKey(event.engine, dayOf(event.at)))?.has(keyOf(event))
        ? { ...event, query: OTHER_QUERIES, redacted: true }
        : event,
    );
  }

  /** The API calls that fit their day's log, and how many did not. */
  async function apiCalls(calls: readonly ApiLogEvent[]): Promise<{ kept: ApiLogEvent[]; dropped: number }> {
    if (calls.length === 0) return { kept: [], dropped: 0 };
    const room = new Map<string, number>();
    for (const call of calls) {
      const group = dayKey(call.engine, dayOf(call.at));
      if (room.has(group)) continue;
      const index = analyticsIndex(prefix, 'api', call.at);
      await options.ensureIndices([index]);
      room.set(group, limits.maxApiLogsPerDay - (await countIn(index, call.engine)));
    }
    const kept: ApiLogEvent[] = [];
    for (const call of calls) {
      const group = dayKey(call.engine, dayOf(call.at));
      const left = room.get(group)!;
      room.set(group, left - 1);
      if (left > 0) kept.push(call);
    }
    return { kept, dropped: calls.length - kept.length };
  }

  return { terms, apiCalls };
}
