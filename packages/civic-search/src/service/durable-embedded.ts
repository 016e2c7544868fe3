import { createHash } from 'node:crypto';
import { readFile, writeFile, rename, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as turnOfEventLoop } from 'node:timers/promises';
import type { ApiClickRequest, ApiQuerySuggestionRequest, ApiSearchRequest } from 'civic-elements/core';
import type { EngineAdmin } from '../engines/engine-admin';
import type { EngineDefinition } from '../engines/engine-definition';
import { defaultSearchFields, type EngineSchema, type SearchFieldWeights } from '../engines/engine-schema';
import type { EngineDocument } from '../engines/documents-file';
import { createEmbeddedBackend, type EmbeddedBackend, type IndexReadyEvent } from '../search/embedded/backend';
import type { TextFields } from '../search/embedded/engine-index';
import { openEngineStore, type EngineStore, type StoreChange } from '../store';
import { createAnalysisThread, type AnalysisThread } from '../worker/analysis-thread';
import type { SiteDocument } from '../search/types';

/** An engine given in configuration: created at start when absent; its documents (if given) loaded when they change. */
export interface EngineSeed {
  name: string;
  language: string | null;
  schema?: EngineSchema;
  searchFields?: SearchFieldWeights;
  /** The documents as configured (read from their file by the caller), or none: the engine is filled by the API. */
  documents?: readonly EngineDocument[];
}

export interface DurableEmbeddedOptions {
  dataDir: string;
  engines?: readonly EngineSeed[];
  /** The click log is rewritten compact past this size. */
  clickLogCompactAboveBytes?: number;
}

/** The embedded engine over the durable store: what `civic-search serve` runs (in a worker thread). */
export type DurableEmbedded = EmbeddedBackend &
  EngineAdmin & {
    /** The engines' definitions now (for the proxy's request checks). */
    definitions(): EngineDefinition[];
    /** How each engine's index was obtained at start. */
    indexEvents(): IndexReadyEvent[];
    /** How the store started: records replayed, damage skipped. */
    recovery(): unknown;
  };

/** Documents indexed between two turns of the event loop (about 5 ms of work at 100,000 documents). */
const INDEX_SLICE = 25;

/** Documents put at start are written in batches of this many (the write API's own limit is 100 a request). */
const SEED_BATCH = 500;

/**
 * How the embedded engine indexes an engine's text: its search fields with their weights; exact matches of
 * `title` (or else the most weighted field) rank first; without words, the newest by the first date field first.
 */
export function embeddedTextFields(definition: EngineDefinition): TextFields {
  const weights = defaultSearchFields(definition.schema, definition.searchFields);
  const fields = Object.keys(weights);
  const byWeight = [...fields].sort((a, b) => weights[b].weight - weights[a].weight);
  const dateField = Object.keys(definition.schema).find((field) => definition.schema[field] === 'date');
  return {
    fields,
    weights: Object.fromEntries(fields.map((field) => [field, weights[field].weight])),
    ...(byWeight.length > 0 && { titleField: fields.includes('title') ? 'title' : byWeight[0] }),
    ...(dateField && { blankSort: { [dateField]: 'desc' as const } }),
  };
}

/**
 * Opens the store in `dataDir/store`, brings configured engines up to date, and serves every engine the store
 * holds from a live embedded index that follows each change the store makes durable: a write acknowledged by the
 * store is searchable at the next search, and an index rebuilt at start from the store's documents when its saved
 * copy no longer fits them.
 */
export async function createDurableEmbedded(options: DurableEmbeddedOptions): Promise<DurableEmbedded> {
  const { dataDir, engines: seeds = [] } = options;
  const store = await openEngineStore({ dir: join(dataDir, 'store') });
  try {
    await applySeeds(store, seeds, dataDir);
  } catch (error) {
    await store.close();
    throw error;
  }
  const events: IndexReadyEvent[] = [];
  const sourceOf = (definition: EngineDefinition) => ({
    documents: () => store.documents(definition.name) as unknown as readonly SiteDocument[],
    language: definition.language ?? null,
    text: embeddedTextFields(definition),
  });
  const backend = createEmbeddedBackend({
    engines: Object.fromEntries(store.definitions().map((definition) => [definition.name, sourceOf(definition)])),
    dataDir: join(dataDir, 'engines'),
    clickLogCompactAboveBytes: options.clickLogCompactAboveBytes,
    onIndexReady: (event) => events.push(event),
  });

  // The index follows the store in the store's order; a failure is logged (the store holds the truth, and the
  // next start rebuilds from it).
  // Written documents are analysed on a thread of their own; this thread, which answers searches, applies them.
  const analysis = createAnalysisThread();
  let following: Promise<unknown> = Promise.resolve();
  const follow = (change: StoreChange) => {
    following = following.then(() => applyToIndex(backend, store, change, sourceOf, analysis)).catch((error: Error) => {
      console.error(`civic-search: the index of engine "${change.engine}" missed a change (${change.type}): ${error.message}`);
    });
  };
  const unsubscribe = store.subscribe(follow);
  /** An admin call resolves once its change is durable and the index has taken it. */
  const settled = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    await following;
    return value;
  };

  return Object.assign(Object.create(null) as object, {
    name: backend.name,
    engines: backend.engines,
    search: (engine: string, request: ApiSearchRequest, signal?: AbortSignal) => backend.search(engine, request, signal),
    suggest: (engine: string, request: ApiQuerySuggestionRequest, signal?: AbortSignal) => backend.suggest(engine, request, signal),
    click: (engine: string, click: ApiClickRequest, signal?: AbortSignal) => backend.click(engine, click, signal),
    ready: () => backend.ready(),
    indexStatus: (engine: string) => backend.indexStatus(engine),
    languageOf: (engine: string) => backend.languageOf(engine),
    write: backend.write,
    addEngine: backend.addEngine,
    dropEngine: backend.dropEngine,
    setTextFields: backend.setTextFields,
    definitions: () => store.definitions(),
    indexEvents: () => [...events],
    recovery: () => store.recovery,
    listEngines: () => store.listEngines(),
    engineInfo: (name: string) => store.engineInfo(name),
    createEngine: (name: string, language: string | null) => settled(store.createEngine(name, language)),
    deleteEngine: (name: string) => settled(store.deleteEngine(name)),
    schema: (engine: string) => store.schema(engine),
    updateSchema: (engine: string, fields: Parameters<EngineAdmin['updateSchema']>[1]) => settled(store.updateSchema(engine, fields)),
    putDocuments: (engine: string, documents: readonly EngineDocument[]) => settled(store.putDocuments(engine, documents)),
    patchDocuments: (engine: string, patches: readonly EngineDocument[]) => settled(store.patchDocuments(engine, patches)),
    getDocuments: (engine: string, ids: readonly string[]) => store.getDocuments(engine, ids),
    listDocuments: (engine: string, page: { current: number; size: number }) => store.listDocuments(engine, page),
    deleteDocuments: (engine: string, ids: readonly string[]) => settled(store.deleteDocuments(engine, ids)),
    async close() {
      unsubscribe();
      await following;
      await analysis.close();
      await backend.close();
      await store.close();
    },
  }) as DurableEmbedded;
}

