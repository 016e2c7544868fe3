import { Hono } from 'hono';
import { join, resolve } from 'node:path';
import { checkedEngineDefinition, type EngineDefinition } from '../engines/engine-definition';
import { documentProblems, inferSchema, readDocumentsFile, type EngineDocument } from '../engines/documents-file';
import { defaultSearchFields, type EngineSchema, type SearchFieldWeights } from '../engines/engine-schema';
import type { TextFields } from '../search/embedded/engine-index';
import { createEmbeddedBackend } from '../search/embedded/backend';
import { createElasticsearchBackend, createElasticsearchClient, elasticsearchConfigFromEnv, indexEngine } from '../search/elasticsearch';
import type { SearchBackend, SiteDocument } from '../search/types';
import { searchProxy } from '../search-proxy';
import { DEFAULT_RATE_LIMIT, trustedHeaderAddress, type RateLimitOptions } from '../search-proxy/rate-limit';
import { normaliseOrigin } from '../search-proxy/cors';
import { privateKeyFor, type PrivateKey } from './private-key';

/** Where documents of an engine come from: a JSON or NDJSON file, a list, or a function the service calls once. */
export type DocumentSource = string | readonly object[] | (() => readonly object[] | Promise<readonly object[]>);

export interface EngineOptions {
  name: string;
  /** App Search's language code (default `en`). */
  language?: string | null;
  /** The fields and their types; inferred from the documents when left out (numbers, ISO dates, else text). */
  schema?: EngineSchema;
  /** Text fields searched by default and their weights (default: every text field, weight 1). */
  searchFields?: SearchFieldWeights;
  documents: DocumentSource;
}

export type BackendChoice = 'embedded' | 'elasticsearch';

export interface SearchServiceOptions {
  engines: readonly EngineOptions[];
  /** `embedded` (default: an index in this process, kept in `dataDir`), `elasticsearch`, or a backend of your own. */
  backend?: BackendChoice | SearchBackend;
  /** Where the service keeps its private key, indexes and click log (default `./.civic-search`). */
  dataDir?: string;
  /** The private key (default: the one kept in the data folder, made on first start). */
  privateKey?: string;
  /** Origins of other sites whose pages may search (CORS on search, suggestions and clicks). */
  corsOrigins?: readonly string[];
  /** The header a trusted reverse proxy puts the client's address in; without it the socket address counts. */
  trustProxy?: string;
  /** Per-client call limit (default 300 a minute). */
  rateLimit?: Omit<RateLimitOptions, 'clientKey'>;
  /** A backend call that takes longer is answered 504 (default 5 s). */
  timeoutMs?: number;
  /** Backend calls at a time (default: 2 for the embedded engine, 16 for Elasticsearch). */
  maxConcurrent?: number;
  /** Environment for the Elasticsearch backend's settings (ELASTICSEARCH_URL, ...); default process.env. */
  env?: NodeJS.ProcessEnv;
}

/** The service: a Hono app (mount it, or serve it with @hono/node-server) with what it runs on. */
export type SearchService = Hono & {
  readonly backend: SearchBackend;
  readonly engines: readonly EngineDefinition[];
  readonly privateKey: Omit<PrivateKey, 'key'>;
  /** Resolves when every engine's index is ready to search. */
  ready(): Promise<void>;
  /** Stops the backend (waits for pending writes). */
  close(): Promise<void>;
};

export const DEFAULT_DATA_DIR = '.civic-search';
/**
 * The embedded engine searches on this process's one thread: running more than a couple at once only makes each
 * wait longer, and queued calls then time out (504) instead of piling up. A cluster serves many in parallel.
 */
const EMBEDDED_MAX_CONCURRENT = 2;
const ELASTICSEARCH_MAX_CONCURRENT = 16;

