import type { ClusterClient } from './cluster-client';

/**
 * The client with the operator's shard and replica counts added to every index it creates (engines, clicks,
 * catalog, re-index targets), so one setting shapes them all. Settings a request gives itself win.
 */
export function withIndexShape(client: ClusterClient, { shards, replicas }: { shards?: number; replicas?: number }): ClusterClient {
  if (shards === undefined && replicas === undefined) return client;
  const shape = {
    ...(shards !== undefined && { number_of_shards: shards }),
    ...(replicas !== undefined && { number_of_replicas: replicas }),
  };
  return {
    ...client,
    indices: {
      ...client.indices,
      create: (params, options) => client.indices.create({ ...params, settings: { ...shape, ...params.settings } }, options),
    },
  };
}
