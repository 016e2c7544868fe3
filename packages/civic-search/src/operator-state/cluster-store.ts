import { createHash } from 'node:crypto';
import type { estypes } from '@elastic/elasticsearch';
import type { ClusterClient, ClusterRequestOptions } from '../search/cluster';
import { withBackendErrors } from '../search/cluster/backend-errors';
import { boolQuery } from '../search/cluster/bool-query';
import { ensureIndex } from '../search/cluster/ensure-index';
import { statusOf } from '../search/cluster/response-status';
import { BackendError, BackendUnavailableError } from '../search/types';
import { OperatorStoreError, type OperatorCollection, type OperatorStore, type RecordPage, type StoredRecord } from './types';

/**
 * `<prefix>-operator_state` holds every operator record of the service. Engine names cannot hold an underscore, so
 * no engine's index can take this name.
 */
export const OPERATOR_INDEX_SUFFIX = 'operator_state';

export function operatorIndex(prefix: string): string {
  return `${prefix}-${OPERATOR_INDEX_SUFFIX}`;
}

/**
 * A record's value is kept as JSON text that is stored and never indexed: values are the operator's own shapes
 * (arrays of synonyms, boosts keyed by field name) that must not become fields of this index's mapping.
 */
const MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    collection: { type: 'keyword' },
    scope: { type: 'keyword' },
    id: { type: 'keyword' },
    value: { type: 'keyword', index: false, doc_values: false },
    created_seq: { type: 'long' },
    updated_at: { type: 'date' },
  },
};

/**
 * One shard: a few thousand small records at most, and one shard keeps paging by first-written order exact without
 * merging shards' pages. Replicas follow the operator's setting, as every other index of the service.
 */
const INDEX_SETTINGS = { number_of_shards: 1 };

/** The document whose version is the store's revision. Record ids are 64 hex digits, so none can take this one. */
const REVISION_ID = 'revision';

const DEFAULT_PAGE_SIZE = 25;
/** Records read per request when a whole scope is read. */
const SCAN_SIZE = 500;
/** Replacing a record that other processes keep replacing at the same moment gives up after this many tries. */
const WRITE_ATTEMPTS = 5;
/**
 * A request of the store that takes longer fails (as the cluster being unavailable) rather than holding up the
 * request that needed it; a cluster that cannot be reached at all fails at once.
 */
const REQUEST_TIMEOUT_MS = 5_000;
/**
 * How long a revision read from the cluster is trusted. A change made through another process is seen here within
 * this long, while a busy search path asks the cluster about it at most a few times a second.
 */
export const CLUSTER_REVISION_TTL_MS = 300;

interface RecordDocument {
  collection: string;
  scope: string;
  id: string;
  /** The value as JSON text. */
  value: string;
  /** The store's revision when the record was first written: lists keep this order. */
  created_seq: number;
  updated_at: string;
}

interface Versioned {
  document: RecordDocument;
  version: { if_seq_no: number; if_primary_term: number };
}

/** A record's document id: collection, scope and id together, hashed so any id fits the cluster's id limit. */
const documentId = (collection: string, scope: string, id: string) =>
  createHash('sha256')
    .update(JSON.stringify([collection, scope, id]))
    .digest('hex');

const toRecord = <T>(document: RecordDocument): StoredRecord<T> => ({
  id: document.id,
  value: JSON.parse(document.value) as T,
  updatedAt: document.updated_at,
});

export interface ClusterOperatorStoreOptions {
  client: ClusterClient;
  indexPrefix: string;
  now?: () => Date;
}

/**
 * Operator records in an index of the cluster, so every service process in front of it reads and writes the same
 * settings, synonyms, curations, meta engines and keys. Each write refreshes before it is acknowledged, so the
 * next listing through any process holds it. The revision is the version of one document that is written again
 * after every change (a realtime read, no script needed): another process's caches see it move within
 * `revisionTtlMs`. The client is the backend's; closing the store leaves it open.
 */