async function loadDocuments(source: DocumentSource, schema: EngineSchema | undefined, engine: string) {
  if (typeof source === 'string') return readDocumentsFile(resolve(source), schema);
  const list = (typeof source === 'function' ? await source() : source) as readonly Record<string, unknown>[];
  const effective = schema ?? inferSchema(list);
  const problems = list.flatMap((document, index) => documentProblems(document, effective, `engine ${engine}, document ${index + 1}`));
  if (problems.length > 0) throw new Error(`${problems.length} documents problems:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return { documents: list.map((document) => ({ ...document, id: String(document.id) }) as EngineDocument), schema: effective };
}

/**
 * How the embedded engine indexes an engine's text: its search fields with their weights; exact matches of
 * `title` (or else the most weighted field) rank first; without words, the newest by the first date field first.
 */
function embeddedTextFields(definition: EngineDefinition): TextFields {
  const weights = defaultSearchFields(definition.schema, definition.searchFields);
  const fields = Object.keys(weights);
  const byWeight = [...fields].sort((a, b) => weights[b].weight - weights[a].weight);
  const dateField = Object.keys(definition.schema).find((field) => definition.schema[field] === 'date');
  return {
    fields,
    weights: Object.fromEntries(fields.map((field) => [field, weights[field].weight])),
    titleField: fields.includes('title') ? 'title' : byWeight[0],
    ...(dateField && { blankSort: { [dateField]: 'desc' as const } }),
  };
}

/**
 * Creates the search service: App Search's search, query_suggestion and click endpoints under `/api/as/v1/` and
 * `/_search-proxy/api/as/v1/`, and the elements' form post at `/_search-proxy`, over the engines given. Engines'
 * documents are read and checked first: a file with problems stops the start with every problem listed.
 */
export async function createSearchService(options: SearchServiceOptions): Promise<SearchService> {
  const { engines: engineOptions, backend: choice = 'embedded', dataDir = DEFAULT_DATA_DIR, corsOrigins = [], trustProxy } = options;
  if (engineOptions.length === 0) throw new Error('createSearchService: give at least one engine.');
  const names = new Set<string>();
  for (const engine of engineOptions) {
    if (names.has(engine.name)) throw new Error(`createSearchService: the engine ${JSON.stringify(engine.name)} is given twice.`);
    names.add(engine.name);
  }
  corsOrigins.forEach(normaliseOrigin);
  const clientKey = trustProxy ? trustedHeaderAddress(trustProxy) : undefined;
  const privateKey = await privateKeyFor(dataDir, options.privateKey);

  const loaded = await Promise.all(
    engineOptions.map(async (engine) => {
      const { documents, schema } = await loadDocuments(engine.documents, engine.schema, engine.name);
      const definition = checkedEngineDefinition({
        name: engine.name,
        language: engine.language ?? 'en',
        schema,
        searchFields: engine.searchFields,
      });
      return { definition, documents };
    }),
  );
  const definitions = loaded.map(({ definition }) => definition);

  let backend: SearchBackend;
  let maxConcurrent = options.maxConcurrent;
  let indexed: Promise<unknown> = Promise.resolve();
  if (typeof choice === 'object') backend = choice;
  else if (choice === 'elasticsearch') {
    const config = elasticsearchConfigFromEnv(options.env ?? process.env);
    const client = createElasticsearchClient(config);
    backend = createElasticsearchBackend({ client, indexPrefix: config.indexPrefix, engines: definitions });
    // The engines' documents go into a new index each, which replaces the old one behind its alias only once
    // complete: searches keep answering from the previous index meanwhile.
    indexed = Promise.all(loaded.map(({ definition, documents }) => indexEngine(client, config.indexPrefix, definition, documents)));
    indexed.catch(() => undefined);
    maxConcurrent ??= ELASTICSEARCH_MAX_CONCURRENT;
  } else if (choice === 'embedded') {
    backend = createEmbeddedBackend({
      engines: Object.fromEntries(
        loaded.map(({ definition, documents }) => [
          definition.name,
          { documents: () => documents as unknown as SiteDocument[], language: definition.language, text: embeddedTextFields(definition) },
        ]),
      ),
      dataDir: join(dataDir, 'engines'),
    });
    maxConcurrent ??= EMBEDDED_MAX_CONCURRENT;
  } else throw new Error(`createSearchService: the backend must be "embedded" or "elasticsearch", not ${JSON.stringify(choice)}.`);

  const app = new Hono();
  app.route(
    '/',
    searchProxy({
      backend,
      engines: definitions,
      privateKey: privateKey.key,
      corsOrigins,
      timeoutMs: options.timeoutMs,
      maxConcurrent,
      rateLimit: { ...DEFAULT_RATE_LIMIT, ...options.rateLimit, ...(clientKey && { clientKey }) },
    }),
  );
  const { key: _key, ...keyInfo } = privateKey;
  return Object.assign(app, {
    backend,
    engines: definitions,
    privateKey: keyInfo,
    ready: async () => {
      await indexed;
      await (backend as { ready?: () => Promise<void> }).ready?.();
    },
    close: async () => {
      await backend.close?.();
    },
  });
}
