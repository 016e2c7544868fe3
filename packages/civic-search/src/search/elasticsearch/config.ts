import { Client } from '@elastic/elasticsearch';

export interface ElasticsearchConfig {
  /** ELASTICSEARCH_URL, e.g. https://search.example.govt.nz:9200 */
  url: string;
  /** ELASTICSEARCH_API_KEY, or the proxy's private key when that variable is not set. */
  apiKey?: string;
  /** ELASTICSEARCH_INDEX_PREFIX: indices are `<prefix>-<engine>` and `<prefix>-clicks`. */
  indexPrefix: string;
}

export const DEFAULT_INDEX_PREFIX = 'civic-search';
/** One retry on another node; the proxy's own deadline bounds the wait. */
const MAX_RETRIES = 1;
const REQUEST_TIMEOUT_MS = 10_000;

/** Reads the configuration from the environment. Throws, naming the variable, when ELASTICSEARCH_URL is missing. */
export function elasticsearchConfigFromEnv(env: NodeJS.ProcessEnv = process.env, fallbackKey?: string): ElasticsearchConfig {
  const url = env.ELASTICSEARCH_URL?.trim();
  if (!url) throw new Error('ELASTICSEARCH_URL is not set: give the address of the Elasticsearch cluster.');
  const apiKey = env.ELASTICSEARCH_API_KEY?.trim() || fallbackKey;
  const indexPrefix = env.ELASTICSEARCH_INDEX_PREFIX?.trim() || DEFAULT_INDEX_PREFIX;
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(indexPrefix)) {
    throw new Error('ELASTICSEARCH_INDEX_PREFIX may hold only lowercase letters, digits, - and _.');
  }
  return { url, indexPrefix, ...(apiKey && { apiKey }) };
}

export function createElasticsearchClient({ url, apiKey }: ElasticsearchConfig): Client {
  return new Client({
    node: url,
    ...(apiKey && { auth: { apiKey } }),
    maxRetries: MAX_RETRIES,
    requestTimeout: REQUEST_TIMEOUT_MS,
  });
}
