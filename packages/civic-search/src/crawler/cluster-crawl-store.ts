import { createHash } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import type { ClusterClient, ClusterRequestOptions } from '../search/cluster';
import { withBackendErrors } from '../search/cluster/backend-errors';
import { boolQuery } from '../search/cluster/bool-query';
import { ensureIndex } from '../search/cluster/ensure-index';
import { statusOf } from '../search/cluster/response-status';
import { BackendError, BackendUnavailableError } from '../search/types';
import { KEPT_PAGES, KEPT_RUNS, type CrawlRunRecord, type PageRecrawlRecord } from './crawl-history';
import { emptyState, type CrawlState, type UrlState } from './crawl-state';
import type { CrawlLease, CrawlStore, LoadedState } from './crawl-store';

/**
 * `<prefix>-crawl_state` holds every crawl's state, history and lease. Engine names cannot hold an underscore, so
 * no engine's index can take this name.
 */
export const CRAWL_INDEX_SUFFIX = 'crawl_state';

export function crawlIndex(prefix: string): string {
  return `${prefix}-${CRAWL_INDEX_SUFFIX}`;
}

/**
 * What is searched is mapped (engine, kind, time); what a crawl keeps is stored and never indexed (`enabled:
 * false`): URLs, validators and links are the crawler's own shapes, which must not become fields of this mapping.
 */
const MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    engine: { type: 'keyword' },
    kind: { type: 'keyword' },
    at: { type: 'date' },
    holder: { type: 'keyword' },
    expires_at: { type: 'date', format: 'epoch_millis' },
    body: { type: 'object', enabled: false },
  },
};

/** One shard: a few documents per engine, read by id (realtime) or a few at a time in time order. */
const INDEX_SETTINGS = { number_of_shards: 1 };

/**
 * A site's URLs are kept in this many parts by default, each its own document, so that no document grows to the
 * cluster's request limit on a big site, and a save after a batch of 100 pages rewrites about a third of a big
 * site's state, not all of it (bench/crawl-store.ts: such a save of a 10,000-URL state took 0.7 s in 256 parts, 1.1 s
 * in 16, on one loaded OpenSearch node).
 * Parts never holding a URL are never written, so a small site keeps a few documents. The count is written in the
 * state's head, so every process reads the parts the writer made.
 */
export const DEFAULT_URL_PARTS = 256;
/** The text of parts sent in one bulk request at most (the cluster refuses requests over 100 MB by default). */
const BULK_BYTES = 4 * 2 ** 20;
/** A request of the store that takes longer fails as the cluster being unavailable, never a hang. */
const REQUEST_TIMEOUT_MS = 10_000;

type Kind = 'state' | 'urls' | 'run' | 'page' | 'lease';

interface StoredDocument {
  engine: string;
  kind: Kind;
  at: string;
  holder?: string;
  expires_at?: number;
  body?: unknown;
}

/** The state without its URLs, and how many parts hold them. */
interface StateHead extends Omit<CrawlState, 'urls'> {
  parts: number;
}

const headId = (engine: string) => `${engine}/state`;
const partId = (engine: string, part: number) => `${engine}/urls/${part}`;
const leaseId = (engine: string) => `${engine}/lease`;

export interface ClusterCrawlStoreOptions {
  client: ClusterClient;
  indexPrefix: string;
  /** Parts of a new state (tests make them few). */
  urlParts?: number;
  now?: () => number;
}

/**
 * Crawl state, history and leases in an index of the cluster, so every service process in front of it shares
 * them. The state is read by id (a realtime read: no refresh to wait for) as a head (start, pending deletes, last
 * crawl) and parts of its URLs; a save writes the head, then only the parts whose text changed since this handle
 * last read or wrote them. The head goes first: were a save cut short, a URL whose document is in the pending
 * deletes is still held by its old entry, so the document is kept rather than forgotten. History records are one
 * document each, written with a refresh (the next listing anywhere holds them) and trimmed to the kept number.
 * The lease is one document per engine, taken with `op_type=create` or over the version read, renewed the same way.
 */
