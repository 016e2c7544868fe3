import type { estypes } from '@elastic/elasticsearch';
import { DAY_MS } from './periods';

/**
 * Where analytics live in a cluster: time-based indices under the operator's prefix, so what is past its retention
 * goes by deleting whole indices, never by scanning documents.
 * - `<prefix>-analytics-events-YYYY.MM`: one document per search, suggestion and click (monthly: a busy council's
 *   month is a few million small documents, and 180 days of them are seven indices, not 180).
 * - `<prefix>-analytics-api-YYYY.MM.DD`: one document per API call (daily: kept 7 days by default).
 * - `<prefix>-analytics-clients-YYYY.MM.DD`: which clients (by the day's keyed hash) sent a term that day, one
 *   document per pair under an id made of them, so that a pair is new exactly once across every service process.
 *   Needed only while its day lasts: deleted whole once it is over.
 * - `<prefix>-analytics-terms-YYYY.MM.DD`: which terms (with their tags) an engine's day holds, one document per term
 *   under an id made of them, so every process counts the same terms against the day's bound. Deleted whole once
 *   the day is over, like the clients.
 */
export type AnalyticsIndexKind = 'events' | 'api' | 'clients' | 'terms';

const pad = (n: number) => String(n).padStart(2, '0');

/** The index holding what happened at `at` (milliseconds since the epoch, UTC). */
export function analyticsIndex(prefix: string, kind: AnalyticsIndexKind, at: number): string {
  const date = new Date(at);
  const month = `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}`;
  return `${prefix}-analytics-${kind}-${kind === 'events' ? month : `${month}.${pad(date.getUTCDate())}`}`;
}

/**
 * Every index of a kind. The dot keeps the pattern off an engine's own indices: engine names hold no dots, so an
 * engine called `analytics-events-x` cannot have its documents counted as analytics.
 */
export const analyticsPattern = (prefix: string, kind: AnalyticsIndexKind) => `${prefix}-analytics-${kind}-*.*`;

/** The time an index's name covers, [from, to] in milliseconds; undefined for a name not of this layout. */
export function indexSpan(prefix: string, kind: AnalyticsIndexKind, name: string): { from: number; to: number } | undefined {
  const start = `${prefix}-analytics-${kind}-`;
  if (!name.startsWith(start)) return undefined;
  const match = /^(\d{4})\.(\d{2})(?:\.(\d{2}))?$/.exec(name.slice(start.length));
  if (!match || (kind === 'events') !== (match[3] === undefined)) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, match[3] === undefined ? undefined : Number(match[3])];
  if (day === undefined) return { from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1) - 1 };
  const from = Date.UTC(year, month, day);
  return { from, to: from + DAY_MS - 1 };
}

const keyword = { type: 'keyword' } as const;
const integer = { type: 'integer' } as const;
const date = { type: 'date', format: 'epoch_millis' } as const;

/**
 * The mappings: times as dates, terms, tags and ids as keywords (counted and filtered whole, never analysed).
 * Each event carries its own counts (`queries`, `found`, `clicks`, `new_client`: 0 or 1) so that every report is
 * sums over the same documents, searches and clicks alike.
 */
export const ANALYTICS_MAPPINGS: Record<AnalyticsIndexKind, estypes.MappingTypeMapping> = {
  events: {
    dynamic: 'strict',
    properties: {
      engine: keyword,
      at: date,
      kind: keyword,
      query: keyword,
      redacted: { type: 'boolean' },
      tags: keyword,
      queries: integer,
      found: integer,
      clicks: integer,
      new_client: integer,
      results: integer,
      page: integer,
      filtered: { type: 'boolean' },
      took_ms: integer,
      request_id: keyword,
      document_id: keyword,
    },
  },
  api: {
    dynamic: 'strict',
    properties: { engine: keyword, at: date, seq: { type: 'long' }, method: keyword, path: keyword, status: integer, took_ms: integer },
  },
  clients: { dynamic: 'strict', properties: { engine: keyword, at: date } },
  terms: { dynamic: 'strict', properties: { engine: keyword, at: date } },
};
