import { createElasticsearchBackendFromEnv } from '../../../packages/civic-search/src/search/elasticsearch';
import { createEmbeddedBackend } from '../../../packages/civic-search/src/search/embedded/backend';
import type { SearchBackend } from '../../../packages/civic-search/src/search/types';
import { siteDocuments } from '../../content/site-documents';
import { SEARCH_ENGINE } from './search-engine';

/** The site's search, as the server's environment configures it. */
export interface SiteSearch {
  backend: SearchBackend;
  /** The engine the site's elements and search page use. */
  engine: string;
  /** The real key, used server-side only (the proxy scrubs it from answers). */
  privateKey?: string;
  /** Backend calls the proxy runs at a time (its `maxConcurrent`). */
  maxConcurrent: number;
  /**
   * How long one search may take before the proxy answers 504 and the server-rendered search page shows its error
   * (default: each one's own, 5 seconds).
   */
  timeoutMs?: number;
}

export const SEARCH_BACKENDS = ['embedded', 'elasticsearch'] as const;
/**
 * The embedded engine searches on this process's one thread: running more than a couple at once only makes each
 * wait longer, and queued calls then time out (504) instead of piling up. A cluster serves many in parallel.
 */
export const EMBEDDED_MAX_CONCURRENT = 2;
export const ELASTICSEARCH_MAX_CONCURRENT = 16;

/**
 * `SEARCH_BACKEND=embedded` (default: the site's documents indexed in this process, kept under `SEARCH_DATA_DIR`)
 * or `elasticsearch` (ELASTICSEARCH_URL, ELASTICSEARCH_API_KEY or SEARCH_PRIVATE_KEY, ELASTICSEARCH_INDEX_PREFIX).
 * The engine is SEARCH_ENGINE, the name the header search element carries. Throws, naming the variable, on a bad value.
 */
export function siteSearchFromEnv(env: NodeJS.ProcessEnv = process.env): SiteSearch {
  const engine = SEARCH_ENGINE;
  const privateKey = env.SEARCH_PRIVATE_KEY?.trim() || undefined;
  const kind = env.SEARCH_BACKEND?.trim() || 'embedded';
  if (kind === 'elasticsearch') {
    return { backend: createElasticsearchBackendFromEnv(env, privateKey), engine, privateKey, maxConcurrent: ELASTICSEARCH_MAX_CONCURRENT };
  }
  if (kind === 'embedded') {
    const dataDir = env.SEARCH_DATA_DIR?.trim() || undefined;
    const backend = createEmbeddedBackend({ engines: { [engine]: siteDocuments }, ...(dataDir && { dataDir }) });
    return { backend, engine, privateKey, maxConcurrent: EMBEDDED_MAX_CONCURRENT };
  }
  throw new Error(`SEARCH_BACKEND must be ${SEARCH_BACKENDS.join(' or ')}, not ${JSON.stringify(kind)}.`);
}
