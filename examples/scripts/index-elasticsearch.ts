/**
 * Puts the example site's documents into Elasticsearch for the Elasticsearch backend.
 *
 *   ELASTICSEARCH_URL=https://localhost:9200 ELASTICSEARCH_API_KEY=... node --import tsx examples/scripts/index-elasticsearch.ts [--engine site]
 *
 * Each run builds a fresh index `<prefix>-<engine>-<timestamp>` with the mapping in
 * src/server/search/elasticsearch/mapping.ts, bulk-indexes every document, then moves the alias `<prefix>-<engine>`
 * (what the backend searches) to it in one step and deletes the indexes the alias left: searches never see a
 * half-built index. It also creates `<prefix>-clicks` if missing. Exits non-zero, saying why, on any failure.
 */
import { parseArgs } from 'node:util';
import type { Client } from '@elastic/elasticsearch';
import {
  CLICK_MAPPINGS,
  clicksIndex,
  createElasticsearchClient,
  DOCUMENT_INDEX_SETTINGS,
  DOCUMENT_MAPPINGS,
  documentsIndex,
  elasticsearchConfigFromEnv,
} from '../../packages/civic-search/src/search/elasticsearch';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { siteDocuments } from '../content/site-documents';

const { values: options } = parseArgs({ options: { engine: { type: 'string', default: 'site' } } });

function timestamp(): string {
  return new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

async function ensureClicksIndex(client: Client, index: string): Promise<void> {
  if (await client.indices.exists({ index })) return;
  await client.indices.create({ index, mappings: CLICK_MAPPINGS });
  console.log(`Created ${index}.`);
}

async function buildIndex(client: Client, index: string, documents: readonly SiteDocument[]): Promise<void> {
  await client.indices.create({ index, settings: { ...DOCUMENT_INDEX_SETTINGS, refresh_interval: '-1' }, mappings: DOCUMENT_MAPPINGS });
  const result = await client.helpers.bulk<SiteDocument>({
    datasource: [...documents],
    onDocument: (document) => ({ index: { _index: index, _id: document.id } }),
    onDrop: (dropped) => console.error(`Not indexed: ${dropped.document.id}: ${JSON.stringify(dropped.error)}`),
  });
  if (result.failed > 0) throw new Error(`${result.failed} of ${result.total} documents could not be indexed (see above).`);
  await client.indices.putSettings({ index, settings: { refresh_interval: '1s' } });
  await client.indices.refresh({ index });
  console.log(`Indexed ${result.successful} documents into ${index} in ${(result.time / 1000).toFixed(1)} s.`);
}

/** Points `alias` at `index` alone, in one step, and deletes the indexes it pointed at before. */
async function switchAlias(client: Client, alias: string, index: string): Promise<void> {
  if ((await client.indices.exists({ index: alias })) && !(await client.indices.existsAlias({ name: alias }))) {
    throw new Error(`${alias} is an index, not an alias. Delete it (or reindex it elsewhere) so the alias can take its name.`);
  }
  const previous = (await client.indices.existsAlias({ name: alias })) ? Object.keys(await client.indices.getAlias({ name: alias })) : [];
  await client.indices.updateAliases({
    actions: [...previous.map((old) => ({ remove: { index: old, alias } })), { add: { index, alias } }],
  });
  console.log(`${alias} now points at ${index}.`);
  for (const old of previous) {
    await client.indices.delete({ index: old });
    console.log(`Deleted ${old}.`);
  }
}

async function main(): Promise<void> {
  const config = elasticsearchConfigFromEnv();
  const client = createElasticsearchClient(config);
  try {
    const alias = documentsIndex(config.indexPrefix, options.engine);
    const documents = siteDocuments();
    const index = `${alias}-${timestamp()}`;
    await ensureClicksIndex(client, clicksIndex(config.indexPrefix));
    await buildIndex(client, index, documents);
    await switchAlias(client, alias, index);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Indexing failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
