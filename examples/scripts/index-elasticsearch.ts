/**
 * Puts the example site's pages into Elasticsearch for the Elasticsearch backend.
 *
 *   ELASTICSEARCH_URL=https://localhost:9200 ELASTICSEARCH_API_KEY=... node --import tsx examples/scripts/index-elasticsearch.ts [--engine site]
 *
 * The engine holds content pages (the page schema). indexEngine() does the work: it builds a fresh index with the
 * engine's mapping, bulk-indexes every page and moves the alias the backend searches to it in one step, so
 * searches never see a half-built index. Exits non-zero, saying why, on any failure.
 */
import { parseArgs } from 'node:util';
import { pageEngine, createElasticsearchClient, elasticsearchConfigFromEnv, indexEngine } from 'civic-search';
import { siteDocuments } from '../content/site-documents';

const { values: options } = parseArgs({ options: { engine: { type: 'string', default: 'site' } } });

async function main(): Promise<void> {
  const config = elasticsearchConfigFromEnv();
  const client = createElasticsearchClient(config);
  try {
    await indexEngine(client, config.indexPrefix, pageEngine(options.engine), siteDocuments(), { log: (line) => console.log(line) });
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Indexing failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
