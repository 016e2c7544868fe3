import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS, type SearchBackend, type SearchServiceOptions } from 'civic-search';
import { siteDocuments } from '../../content/site-documents';
import { SEARCH_ENGINE } from './search-engine';

export const SEARCH_BACKENDS = ['embedded', 'elasticsearch', 'opensearch'] as const;
/** Where the example keeps its search data (gitignored). */
export const SITE_SEARCH_DATA_DIR = '.data/search';

/**
 * The example council's search service, as its server's environment configures it: `SEARCH_BACKEND` (embedded,
 * the default; elasticsearch with ELASTICSEARCH_URL and ELASTICSEARCH_API_KEY; opensearch with OPENSEARCH_URL and
 * the other OPENSEARCH_ settings), `SEARCH_DATA_DIR` and
 * `SEARCH_PRIVATE_KEY`. One engine of content pages. Throws, naming the variable, on a bad value.
 */
export function siteSearchOptions(env: NodeJS.ProcessEnv = process.env, backend?: SearchBackend): SearchServiceOptions {
  const kind = env.SEARCH_BACKEND?.trim() || 'embedded';
  if (!(SEARCH_BACKENDS as readonly string[]).includes(kind)) {
    throw new Error(`SEARCH_BACKEND must be embedded, elasticsearch or opensearch, not ${JSON.stringify(kind)}.`);
  }
  if (kind === 'elasticsearch' && !env.ELASTICSEARCH_URL?.trim()) {
    throw new Error('ELASTICSEARCH_URL is not set: give the address of the Elasticsearch cluster.');
  }
  if (kind === 'opensearch' && !env.OPENSEARCH_URL?.trim()) {
    throw new Error('OPENSEARCH_URL is not set: give the address of the OpenSearch cluster.');
  }
  const inCluster = kind === 'elasticsearch' || kind === 'opensearch';
  return {
    // The engine and its relevance weights are configuration; its pages arrive through the documents API from
    // the site's indexer (site-indexer.ts), as a CMS's would. A cluster backend is handed them here.
    engines: [
      {
        name: SEARCH_ENGINE,
        schema: PAGE_SCHEMA,
        searchFields: PAGE_SEARCH_FIELDS,
        ...(inCluster && { documents: async () => siteDocuments() }),
      },
    ],
    backend: backend ?? (kind as (typeof SEARCH_BACKENDS)[number]),
    dataDir: env.SEARCH_DATA_DIR?.trim() || SITE_SEARCH_DATA_DIR,
    privateKey: env.SEARCH_PRIVATE_KEY?.trim() || undefined,
    env,
    // The header box also suggests what residents search for most (and open), once enough of them have.
    analytics: { popularSuggestions: true },
  };
}
