import type { estypes } from '@elastic/elasticsearch';
import { setTimeout } from 'node:timers/promises';
import { ClusterResponseError, type ClusterClient } from './cluster-client';
import { checkedEngineDefinition, type EngineDefinition } from '../../engines/engine-definition';
import type { EngineSchema, SearchFieldWeights } from '../../engines/engine-schema';
import { BackendError, BackendUnavailableError } from '../types';
import { toBackendError, withBackendErrors } from './backend-errors';
import { ensureIndex } from './ensure-index';
import { statusOf } from './response-status';
import { DEFAULT_LANGUAGE } from './language-analysis';

/**
 * The engines' definitions live in the cluster, in `<prefix>-engines` (one document an engine, its id the engine's
 * name), so every service instance in front of the cluster reads the same engines, schemas and languages.
 */
export const CATALOG_SUFFIX = 'engines';

export function catalogIndex(prefix: string): string {
  return `${prefix}-${CATALOG_SUFFIX}`;
}

/**
 * Schemas and weights are stored, not indexed (`enabled: false`): their keys are the engines' field names, which
 * would otherwise each become a field of the catalog's own mapping.
 */
export const CATALOG_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    name: { type: 'keyword' },
    language: { type: 'keyword' },
    schema: { type: 'object', enabled: false },
    search_fields: { type: 'object', enabled: false },
    updated_at: { type: 'date' },
  },
};

/** More engines than this in one cluster are not read (App Search's own deployments hold far fewer). */
export const MAX_ENGINES = 1000;

/** An engine's document in the catalog. */
export interface CatalogEntry {
  name: string;
  /** App Search's language code, or null for universal (no language's rules). */
  language: string | null;
  schema: EngineSchema;
  search_fields?: SearchFieldWeights;
  updated_at: string;
}

/** A definition with the catalog document's version, so a change is written only over what was read. */
export interface VersionedDefinition {
  definition: EngineDefinition;
  version: { if_seq_no: number; if_primary_term: number };
}

/** An engine given without a language is English (as App Search has it); the catalog says so explicitly. */
export function entryOf(definition: EngineDefinition, now: Date): CatalogEntry {
  return {
    name: definition.name,
    language: definition.language === undefined ? DEFAULT_LANGUAGE : definition.language,
    schema: definition.schema,
    ...(definition.searchFields && { search_fields: definition.searchFields }),
    updated_at: now.toISOString(),
  };
}

/** The definition an entry holds, checked as configuration is; throws, naming the engine, for one that fails. */
export function definitionOf(source: unknown, id: string): EngineDefinition {
  const entry = (source ?? {}) as Partial<CatalogEntry>;
  return checkedEngineDefinition({
    name: id,
    language: typeof entry.language === 'string' ? entry.language : null,
    schema: entry.schema ?? {},
    ...(entry.search_fields && { searchFields: entry.search_fields }),
  });
}

/**
 * Makes the catalog index when it is missing. Two instances starting together may both try: the second one's
 * "already exists" is success.
 */
export function ensureCatalog(client: ClusterClient, prefix: string): Promise<boolean> {
  return withBackendErrors(() => ensureIndex(client, { index: catalogIndex(prefix), mappings: CATALOG_MAPPINGS }));
}

/**
 * How long a starting service waits for the catalog's shards. An index made a moment ago, by this process or by
 * another starting beside it, answers 503 (or from only some shards) until its primary is active, which a loaded
 * cluster can take seconds to do. A cluster that cannot be reached at all still fails at once.
 */
export const CATALOG_READY_WAIT_MS = 30_000;

/** Whether a read failed only because the index's shards are not all active yet. */
const shardsNotReady = (error: unknown) => error instanceof ClusterResponseError && error.status === 503;

/**
 * Every engine in the catalog, by name. An entry that no longer passes the definition checks is left out and
 * reported through `skip`, so one damaged entry does not take every engine down. With `waitForShardsMs`, a
 * catalog whose shards are not yet active is read again until they are, for up to that long.
 */
