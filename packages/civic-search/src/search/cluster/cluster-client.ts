import type { estypes } from '@elastic/elasticsearch';

/**
 * What the cluster code asks of a search cluster, in one shape for Elasticsearch and OpenSearch. Both speak the
 * same Query DSL, mappings and index APIs for everything civic-search sends (the DSL types are Elasticsearch's,
 * which OpenSearch 2.x accepts for these requests); the official clients differ in how a request is wrapped
 * (flat parameters, or `{ body }` beside the query string), in how an answer comes back (the body, or
 * `{ body, statusCode }`) and in their error classes. Each client's adapter (`elasticsearch/client-adapter.ts`,
 * `opensearch/client-adapter.ts`) irons those out and turns its failures into the errors below.
 */
export interface ClusterRequestOptions {
  signal?: AbortSignal;
  /** Statuses answered as a body rather than thrown (a 404 read as "absent"). */
  ignore?: number[];
  requestTimeout?: number;
}

export type ClusterProduct = 'Elasticsearch' | 'OpenSearch';

export interface BulkAllResult {
  total: number;
  successful: number;
  failed: number;
  aborted: boolean;
  /** `<id>: <reason>` for each document the cluster refused. */
  dropped: string[];
}

type Options = ClusterRequestOptions;
type Doc = Record<string, unknown>;

export interface ClusterClient {
  readonly product: ClusterProduct;
  search<T = Doc>(params: estypes.SearchRequest, options?: Options): Promise<estypes.SearchResponse<T>>;
  count(params: { index: string }, options?: Options): Promise<{ count: number }>;
  get<T = Doc>(params: { index: string; id: string }, options?: Options): Promise<estypes.GetResponse<T>>;
  mget<T = Doc>(params: { index: string; ids: string[] }, options?: Options): Promise<estypes.MgetResponse<T>>;
  index(
    params: { index: string; id?: string; document: unknown; refresh?: boolean; if_seq_no?: number; if_primary_term?: number },
    options?: Options,
  ): Promise<unknown>;
  create(params: { index: string; id: string; document: unknown; refresh?: boolean }, options?: Options): Promise<unknown>;
  delete(params: { index: string; id: string; refresh?: boolean }, options?: Options): Promise<unknown>;
  /** `index` is the default for operations that name none; `refresh: 'wait_for'` answers once the writes are searchable. */
  bulk(params: { index?: string; operations: unknown[]; refresh?: boolean | 'wait_for' }, options?: Options): Promise<estypes.BulkResponse>;
  deleteByQuery(
    params: { index: string | string[]; query: estypes.QueryDslQueryContainer; refresh?: boolean },
    options?: Options,
  ): Promise<{ deleted?: number }>;
  /** Indexes every document into `index` in batches (the client's bulk helper), each under its `id`. */
  bulkIndexAll(index: string, documents: readonly Doc[]): Promise<BulkAllResult>;
  reindex(
    params: { source: { index: string[] }; dest: { index: string }; wait_for_completion: boolean; refresh: boolean },
    options?: Options,
  ): Promise<{ task?: string | number }>;
  tasks: {
    get(params: { task_id: string; wait_for_completion: boolean; timeout: string }, options?: Options): Promise<estypes.TasksGetResponse>;
  };
  indices: {
    create(
      params: {
        index: string;
        settings?: estypes.IndicesIndexSettings;
        mappings?: estypes.MappingTypeMapping;
        aliases?: Record<string, object>;
      },
      options?: Options,
    ): Promise<unknown>;
    exists(params: { index: string }, options?: Options): Promise<boolean>;
    existsAlias(params: { name: string }, options?: Options): Promise<boolean>;
    getAlias(params: { name: string }, options?: Options): Promise<Record<string, unknown>>;
    delete(params: { index: string | string[] }, options?: Options): Promise<unknown>;
    putMapping(params: { index: string; properties: Record<string, estypes.MappingProperty> }, options?: Options): Promise<unknown>;
    putSettings(params: { index: string; settings: Record<string, unknown> }, options?: Options): Promise<unknown>;
    updateAliases(params: { actions: object[] }, options?: Options): Promise<unknown>;
    refresh(params: { index: string }, options?: Options): Promise<unknown>;
    addBlock(params: { index: string; block: 'write' }, options?: Options): Promise<unknown>;
    /** The indices matching a name or pattern, by name (none: an empty object). */
    get(params: { index: string }, options?: Options): Promise<Record<string, unknown>>;
    putIndexTemplate(
      params: { name: string; index_patterns: string[]; template: { settings?: Record<string, unknown>; mappings?: estypes.MappingTypeMapping } },
      options?: Options,
    ): Promise<unknown>;
  };
  close(): Promise<void>;
}

/** The cluster answered with an error status; `type` is the error type it named (`index_not_found_exception`). */
export class ClusterResponseError extends Error {
  constructor(
    readonly product: ClusterProduct,
    readonly status: number,
    readonly type: string,
  ) {
    super(`${product} answered ${status} (${type})`);
    this.name = 'ClusterResponseError';
  }
}

/** No answer: the cluster could not be reached, did not answer in time, or answered something unreadable. */
export class ClusterTransportError extends Error {
  constructor(
    readonly product: ClusterProduct,
    readonly kind: 'unreachable' | 'timeout' | 'unreadable' | 'not-this-product',
  ) {
    super(`${product}: ${kind}`);
    this.name = 'ClusterTransportError';
  }
}

type ErrorClass<T = object> = abstract new (...args: never[]) => T;

/**
 * The error classes an official client exports. The OpenSearch client began as a fork of Elasticsearch's, so both
 * name their failures alike; only Elasticsearch's has a product check to fail.
 */
export interface ClientErrorClasses {
  ResponseError: ErrorClass<{ meta: { statusCode?: number | null; body?: unknown } }>;
  TimeoutError: ErrorClass;
  ConnectionError: ErrorClass;
  NoLivingConnectionsError: ErrorClass;
  DeserializationError: ErrorClass;
  ProductNotSupportedError?: ErrorClass;
}

/** A client's failure as the cluster code's error; anything else (an aborted request) unchanged. */
export function translatedClientError(product: ClusterProduct, classes: ClientErrorClasses, error: unknown): unknown {
  if (error instanceof classes.ResponseError) {
    const body = error.meta.body as { error?: { type?: unknown } } | undefined;
    const type = typeof body?.error?.type === 'string' ? body.error.type : 'error';
    return new ClusterResponseError(product, error.meta.statusCode ?? 0, type);
  }
  if (error instanceof classes.TimeoutError) return new ClusterTransportError(product, 'timeout');
  if (error instanceof classes.ConnectionError || error instanceof classes.NoLivingConnectionsError) {
    return new ClusterTransportError(product, 'unreachable');
  }
  if (error instanceof classes.DeserializationError) return new ClusterTransportError(product, 'unreadable');
  if (classes.ProductNotSupportedError && error instanceof classes.ProductNotSupportedError) {
    return new ClusterTransportError(product, 'not-this-product');
  }
  return error;
}