async function applyToIndex(
  backend: EmbeddedBackend,
  store: EngineStore,
  change: StoreChange,
  sourceOf: (definition: EngineDefinition) => Parameters<EmbeddedBackend['addEngine']>[1],
  analysis: AnalysisThread,
): Promise<void> {
  switch (change.type) {
    case 'engine-created':
      backend.addEngine(change.engine, sourceOf(change.definition));
      return;
    case 'engine-deleted':
      await backend.dropEngine(change.engine);
      return;
    case 'schema-changed': {
      const definition = store.definitions().find((candidate) => candidate.name === change.engine);
      if (definition) await backend.setTextFields(change.engine, embeddedTextFields(definition));
      return;
    }
    case 'definition-changed':
      await backend.setTextFields(change.engine, embeddedTextFields(change.definition));
      return;
    case 'documents-put': {
      // A batch is indexed a slice at a time with a turn of the event loop between slices, so searches that arrive
      // meanwhile wait for one slice, not for the whole batch. (A search may then see part of a batch that is not
      // yet acknowledged; the write's answer still waits for all of it.)
      // The batch (and what it replaces) is analysed on the analysis thread first, while searches go on here.
      const documents = change.documents as unknown as readonly SiteDocument[];
      const analysed = await analysis.analyseWrite(backend, change.engine, documents, documents.map((document) => String(document.id)));
      for (let start = 0; start < documents.length; start += INDEX_SLICE) {
        if (start > 0) await turnOfEventLoop();
        await backend.write(change.engine, { put: documents.slice(start, start + INDEX_SLICE), analysed });
      }
      return;
    }
    case 'documents-deleted': {
      const analysed = await analysis.analyseWrite(backend, change.engine, [], change.ids);
      await backend.write(change.engine, { remove: change.ids, analysed });
    }
  }
}

/** The file recording which configured documents each engine was last loaded from. */
const SEEDS_FILE = 'seeds.json';

/**
 * Configured engines: created when the store lacks them, their schema and weights brought up to date, and their
 * configured documents loaded when these differ from the ones loaded last time (so documents written through the
 * API since are kept across restarts, and an edited documents file takes effect). Loading replaces: documents the
 * file no longer has are deleted.
 */
async function applySeeds(store: EngineStore, seeds: readonly EngineSeed[], dataDir: string): Promise<void> {
  if (seeds.length === 0) return;
  const file = join(dataDir, SEEDS_FILE);
  const loaded = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, string>)
    .catch(() => ({}) as Record<string, string>);
  for (const seed of seeds) {
    await store.seedEngine({ name: seed.name, language: seed.language, schema: seed.schema ?? {}, searchFields: seed.searchFields });
    if (!seed.documents) continue;
    const hash = createHash('sha256');
    for (const document of seed.documents) hash.update(`${JSON.stringify(document)}\n`);
    const digest = hash.digest('hex');
    if (loaded[seed.name] === digest) continue;
    const wanted = new Set(seed.documents.map((document) => document.id));
    const stale = store
      .documents(seed.name)
      .map((document) => document.id)
      .filter((id) => !wanted.has(id));
    for (let start = 0; start < stale.length; start += SEED_BATCH) await store.deleteDocuments(seed.name, stale.slice(start, start + SEED_BATCH));
    for (let start = 0; start < seed.documents.length; start += SEED_BATCH)
      await store.putDocuments(seed.name, seed.documents.slice(start, start + SEED_BATCH));
    loaded[seed.name] = digest;
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(loaded, null, 2));
  await rename(`${file}.tmp`, file);
}