export async function openClusterCrawlStore({
  client,
  indexPrefix,
  urlParts = DEFAULT_URL_PARTS,
  now = Date.now,
}: ClusterCrawlStoreOptions): Promise<CrawlStore> {
  const index = crawlIndex(indexPrefix);
  const options: ClusterRequestOptions = { requestTimeout: REQUEST_TIMEOUT_MS };
  const at = () => new Date(now()).toISOString();

  await withBackendErrors(() => ensureIndex(client, { index, settings: INDEX_SETTINGS, mappings: MAPPINGS }, options));

  const read = (id: string) =>
    withBackendErrors(async () => {
      const answer = await client.get<StoredDocument>({ index, id }, { ...options, ignore: [404] });
      if (!answer?.found || !answer._source) return undefined;
      return { document: answer._source, version: { if_seq_no: answer._seq_no ?? 0, if_primary_term: answer._primary_term ?? 0 } };
    });

  /** Writes only if the id is free (no version) or still at `version`; false when another write came first. */
  const writeIf = (id: string, document: StoredDocument, version?: { if_seq_no: number; if_primary_term: number }) =>
    withBackendErrors(async () => {
      try {
        const answer = (version
          ? await client.index({ index, id, document, ...version }, options)
          : await client.create({ index, id, document }, options)) as { _seq_no?: number; _primary_term?: number };
        return { if_seq_no: answer?._seq_no ?? 0, if_primary_term: answer?._primary_term ?? 0 };
      } catch (error) {
        if (statusOf(error).status === 409) return undefined;
        throw error;
      }
    });

  const bulk = (operations: unknown[], refresh?: boolean) =>
    withBackendErrors(async () => {
      const answer = await client.bulk({ index, operations, ...(refresh && { refresh }) }, options);
      if (answer.errors) {
        const failed = answer.items.filter((item) => Object.values(item)[0]?.error).length;
        throw new BackendError(`${client.product} refused ${failed} of ${answer.items.length} crawl records`);
      }
    });

  /** An engine's records of one kind, newest first. */
  const newest = (engine: string, kind: Kind, size: number, source: boolean) =>
    withBackendErrors(async () => {
      const answer = await client.search<StoredDocument>(
        {
          index,
          query: boolQuery({ filter: [{ term: { engine } }, { term: { kind } }] }),
          sort: [{ at: { order: 'desc' } }],
          size,
          _source: source,
        },
        options,
      );
      // A read missing a shard would show a shorter history than there is.
      if ((answer._shards?.failed ?? 0) > 0 || answer.timed_out || !Array.isArray(answer.hits?.hits))
        throw new BackendUnavailableError('the crawl history could not be read whole (the cluster is not answering from every shard)');
      return answer.hits.hits;
    });

  /** Adds a history record, then deletes those past the kept number (at most a few at a time). */
  const addRecord = async (engine: string, kind: 'run' | 'page', finishedAt: string, record: unknown, kept: number) => {
    // Named by what it holds: the same record written twice (a retried request) is one record, not two.
    const id = `${engine}/${kind}/${finishedAt}/${createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 16)}`;
    await withBackendErrors(() => client.index({ index, id, document: { engine, kind, at: finishedAt, body: record } satisfies StoredDocument, refresh: true }, options));
    const stale = (await newest(engine, kind, kept + 20, false)).slice(kept);
    if (stale.length > 0) await bulk(stale.map((hit) => ({ delete: { _id: hit._id } })), true);
  };

  const liveLease = (document: StoredDocument | undefined) =>
    document?.holder !== undefined && (document.expires_at ?? 0) > now() ? document.holder : undefined;

  return {
    kind: client.product.toLowerCase(),

    async loadState(engine, start): Promise<LoadedState> {
      const head = await read(headId(engine));
      const state = emptyState(start, engine);
      let parts = urlParts;
      /** The text of each part as last read or written here: a save skips the parts still the same. */
      const written = new Map<number, string>();
      if (head) {
        const { parts: stored, ...rest } = head.document.body as StateHead;
        if (rest.version !== 1 || !Number.isInteger(stored) || stored < 1)
          throw new BackendError(`the crawl state of "${engine}" in ${index} is not one this version reads: delete its documents to crawl from scratch`);
        parts = stored;
        Object.assign(state, rest, { start });
        const ids = Array.from({ length: parts }, (_, part) => partId(engine, part));
        const answer = await withBackendErrors(() => client.mget<StoredDocument>({ index, ids }, options));
        answer.docs.forEach((doc, part) => {
          // A part that could not be read is not an empty part: saving over it would forget its URLs' documents.
          if ('error' in doc && doc.error) throw new BackendUnavailableError(`part ${part} of the crawl state of "${engine}" could not be read`);
          if (!('found' in doc) || !doc.found || !doc._source) return;
          const urls = doc._source.body as Record<string, UrlState>;
          Object.assign(state.urls, urls);
          written.set(part, JSON.stringify(urls));
        });
      }
      const partOf = partFinder(parts);
      let queue: Promise<void> = Promise.resolve();
      const save = (current: CrawlState) => {
        const { urls, ...rest } = current;
        const split: Record<string, UrlState>[] = Array.from({ length: parts }, () => ({}));
        for (const [key, entry] of Object.entries(urls)) split[partOf(key)]![key] = entry;
        const texts = split.map((part) => JSON.stringify(part));
        const headDocument: StoredDocument = { engine, kind: 'state', at: at(), body: { ...rest, parts } satisfies StateHead };
        // A failed save is reported to its caller; the next one still runs, and rewrites what did not land.
        queue = queue.catch(() => undefined).then(async () => {
          await withBackendErrors(() => client.index({ index, id: headId(engine), document: headDocument }, options));
          // A part neither written nor holding a URL is left unwritten: reading finds no document and no URLs alike.
          const changed = texts.flatMap((text, part) => (written.get(part) === text || (!written.has(part) && text === '{}') ? [] : [part]));
          for (const slice of bulkSlices(changed, texts)) {
            slice.forEach((part) => written.delete(part));
            await bulk(
              slice.flatMap((part) => [
                { index: { _id: partId(engine, part) } },
                { engine, kind: 'urls', at: headDocument.at, body: split[part] } satisfies StoredDocument,
              ]),
            );
            slice.forEach((part) => written.set(part, texts[part]!));
          }
        });
        return queue;
      };
      return { state, save };
    },

    async history(engine) {
      const runs = await newest(engine, 'run', KEPT_RUNS, true);
      const pages = await newest(engine, 'page', KEPT_PAGES, true);
      return {
        runs: runs.map((hit) => hit._source!.body as CrawlRunRecord),
        pages: pages.map((hit) => hit._source!.body as PageRecrawlRecord),
      };
    },
    addRun: (engine, record) => addRecord(engine, 'run', record.finished_at, record, KEPT_RUNS),
    addPage: (engine, record) => addRecord(engine, 'page', record.finished_at, record, KEPT_PAGES),

    async takeLease(engine, holder, ttlMs) {
      const id = leaseId(engine);
      const found = await read(id);
      const other = liveLease(found?.document);
      if (other !== undefined && other !== holder) return undefined;
      const document = (): StoredDocument => ({ engine, kind: 'lease', at: at(), holder, expires_at: now() + ttlMs });
      let version = await writeIf(id, document(), found?.version);
      if (!version) return undefined;
      const taken: CrawlLease = {
        holder,
        async renew() {
          if (!version) return false;
          version = await writeIf(id, document(), version);
          return version !== undefined;
        },
        async release() {
          if (!version) return;
          // Written as lapsed rather than deleted: a conditional write needs no other request type.
          await writeIf(id, { ...document(), expires_at: 0 }, version);
          version = undefined;
        },
      };
      return taken;
    },
    async leaseHolder(engine) {
      return liveLease((await read(leaseId(engine)))?.document);
    },
    async close() {},
  };
}

/** The changed parts in groups whose text stays within `BULK_BYTES` (a bigger part goes alone). */
function bulkSlices(changed: readonly number[], texts: readonly string[]): number[][] {
  const slices: number[][] = [];
  let bytes = Infinity;
  for (const part of changed) {
    const size = texts[part]!.length;
    if (bytes + size > BULK_BYTES) {
      slices.push([]);
      bytes = 0;
    }
    slices.at(-1)!.push(part);
    bytes += size;
  }
  return slices;
}

/** Which part a URL's entry is kept in: by a hash of its key, remembered, as a save asks for every key. */
function partFinder(parts: number): (key: string) => number {
  const known = new Map<string, number>();
  return (key) => {
    let part = known.get(key);
    if (part === undefined) {
      part = createHash('sha256').update(key).digest().readUInt32BE(0) % parts;
      known.set(key, part);
    }
    return part;
  };
}
