import type { estypes } from '@elastic/elasticsearch';
import type { ClusterClient } from './cluster-client';
import type { EngineDocument } from '../../engines/documents-file';
import { EngineExistsError, type EngineAdmin, type EngineInfo } from '../../engines/engine-admin';
import { checkedEngineDefinition, type EngineDefinition } from '../../engines/engine-definition';
import type { EngineSchema, FieldType } from '../../engines/engine-schema';
import { BackendError, InvalidRequestError, UnknownEngineError } from '../types';
import { bulkWrite, deleteOperations, foundOrRejected, indexOperations, updateOperations } from './bulk-writes';
import {
  CATALOG_SUFFIX,
  claimEntry,
  definitionOf,
  ensureCatalog,
  entryOf,
  CATALOG_READY_WAIT_MS,
  readCatalog,
  readEntry,
  removeEntry,
  saveEntry,
} from './engine-catalog';
import { engineLocks } from './engine-locks';
import { timestamp } from './index-engine';
import { CLICKS_INDEX_SUFFIX, documentsIndex, indexSettingsForEngine, mappingForEngine } from './mapping';
import { aliasTargets, REFRESH_INTERVAL, reindexWithMapping } from './reindex';
import { asBackendError, statusOf } from './response-status';
import { MAX_RESULT_WINDOW } from './search-dsl';

export interface ClusterAdminOptions {
  /** A configured client (see createElasticsearchClient); the admin does not close it. */
  client: ClusterClient;
  /** Index names start with this: `<prefix>-<engine>` (an alias), `<prefix>-engines` (the catalog). */
  indexPrefix: string;
  /**
   * Engines the service is configured with (a bare name: content pages). Each one the catalog lacks is added to
   * it at start, and its index created unless one already answers to its name (say, built by indexEngine()).
   * The catalog's own entry wins over a configured one: schema changes made through the API live there.
   */
  engines?: readonly (string | EngineDefinition)[];
  /** Told what the admin did at start and in type changes, a line at a time (default: nothing is said). */
  log?: (line: string) => void;
  /** The clock that names new indexes and dates catalog entries (for tests). */
  now?: () => Date;
}

/** The write side over a cluster, with the engines' definitions at hand for the search side. */
export interface ClusterAdmin extends EngineAdmin {
  /**
   * The engines' definitions as this instance last read or changed them, by name: what a search backend needs to
   * translate requests. Changes made by other instances show after reload(), listEngines() or a call naming the engine.
   */
  definitions(): EngineDefinition[];
  /** Reads every definition from the catalog again. */
  reload(): Promise<EngineDefinition[]>;
}

/** Attempts to write a schema change over a catalog entry that other instances keep changing. */
const SAVE_ATTEMPTS = 3;
/** The names of indexes the admin makes itself: an engine with one of these names would collide with them. */
const TIMESTAMPED_INDEX = /-\d{17}$/;

/** Why an engine name App Search accepts cannot name an engine here, or undefined. */
function reservedNameProblem(name: string): string | undefined {
  if (name === CATALOG_SUFFIX || name === CLICKS_INDEX_SUFFIX) {
    return `Name "${name}" is reserved by the Elasticsearch backend (it names one of its own indexes)`;
  }
  if (TIMESTAMPED_INDEX.test(name)) return 'Name must not end with a hyphen and 17 digits (the Elasticsearch backend names its indexes so)';
  return undefined;
}

/**
 * The definition after fields are added or retyped. Relevance weights stay on the fields still text (a field that
 * is now a number is no longer searched); with none left, every text field is searched.
 */
function withFieldTypes(definition: EngineDefinition, changes: Readonly<Record<string, FieldType>>): EngineDefinition {
  const schema = { ...definition.schema, ...changes };
  const weights = Object.entries(definition.searchFields ?? {}).filter(([field]) => schema[field] === 'text');
  return checkedEngineDefinition({
    name: definition.name,
    language: definition.language,
    schema,
    ...(weights.length > 0 && { searchFields: Object.fromEntries(weights) }),
  });
}

