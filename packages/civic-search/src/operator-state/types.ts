/**
 * Operator state: what a council's search manager sets (search settings, synonym sets, curations, credentials, log
 * settings, ...). Records are small JSON values kept in named collections, each record under a scope (an engine's
 * name, or `SERVICE_SCOPE` for what belongs to the whole service) and an id. The store follows the backend: the
 * data folder for the embedded engine, the cluster for Elasticsearch and OpenSearch, so that several service
 * processes on one cluster agree.
 */

/** The scope of records that belong to the whole service rather than to one engine (credentials, say). */
export const SERVICE_SCOPE = '';

export interface StoredRecord<T> {
  id: string;
  value: T;
  /** When the record was last written (ISO 8601, UTC). */
  updatedAt: string;
}

export interface RecordPage<T> {
  records: StoredRecord<T>[];
  /** Records in the scope, over all pages. */
  total: number;
}

/** One kind of record. Every method's change is on disk (or acknowledged by the cluster) when its promise resolves. */
export interface OperatorCollection<T> {
  get(scope: string, id: string): Promise<StoredRecord<T> | undefined>;
  /** A scope's records in the order they were first written (oldest first), `limit` of them from `offset`. */
  list(scope: string, page?: { offset?: number; limit?: number }): Promise<RecordPage<T>>;
  /** Every record of a scope, in the order they were first written. */
  all(scope: string): Promise<StoredRecord<T>[]>;
  /** Writes a record, creating it or replacing its value (a replaced record keeps its place in the order). */
  put(scope: string, id: string, value: T): Promise<StoredRecord<T>>;
  /** Writes a record only when the id is free; false when a record already holds it. */
  create(scope: string, id: string, value: T): Promise<boolean>;
  /** Deletes a record; false when there was none. */
  delete(scope: string, id: string): Promise<boolean>;
  /** Deletes every record of a scope (an engine deleted takes its settings with it); how many went. */
  deleteScope(scope: string): Promise<number>;
}

export interface OperatorStore {
  /** `kind` names where the records live, for logs and the console (`sqlite`, `elasticsearch`, ...). */
  readonly kind: string;
  /**
   * How long a revision read from the store may be trusted before reading it again (0: read it every time, as
   * reading it is cheap in an embedded database; a cluster round trip is not).
   */
  readonly revisionTtlMs: number;
  /**
   * The revision this handle's own latest change made (0 before any), for a store whose revision is trusted for a
   * while: a cache in the process that made a change must see it at once, not after `revisionTtlMs`.
   */
  readonly localRevision?: number;
  collection<T>(name: string): OperatorCollection<T>;
  /**
   * A number that changes whenever any record changes, in this process or another one sharing the store: caches of
   * records compare it to know they are stale without reading every record again.
   */
  revision(): Promise<number>;
  close(): Promise<void>;
}

/** The store cannot be used (unreadable, corrupt, or written by a newer version): the message says what to do. */
export class OperatorStoreError extends Error {
  override name = 'OperatorStoreError';
}
