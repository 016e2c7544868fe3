import type { estypes } from '@elastic/elasticsearch';
import type { ClusterClient } from './cluster-client';
import type { EngineDefinition } from '../../engines/engine-definition';
import { BackendError } from '../types';
import { timestamp } from './index-engine';
import { indexSettingsForEngine, mappingForEngine } from './mapping';
import { asBackendError, statusOf } from './response-status';

/** The index refreshes every second, so a write is searchable within a second of its answer. */
export const REFRESH_INTERVAL = '1s';
/** How long one wait for the re-index task lasts before asking again (the cluster holds the request meanwhile). */
const TASK_WAIT = '30s';
/** The client's own timeout for that wait: longer than the wait, so the cluster answers first. */
const TASK_WAIT_REQUEST_TIMEOUT_MS = 40_000;
/** Waits of TASK_WAIT before the change is given up (an hour): a re-index that long needs an operator instead. */
const TASK_WAITS = 120;

/** What one type change did. */
export interface ReindexResult {
  /** The index the alias now points at. */
  readonly index: string;
  /** The indexes the alias left, now deleted. */
  readonly removed: readonly string[];
  /** Documents copied into the new index. */
  readonly reindexed: number;
}

/** The indexes an alias points at now (none when it does not exist). */
export async function aliasTargets(client: ClusterClient, alias: string): Promise<string[]> {
  const response = await client.indices.getAlias({ name: alias }, { ignore: [404] });
  return Object.keys(response ?? {}).filter((key) => key !== 'error' && key !== 'status');
}

/**
 * Settings of an index filled by re-indexing: the engine's analysis, the usual refresh, and malformed values
 * ignored. A type change keeps every document: a value that does not fit the new type (`"about 40"` in a field
 * that is now a number) stays in the stored document and in results, but is not indexed as that type, so it
 * matches no filter, range or sort on the field, instead of failing the whole re-index. App Search likewise keeps
 * a document whose old value no longer fits. Writes after the change are checked against the new type anyway.
 */
export function reindexSettings(definition: EngineDefinition): estypes.IndicesIndexSettings {
  return { ...indexSettingsForEngine(definition), refresh_interval: REFRESH_INTERVAL, mapping: { ignore_malformed: true } };
}

function isStillRunning(error: unknown): boolean {
  const { status, type } = statusOf(error);
  return status === 408 || (type !== undefined && type.includes('timeout'));
}

/** Waits for a re-index task; resolves with its answer, rejects when it failed or never finished. */
async function taskResult(client: ClusterClient, taskId: string): Promise<estypes.ReindexResponse> {
  for (let wait = 0; wait < TASK_WAITS; wait++) {
    let response: estypes.TasksGetResponse;
    try {
      response = await client.tasks.get(
        { task_id: taskId, wait_for_completion: true, timeout: TASK_WAIT },
        { requestTimeout: TASK_WAIT_REQUEST_TIMEOUT_MS },
      );
    } catch (error) {
      if (isStillRunning(error)) continue;
      throw error;
    }
    if (!response.completed) continue;
    if (response.error) throw new BackendError(`the re-index failed (${response.error.type})`);
    const result = (response.response ?? {}) as estypes.ReindexResponse;
    const failures = result.failures ?? [];
    if (failures.length > 0) {
      const first = failures[0] as { id?: string; cause?: { type?: string } };
      const count = failures.length === 1 ? '1 document' : `${failures.length} documents`;
      throw new BackendError(`${count} could not be re-indexed (the first, ${first.id}: ${first.cause?.type ?? 'unknown'})`);
    }
    return result;
  }
  throw new BackendError('the re-index did not finish within an hour');
}

/**
 * Changes field types the only way Elasticsearch allows: a new index with the new mapping, filled from the old
 * one by `_reindex`, then the alias moved to it in one `_aliases` call, then the old index deleted. Searches keep
 * answering from the old index until the move. The old index is closed to writes meanwhile (a write block), so a
 * write sent to it by another service instance is refused rather than lost with the old index; this instance
 * holds its own writes to the engine until the change is done. On any failure the new index is deleted and the
 * old one opened to writes again, so the engine stays as it was.
 */
export async function reindexWithMapping(
  client: ClusterClient,
  alias: string,
  definition: EngineDefinition,
  { now, log }: { now: Date; log: (line: string) => void },
): Promise<ReindexResult> {
  let previous: string[];
  try {
    previous = await aliasTargets(client, alias);
  } catch (error) {
    throw asBackendError(error);
  }
  if (previous.length === 0) throw new BackendError('the search index for this engine does not exist');
  const index = `${alias}-${timestamp(now)}`;
  let created = false;
  let blocked = false;
  let reindexed: number;
  try {
    await client.indices.create({ index, settings: reindexSettings(definition), mappings: mappingForEngine(definition) });
    created = true;
    await client.indices.addBlock({ index: previous.join(','), block: 'write' });
    blocked = true;
    const started = await client.reindex({ source: { index: previous }, dest: { index }, wait_for_completion: false, refresh: true });
    if (typeof started.task !== 'string' && typeof started.task !== 'number') {
      throw new BackendError('Elasticsearch sent an answer that could not be read');
    }
    const result = await taskResult(client, String(started.task));
    reindexed = (result.created ?? 0) + (result.updated ?? 0);
    await client.indices.updateAliases({
      actions: [...previous.map((old) => ({ remove: { index: old, alias } })), { add: { index, alias } }],
    });
  } catch (error) {
    if (created) await client.indices.delete({ index }).catch(() => undefined);
    if (blocked) {
      await client.indices.putSettings({ index: previous.join(','), settings: { 'index.blocks.write': false } }).catch(() => undefined);
    }
    throw asBackendError(error);
  }
  log(`${alias} now points at ${index} (${reindexed} documents re-indexed).`);
  try {
    await client.indices.delete({ index: previous.join(',') });
  } catch {
    // The alias has moved, so a left-over old index costs disk, not correctness: say so and carry on.
    log(`Could not delete ${previous.join(', ')}: delete it by hand.`);
  }
  return { index, removed: previous, reindexed };
}