export async function readCatalog(
  client: ClusterClient,
  prefix: string,
  skip: (problem: string) => void,
  { waitForShardsMs = 0 }: { waitForShardsMs?: number } = {},
): Promise<EngineDefinition[]> {
  const started = Date.now();
  const mayWait = () => Date.now() - started < waitForShardsMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1_000)) {
    let response: estypes.SearchResponse<CatalogEntry>;
    try {
      response = await client.search<CatalogEntry>({
        index: catalogIndex(prefix),
        size: MAX_ENGINES,
        sort: [{ name: { order: 'asc' } }],
        query: { match_all: {} },
      });
    } catch (error) {
      if (shardsNotReady(error) && mayWait()) {
        await setTimeout(pause);
        continue;
      }
      throw toBackendError(error);
    }
    if (!Array.isArray(response?.hits?.hits)) throw new BackendError('Elasticsearch sent an answer that could not be read');
    // A cluster going down answers with what the shards it still reached hold: such a catalog would read as engines
    // deleted, and searches of them would be answered 404 instead of 503. Only a whole read is the catalog.
    if ((response._shards?.failed ?? 0) > 0 || response.timed_out) {
      if (mayWait()) {
        await setTimeout(pause);
        continue;
      }
      throw new BackendUnavailableError('the engine catalog could not be read whole (the cluster is not answering from every shard)');
    }
    const definitions: EngineDefinition[] = [];
    for (const hit of response.hits.hits) {
      try {
        definitions.push(definitionOf(hit._source, hit._id ?? ''));
      } catch (error) {
        skip(`${catalogIndex(prefix)}: skipped ${(error as Error).message}`);
      }
    }
    return definitions;
  }
}

/** One engine's entry as it is now (a realtime read, not waiting for a refresh), or undefined when there is none. */
export async function readEntry(client: ClusterClient, prefix: string, name: string): Promise<VersionedDefinition | undefined> {
  let response: estypes.GetResponse<CatalogEntry>;
  try {
    response = await client.get<CatalogEntry>({ index: catalogIndex(prefix), id: name }, { ignore: [404] });
  } catch (error) {
    throw toBackendError(error);
  }
  if (!response?.found) return undefined;
  return {
    definition: definitionOf(response._source, name),
    version: { if_seq_no: response._seq_no ?? 0, if_primary_term: response._primary_term ?? 0 },
  };
}

/**
 * Writes a new engine's entry only if the name is free (create, not index): of two instances creating the same
 * engine, one gets true and the other false. Catalog writes refresh at once, so the next listing includes them.
 */
export async function claimEntry(client: ClusterClient, prefix: string, definition: EngineDefinition, now: Date): Promise<boolean> {
  try {
    await client.create({ index: catalogIndex(prefix), id: definition.name, document: entryOf(definition, now), refresh: true });
    return true;
  } catch (error) {
    if (statusOf(error).status === 409) return false;
    throw toBackendError(error);
  }
}

/**
 * Replaces an entry only if it is still the version read (optimistic concurrency): false when another instance
 * changed it meanwhile, so the caller reads it again rather than overwriting that change.
 */
export async function saveEntry(
  client: ClusterClient,
  prefix: string,
  definition: EngineDefinition,
  version: VersionedDefinition['version'],
  now: Date,
): Promise<boolean> {
  try {
    await client.index({ index: catalogIndex(prefix), id: definition.name, document: entryOf(definition, now), ...version, refresh: true });
    return true;
  } catch (error) {
    if (statusOf(error).status === 409) return false;
    throw toBackendError(error);
  }
}

/** Removes an engine's entry; one already gone is not an error. */
export async function removeEntry(client: ClusterClient, prefix: string, name: string): Promise<void> {
  try {
    await client.delete({ index: catalogIndex(prefix), id: name, refresh: true }, { ignore: [404] });
  } catch (error) {
    throw toBackendError(error);
  }
}