/** A stored document as the admin answers it: the id first, as text. */
function documentOf(id: string, source: Record<string, unknown> | undefined): EngineDocument {
  const { id: _stored, ...fields } = source ?? {};
  return { id, ...fields };
}

/** Fields the documents name that the schema lacks: each is added as text, as App Search adds new fields. */
function newTextFields(schema: EngineSchema, documents: readonly EngineDocument[]): Record<string, FieldType> {
  const added: Record<string, FieldType> = {};
  for (const document of documents) {
    for (const field of Object.keys(document)) if (field !== 'id' && !(field in schema)) added[field] = 'text';
  }
  return added;
}

/**
 * App Search's write side over Elasticsearch: engines are aliases over indexes mapped from their schema (see
 * mapping.ts), their definitions are kept in the catalog index `<prefix>-engines`, and documents are written with
 * the bulk API. Reads the catalog (creating it when missing) before it resolves.
 */
export async function createClusterAdmin({
  client,
  indexPrefix,
  engines = [],
  log = () => {},
  now = () => new Date(),
}: ClusterAdminOptions): Promise<ClusterAdmin> {
  const cache = new Map<string, EngineDefinition>();
  const locks = engineLocks();
  const aliasOf = (engine: string) => documentsIndex(indexPrefix, engine);
  /** A definition as the catalog holds it (the language explicit), so the cache equals a fresh read. */
  const normalised = (definition: EngineDefinition) => definitionOf(entryOf(definition, now()), definition.name);

  async function reload(waitForShardsMs = 0): Promise<EngineDefinition[]> {
    const read = await readCatalog(client, indexPrefix, log, { waitForShardsMs });
    cache.clear();
    for (const definition of read) cache.set(definition.name, definition);
    return read;
  }

  /** The engine's definition: this instance's copy, or the catalog's when another instance made the engine. */
  async function known(engine: string): Promise<EngineDefinition> {
    const cached = cache.get(engine);
    if (cached) return cached;
    const entry = await readEntry(client, indexPrefix, engine);
    if (!entry) throw new UnknownEngineError(engine);
    cache.set(engine, entry.definition);
    return entry.definition;
  }

  /** Whether an index or alias answers to this name. */
  async function nameHeld(name: string): Promise<boolean> {
    try {
      return await client.indices.exists({ index: name });
    } catch (error) {
      throw asBackendError(error);
    }
  }

  /** The engine's first index, created with its alias in one call, so the alias never points at nothing. */
  async function createEngineIndex(definition: EngineDefinition): Promise<void> {
    const alias = aliasOf(definition.name);
    await client.indices.create({
      index: `${alias}-${timestamp(now())}`,
      settings: { ...indexSettingsForEngine(definition), refresh_interval: REFRESH_INTERVAL },
      mappings: mappingForEngine(definition),
      aliases: { [alias]: {} },
    });
  }

  async function documentCount(engine: string): Promise<number> {
    try {
      return (await client.count({ index: aliasOf(engine) })).count;
    } catch (error) {
      // An engine whose index is gone (deleted by hand) still lists, with nothing in it.
      if (statusOf(error).type === 'index_not_found_exception') return 0;
      throw asBackendError(error);
    }
  }

  const infoOf = async (definition: EngineDefinition): Promise<EngineInfo> => ({
    name: definition.name,
    type: 'default',
    language: definition.language ?? null,
    document_count: await documentCount(definition.name),
  });

  /** Puts the changed fields into the index: new fields by a mapping update, changed types by re-indexing. */
  async function applyToIndex(current: EngineDefinition, next: EngineDefinition, changes: Record<string, FieldType>): Promise<void> {
    const alias = aliasOf(next.name);
    if (Object.keys(changes).some((field) => field in current.schema)) {
      const result = await reindexWithMapping(client, alias, next, { now: now(), log });
      log(`Changed field types of ${next.name}: ${Object.entries(changes).map(([field, type]) => `${field} ${type}`).join(', ')} (${result.reindexed} documents).`);
      return;
    }
    const { properties = {} } = mappingForEngine(next);
    try {
      await client.indices.putMapping({
        index: alias,
        properties: Object.fromEntries(Object.keys(changes).map((field) => [field, properties[field]])),
      });
    } catch (error) {
      throw asBackendError(error);
    }
  }

  /**
   * Changes an engine's schema to what `wanted` asks of the catalog's current one, alone among this instance's
   * calls to the engine: index first, then the catalog entry, written only over the version read. When another
   * instance changed the entry meanwhile, it is read again and the change made over it.
   */
  function changeSchema(engine: string, wanted: (schema: EngineSchema) => Record<string, FieldType>): Promise<EngineDefinition> {
    return locks.exclusive(engine, async () => {
      const applied: Record<string, FieldType> = {};
      for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
        const entry = await readEntry(client, indexPrefix, engine);
        if (!entry) {
          cache.delete(engine);
          throw new UnknownEngineError(engine);
        }
        const changes = wanted(entry.definition.schema);
        if (Object.keys(changes).length === 0) {
          cache.set(engine, entry.definition);
          return entry.definition;
        }
        const next = withFieldTypes(entry.definition, changes);
        const pending = Object.fromEntries(Object.entries(changes).filter(([field, type]) => applied[field] !== type));
        if (Object.keys(pending).length > 0) {
          await applyToIndex(entry.definition, next, pending);
          Object.assign(applied, pending);
        }
        if (await saveEntry(client, indexPrefix, next, entry.version, now())) {
          cache.set(engine, next);
          return next;
        }
      }
      throw new BackendError('the engine’s schema kept changing while this change was written; try again');
    });
  }

  /** Adds the fields these documents bring that the engine lacks, as text, before they are written. */
  async function addFieldsOf(engine: string, documents: readonly EngineDocument[]): Promise<void> {
    const definition = await known(engine);
    if (Object.keys(newTextFields(definition.schema, documents)).length === 0) return;
    await changeSchema(engine, (schema) => newTextFields(schema, documents));
  }

  async function registerConfigured(given: string | EngineDefinition): Promise<void> {
    const definition = normalised(checkedEngineDefinition(given));
    if (cache.has(definition.name)) return;
    if (reservedNameProblem(definition.name)) throw new Error(`engine "${definition.name}": ${reservedNameProblem(definition.name)}.`);
    if (!(await claimEntry(client, indexPrefix, definition, now()))) {
      await known(definition.name);
      return;
    }
    cache.set(definition.name, definition);
    if (await nameHeld(aliasOf(definition.name))) {
      log(`Added ${definition.name} to ${indexPrefix}-${CATALOG_SUFFIX}, over its existing index.`);
      return;
    }
    await createEngineIndex(definition).catch((error: unknown) => {
      throw asBackendError(error);
    });
    log(`Added ${definition.name} to ${indexPrefix}-${CATALOG_SUFFIX} and created its index.`);
  }

  if (await ensureCatalog(client, indexPrefix)) log(`Created ${indexPrefix}-${CATALOG_SUFFIX}.`);
  else await reload(CATALOG_READY_WAIT_MS);
  for (const given of engines) await registerConfigured(given);

  return {
    definitions: () => [...cache.values()].sort((a, b) => a.name.localeCompare(b.name)),
    reload: () => reload(),

    async listEngines() {
      return Promise.all((await reload()).map(infoOf));
    },

    async engineInfo(name) {
      const entry = await readEntry(client, indexPrefix, name);
      if (!entry) {
        cache.delete(name);
        return undefined;
      }
      cache.set(name, entry.definition);
      return infoOf(entry.definition);
    },

    async createEngine(name, language) {
      const problem = reservedNameProblem(name);
      if (problem) throw new InvalidRequestError(problem);
      return locks.exclusive(name, async () => {
        const definition = normalised(checkedEngineDefinition({ name, language, schema: {} }));
        if (cache.has(name) || (await nameHeld(aliasOf(name)))) throw new EngineExistsError(name);
        if (!(await claimEntry(client, indexPrefix, definition, now()))) throw new EngineExistsError(name);
        try {
          await createEngineIndex(definition);
        } catch (error) {
          await removeEntry(client, indexPrefix, name).catch(() => undefined);
          throw asBackendError(error);
        }
        cache.set(name, definition);
        return { name, type: 'default', language: definition.language ?? null, document_count: 0 };
      });
    },

    async deleteEngine(name) {
      return locks.exclusive(name, async () => {
        const definition = cache.get(name) ?? (await readEntry(client, indexPrefix, name))?.definition;
        if (!definition) return false;
        try {
          const indexes = await aliasTargets(client, aliasOf(name));
          // Deleting the indexes removes the alias with them.
          if (indexes.length > 0) await client.indices.delete({ index: indexes });
        } catch (error) {
          throw asBackendError(error);
        }
        await removeEntry(client, indexPrefix, name);
        cache.delete(name);
        return true;
      });
    },

    async schema(engine) {
      const entry = await readEntry(client, indexPrefix, engine);
      if (!entry) {
        cache.delete(engine);
        throw new UnknownEngineError(engine);
      }
      cache.set(engine, entry.definition);
      return entry.definition.schema;
    },

    async updateSchema(engine, fields) {
      const changed = (schema: EngineSchema) => Object.fromEntries(Object.entries(fields).filter(([field, type]) => schema[field] !== type));
      return (await changeSchema(engine, changed)).schema;
    },

    async putDocuments(engine, documents) {
      await addFieldsOf(engine, documents);
      if (documents.length === 0) return;
      const ids = documents.map((document) => String(document.id));
      await locks.shared(engine, async () => {
        foundOrRejected(ids, await bulkWrite(client, aliasOf(engine), 'index', indexOperations(documents), ids.length));
      });
    },

    async patchDocuments(engine, patches) {
      await addFieldsOf(engine, patches);
      if (patches.length === 0) return [];
      const ids = patches.map((patch) => String(patch.id));
      return locks.shared(engine, async () =>
        foundOrRejected(ids, await bulkWrite(client, aliasOf(engine), 'update', updateOperations(patches), ids.length)),
      );
    },

    async deleteDocuments(engine, ids) {
      await known(engine);
      if (ids.length === 0) return [];
      return locks.shared(engine, async () =>
        foundOrRejected(ids, await bulkWrite(client, aliasOf(engine), 'delete', deleteOperations(ids), ids.length)),
      );
    },

    async getDocuments(engine, ids) {
      await known(engine);
      if (ids.length === 0) return [];
      let response: estypes.MgetResponse<Record<string, unknown>>;
      try {
        response = await client.mget<Record<string, unknown>>({ index: aliasOf(engine), ids: [...ids] });
      } catch (error) {
        throw asBackendError(error);
      }
      if (!Array.isArray(response?.docs)) throw new BackendError('Elasticsearch sent an answer that could not be read');
      return ids.map((id, position) => {
        const doc = response.docs[position];
        if (doc && 'error' in doc) throw new BackendError(`Elasticsearch could not read a document (${doc.error.type})`);
        return doc?.found ? documentOf(id, doc._source) : null;
      });
    },

    async listDocuments(engine, { current, size }) {
      await known(engine);
      // from + size must stay inside the index's result window: pages past it hold no documents (the total stays).
      const from = (current - 1) * size;
      const inWindow = from < MAX_RESULT_WINDOW;
      let response: estypes.SearchResponse<Record<string, unknown>>;
      try {
        response = await client.search<Record<string, unknown>>({
          index: aliasOf(engine),
          query: { match_all: {} },
          sort: [{ id: { order: 'asc' } }],
          from: inWindow ? from : 0,
          size: inWindow ? Math.min(size, MAX_RESULT_WINDOW - from) : 0,
          track_total_hits: true,
        });
      } catch (error) {
        throw asBackendError(error);
      }
      if (!Array.isArray(response?.hits?.hits)) throw new BackendError('Elasticsearch sent an answer that could not be read');
      const total = response.hits.total;
      return {
        documents: response.hits.hits.map((hit) => documentOf(hit._id ?? String(hit._source?.id ?? ''), hit._source)),
        total: typeof total === 'number' ? total : (total?.value ?? 0),
      };
    },
  };
}
