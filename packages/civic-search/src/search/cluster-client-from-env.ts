import type { ClusterClient, ClusterConfig } from './cluster';

export type ClusterChoice = 'elasticsearch' | 'opensearch';

/**
 * The chosen product's client and settings, from its environment variables (a mistake throws, naming the variable).
 * Each official client is loaded only once chosen: a service on the embedded engine never loads either, and one on
 * a cluster loads only its own (together they take about 0.4 s to load).
 */
export async function clusterClientFromEnv(choice: ClusterChoice, env: NodeJS.ProcessEnv): Promise<{ client: ClusterClient; config: ClusterConfig }> {
  if (choice === 'opensearch') {
    const { createOpenSearchClient, opensearchConfigFromEnv } = await import('./opensearch/config');
    const config = opensearchConfigFromEnv(env);
    return { client: createOpenSearchClient(config), config };
  }
  const { createElasticsearchClient, elasticsearchConfigFromEnv } = await import('./elasticsearch/config');
  const config = elasticsearchConfigFromEnv(env);
  return { client: createElasticsearchClient(config), config };
}