export async function openClusterOperatorStore({
  client,
  indexPrefix,
  now = () => new Date(),
}: ClusterOperatorStoreOptions): Promise<OperatorStore> {
  const index = operatorIndex(indexPrefix);
  const options: ClusterRequestOptions = { requestTimeout: REQUEST_TIMEOUT_MS };

  await withBackendErrors(() => ensureIndex(client, { index, settings: INDEX_SETTINGS, mappings: MAPPINGS }, options));

  let open = true;
  const usable = () => {
    if (!open) throw new OperatorStoreError('The operator store is closed.');
  };

  /** The revision this handle's latest change made: its own caches see the change at once. */
  let localRevision = 0;
  /** Moves the revision on; answers the new one. */
  const bump = () =>
    withBackendErrors(async () => {
      const answer = (await client.index({ index, id: REVISION_ID, document: { updated_at: now().toISOString() } }, options)) as {
        _version?: number;
      };
      if (typeof answer?._version !== 'number') throw new BackendError(`${client.product} did not say which version it wrote`);
      localRevision = Math.max(localRevision, answer._version);
      return answer._version;
    });

  const read = (id: string): Promise<Versioned | undefined> =>
    withBackendErrors(async () => {
      const answer = await client.get<RecordDocument>({ index, id }, { ...options, ignore: [404] });
      if (!answer?.found || !answer._source) return undefined;
      return { document: answer._source, version: { if_seq_no: answer._seq_no ?? 0, if_primary_term: answer._primary_term ?? 0 } };
    });

  /** Writes `document` only if its id is free (`create`) or still at `version` (replace): false when it was not. */
  const writeIf = (id: string, document: RecordDocument, version?: Versioned['version']) =>
    withBackendErrors(async () => {
      try {
        if (version) await client.index({ index, id, document, refresh: true, ...version }, options);
        else await client.create({ index, id, document, refresh: true }, options);
        return true;
      } catch (error) {
        if (statusOf(error).status === 409) return false;
        throw error;
      }
    });

  const search = (collection: string, scope: string, request: Omit<estypes.SearchRequest, 'index' | 'query' | 'sort'>) =>
    withBackendErrors(async () => {
      const answer = await client.search<RecordDocument>(
        {
          index,
          query: boolQuery({ filter: [{ term: { collection } }, { term: { scope } }] }),
          sort: [{ created_seq: { order: 'asc' } }, { id: { order: 'asc' } }],
          ...request,
        },
        options,
      );
      // A read missing a shard would show records as deleted: only a whole answer is the operator's records.
      if ((answer._shards?.failed ?? 0) > 0 || answer.timed_out || !Array.isArray(answer.hits?.hits))
        throw new BackendUnavailableError('the operator records could not be read whole (the cluster is not answering from every shard)');
      return answer;
    });

  /** Every document of a scope, in first-written order, read a page at a time after the last one seen. */
  const scan = async (collection: string, scope: string, fields: boolean): Promise<estypes.SearchHit<RecordDocument>[]> => {
    const hits: estypes.SearchHit<RecordDocument>[] = [];
    let after: estypes.SortResults | undefined;
    for (;;) {
      const answer = await search(collection, scope, { size: SCAN_SIZE, _source: fields, ...(after && { search_after: after }) });
      hits.push(...answer.hits.hits);
      if (answer.hits.hits.length < SCAN_SIZE) return hits;
      after = answer.hits.hits.at(-1)!.sort;
    }
  };

  return {
    kind: client.product.toLowerCase(),
    revisionTtlMs: CLUSTER_REVISION_TTL_MS,
    get localRevision() {
      return localRevision;
    },
    collection<T>(name: string): OperatorCollection<T> {
      const documentOf = (scope: string, id: string, value: T, createdSeq: number, at: string): RecordDocument => ({
        collection: name,
        scope,
        id,
        value: JSON.stringify(value),
        created_seq: createdSeq,
        updated_at: at,
      });
      return {
        async get(scope, id) {
          usable();
          const found = await read(documentId(name, scope, id));
          return found && toRecord<T>(found.document);
        },
        async list(scope, { offset = 0, limit = DEFAULT_PAGE_SIZE } = {}): Promise<RecordPage<T>> {
          usable();
          const answer = await search(name, scope, { from: offset, size: limit, track_total_hits: true });
          const total = answer.hits.total;
          return {
            records: answer.hits.hits.map((hit) => toRecord<T>(hit._source!)),
            total: typeof total === 'number' ? total : (total?.value ?? 0),
          };
        },
        async all(scope) {
          usable();
          return (await scan(name, scope, true)).map((hit) => toRecord<T>(hit._source!));
        },
        async put(scope, id, value) {
          usable();
          const at = now().toISOString();
          const key = documentId(name, scope, id);
          for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
            const current = await read(key);
            // A replaced record keeps its place; a new one takes the next revision as its place in the order.
            const createdSeq = current?.document.created_seq ?? (await bump());
            if (await writeIf(key, documentOf(scope, id, value, createdSeq, at), current?.version)) {
              await bump();
              return { id, value, updatedAt: at };
            }
          }
          throw new BackendError(`the ${name} record "${id}" kept being changed by another process; try again`);
        },
        async create(scope, id, value) {
          usable();
          const key = documentId(name, scope, id);
          // Taken already: nothing is written and the revision stays, so caches are not refreshed for nothing.
          if (await read(key)) return false;
          const at = now().toISOString();
          if (!(await writeIf(key, documentOf(scope, id, value, await bump(), at)))) return false;
          await bump();
          return true;
        },
        async delete(scope, id) {
          usable();
          const answer = await withBackendErrors(
            () =>
              client.delete({ index, id: documentId(name, scope, id), refresh: true }, { ...options, ignore: [404] }) as Promise<{
                result?: string;
              }>,
          );
          if (answer?.result !== 'deleted') return false;
          await bump();
          return true;
        },
        async deleteScope(scope) {
          usable();
          const hits = await scan(name, scope, false);
          if (hits.length === 0) return 0;
          const answer = await withBackendErrors(async () => {
            const bulk = await client.bulk({ index, operations: hits.map((hit) => ({ delete: { _id: hit._id } })) }, options);
            await client.indices.refresh({ index }, options);
            return bulk;
          });
          const deleted = answer.items.filter((item) => item.delete?.result === 'deleted').length;
          if (deleted > 0) await bump();
          if (answer.errors) throw new BackendError(`${client.product} deleted ${deleted} of ${hits.length} ${name} records; try again`);
          return deleted;
        },
      };
    },
    async revision() {
      usable();
      return withBackendErrors(async () => {
        const answer = await client.get({ index, id: REVISION_ID }, { ...options, ignore: [404] });
        return answer?.found ? (answer._version ?? 0) : 0;
      });
    },
    async close() {
      open = false;
    },
  };
}
