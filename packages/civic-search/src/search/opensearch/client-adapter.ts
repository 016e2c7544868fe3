import { errors, type Client } from '@opensearch-project/opensearch';
import { translatedClientError, type ClusterClient, type ClusterRequestOptions } from '../cluster/cluster-client';

const PRODUCT = 'OpenSearch';

/** The client's failures as the cluster code's errors; an aborted request unchanged. */
const translated = (error: unknown) => translatedClientError(PRODUCT, errors, error);

interface Abortable<T> extends Promise<T> {
  abort(): void;
}

/**
 * Sends one request and answers its body. The client answers `{ body, statusCode }` and aborts through the
 * returned promise rather than a signal, so the signal is wired to that.
 */
async function send<T>(request: (transport: { ignore?: number[]; requestTimeout?: number }) => Abortable<{ body: unknown }>, options: ClusterRequestOptions = {}): Promise<T> {
  const { signal, ignore, requestTimeout } = options;
  signal?.throwIfAborted();
  const pending = request({ ...(ignore && { ignore }), ...(requestTimeout && { requestTimeout }) });
  const abort = () => pending.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return (await pending).body as T;
  } catch (error) {
    throw translated(error);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * The official OpenSearch client (3.x) as a ClusterClient. Its requests carry the DSL in `body` beside the
 * query-string parameters, so each call here says which of the cluster code's parameters go where.
 */
export function opensearchClusterClient(client: Client): ClusterClient {
  // The client's request types are generated per API and far stricter than the DSL built here, which is the
  // same JSON: calls go through this untyped view of it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api = client as any;
  return {
    product: PRODUCT,
    search: ({ index, ...body }, options) => send((t) => api.search({ index, body }, t), options),
    count: ({ index }, options) => send((t) => api.count({ index }, t), options),
    get: ({ index, id }, options) => send((t) => api.get({ index, id }, t), options),
    mget: ({ index, ids }, options) => send((t) => api.mget({ index, body: { ids } }, t), options),
    index: ({ document, ...params }, options) => send((t) => api.index({ ...params, body: document }, t), options),
    create: ({ document, ...params }, options) => send((t) => api.create({ ...params, body: document }, t), options),
    delete: (params, options) => send((t) => api.delete(params, t), options),
    bulk: ({ operations, ...params }, options) => send((t) => api.bulk({ ...params, body: operations }, t), options),
    deleteByQuery: ({ query, ...params }, options) =>
      send((t) => api.deleteByQuery({ ...params, conflicts: 'proceed', body: { query } }, t), options),
    async bulkIndexAll(index, documents) {
      const dropped: string[] = [];
      try {
        const result = await client.helpers.bulk<Record<string, unknown>>({
          datasource: [...documents],
          onDocument: (document) => ({ index: { _index: index, _id: String(document.id) } }),
          onDrop: (drop) => {
            const reason = drop.error?.reason;
            dropped.push(`${String(drop.document.id)}: ${typeof reason === 'string' ? reason : JSON.stringify(drop.error)}`);
          },
        });
        return { total: result.total, successful: result.successful, failed: result.failed, aborted: result.aborted, dropped };
      } catch (error) {
        throw translated(error);
      }
    },
    reindex: ({ source, dest, ...params }, options) => send((t) => api.reindex({ ...params, body: { source, dest } }, t), options),
    tasks: { get: (params, options) => send((t) => api.tasks.get(params, t), options) },
    indices: {
      create: ({ index, ...body }, options) => send((t) => api.indices.create({ index, body }, t), options),
      exists: (params, options) => send((t) => api.indices.exists(params, t), options),
      existsAlias: (params, options) => send((t) => api.indices.existsAlias(params, t), options),
      getAlias: (params, options) => send((t) => api.indices.getAlias(params, t), options),
      delete: (params, options) => send((t) => api.indices.delete(params, t), options),
      putMapping: ({ index, properties }, options) => send((t) => api.indices.putMapping({ index, body: { properties } }, t), options),
      putSettings: ({ index, settings }, options) => send((t) => api.indices.putSettings({ index, body: settings }, t), options),
      updateAliases: ({ actions }, options) => send((t) => api.indices.updateAliases({ body: { actions } }, t), options),
      refresh: (params, options) => send((t) => api.indices.refresh(params, t), options),
      addBlock: (params, options) => send((t) => api.indices.addBlock(params, t), options),
      get: ({ index }, options) => send((t) => api.indices.get({ index, allow_no_indices: true, ignore_unavailable: true }, t), options),
      putIndexTemplate: ({ name, ...body }, options) => send((t) => api.indices.putIndexTemplate({ name, body }, t), options),
    },
    close: () => client.close(),
  };
}
