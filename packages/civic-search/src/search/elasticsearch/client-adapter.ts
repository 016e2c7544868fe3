import { errors, type Client, type estypes } from '@elastic/elasticsearch';
import { translatedClientError, type ClusterClient, type ClusterRequestOptions } from '../cluster/cluster-client';

const PRODUCT = 'Elasticsearch';

/** The client's failures as the cluster code's errors; an aborted request unchanged. */
const translated = (error: unknown) => translatedClientError(PRODUCT, errors, error);

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translated(error);
  }
}

/**
 * The official Elasticsearch client (9.x) as a ClusterClient: its requests already take the DSL's flat
 * parameters and answer with the body, so this only routes calls and translates errors.
 */
export function elasticsearchClusterClient(client: Client): ClusterClient {
  const o = (options?: ClusterRequestOptions) => options ?? {};
  return {
    product: PRODUCT,
    search: <T>(params: estypes.SearchRequest, options?: ClusterRequestOptions) => call(() => client.search<T>(params, o(options))),
    count: (params, options) => call(() => client.count(params, o(options))),
    get: <T>(params: { index: string; id: string }, options?: ClusterRequestOptions) => call(() => client.get<T>(params, o(options))),
    mget: <T>(params: { index: string; ids: string[] }, options?: ClusterRequestOptions) => call(() => client.mget<T>(params, o(options))),
    index: (params, options) => call(() => client.index(params, o(options))),
    create: (params, options) => call(() => client.create(params, o(options))),
    delete: (params, options) => call(() => client.delete(params, o(options))),
    bulk: (params, options) =>
      call(() =>
        client.bulk(
          {
            ...(params.index !== undefined && { index: params.index }),
            ...(params.refresh !== undefined && { refresh: params.refresh }),
            operations: params.operations as estypes.BulkOperationContainer[],
          },
          o(options),
        ),
      ),
    deleteByQuery: (params, options) => call(() => client.deleteByQuery({ ...params, conflicts: 'proceed' }, o(options))),
    async bulkIndexAll(index, documents) {
      const dropped: string[] = [];
      const result = await call(() =>
        client.helpers.bulk<Record<string, unknown>>({
          datasource: [...documents],
          onDocument: (document) => ({ index: { _index: index, _id: String(document.id) } }),
          onDrop: (drop) => {
            const reason = (drop.error as { reason?: unknown } | null)?.reason;
            dropped.push(`${String(drop.document.id)}: ${typeof reason === 'string' ? reason : JSON.stringify(drop.error)}`);
          },
        }),
      );
      return { total: result.total, successful: result.successful, failed: result.failed, aborted: result.aborted, dropped };
    },
    reindex: (params, options) => call(() => client.reindex(params, o(options))),
    tasks: { get: (params, options) => call(() => client.tasks.get(params, o(options))) },
    indices: {
      create: (params, options) => call(() => client.indices.create(params, o(options))),
      exists: (params, options) => call(() => client.indices.exists(params, o(options))),
      existsAlias: (params, options) => call(() => client.indices.existsAlias(params, o(options))),
      getAlias: (params, options) => call(() => client.indices.getAlias(params, o(options))) as Promise<Record<string, unknown>>,
      delete: (params, options) => call(() => client.indices.delete(params, o(options))),
      putMapping: (params, options) => call(() => client.indices.putMapping(params, o(options))),
      putSettings: (params, options) => call(() => client.indices.putSettings(params, o(options))),
      updateAliases: (params, options) =>
        call(() => client.indices.updateAliases({ actions: params.actions as estypes.IndicesUpdateAliasesAction[] }, o(options))),
      refresh: (params, options) => call(() => client.indices.refresh(params, o(options))),
      addBlock: (params, options) => call(() => client.indices.addBlock(params, o(options))),
      get: ({ index }, options) =>
        call(() => client.indices.get({ index, allow_no_indices: true, ignore_unavailable: true }, o(options))) as Promise<Record<string, unknown>>,
      putIndexTemplate: (params, options) => call(() => client.indices.putIndexTemplate(params, o(options))),
    },
    close: () => client.close(),
  };
}
