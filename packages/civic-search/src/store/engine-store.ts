import { mkdir, rm } from 'node:fs/promises';
import { EngineExistsError, type EngineAdmin, type EngineInfo } from '../engines/engine-admin';
import { checkedEngineDefinition, engineNameProblem, type EngineDefinition } from '../engines/engine-definition';
import type { EngineDocument } from '../engines/documents-file';
import { fieldNameProblem, FIELD_TYPES, isFieldType, type EngineSchema, type FieldType } from '../engines/engine-schema';
import { InvalidRequestError, UnknownEngineError } from '../search/types';
import { MAX_PAYLOAD_BYTES } from './record-format';
import { recover, type Recovered, type StoreRecovery } from './recovery';
import { encodeRecord, type StoreRecord } from './store-records';
import { StoreState, textOnly, type StoreChange } from './store-state';
import { inDir, listStoreFiles, segmentName, snapshotName, syncDirectory } from './store-files';
import { takeStoreLock, type StoreLock } from './store-lock';
import { writeSnapshot, type SnapshotEngine } from './snapshot';
import { WriteAheadLog } from './write-ahead-log';

export type { StoreChange } from './store-state';
export type { StoreRecovery } from './recovery';

/** A log segment this large starts a snapshot (then a new segment): replay at start stays short. */
export const DEFAULT_SNAPSHOT_AFTER_BYTES = 16 * 1024 * 1024;
export const DEFAULT_SNAPSHOT_AFTER_RECORDS = 50_000;

export interface EngineStoreOptions {
  /** The store's directory (made if missing). One process at a time. */
  dir: string;
  /** Aborting stops the start between its steps (the lock is let go). */
  signal?: AbortSignal;
  /** Snapshot once the current log segment holds this many bytes (default 16 MB) or records (default 50,000). */
  snapshotAfterBytes?: number;
  snapshotAfterRecords?: number;
  /** The language reported for engines whose definition names none (default `en`, the embedded engine's). */
  defaultLanguage?: string | null;
}

export interface EngineStore extends EngineAdmin {
  /** Engine definitions now (name, language, schema, optional searchFields). */
  definitions(): EngineDefinition[];
  /**
   * An engine's documents now, in a stable order: the order of last writes (a document written again moves to the end). Empty for an
   * unknown engine. The array and documents are shared: never change them.
   */
  documents(engine: string): readonly EngineDocument[];
  /**
   * Sets an engine from configuration: made with the definition's language, schema and search fields when absent;
   * when present, fields the stored schema lacks are added, the stored types kept (the write API may have changed
   * them) and the search fields replaced. Resolves with the definition now held.
   */
  seedEngine(definition: EngineDefinition): Promise<EngineDefinition>;
  /** Told of every change once it is durable, in log order; returns the function that stops it. */
  subscribe(listener: (change: StoreChange) => void): () => void;
  /** How the start went: what was loaded and replayed, what was skipped, how long it took. */
  readonly recovery: StoreRecovery;
  /** Waits for writes and a snapshot in progress, closes the files and lets go of the directory. */
  close(): Promise<void>;
}

/**
 * Opens (or makes) a store: takes the directory's lock, loads the newest good snapshot, replays the log after it,
 * and opens the log for appends. Fails with a clear message when another process holds the directory or when what
 * is on disk cannot be started from without losing data it held.
 */
export async function openEngineStore(options: EngineStoreOptions): Promise<EngineStore> {
  const { dir, signal } = options;
  await mkdir(dir, { recursive: true });
  signal?.throwIfAborted();
  const lock = await takeStoreLock(dir);
  try {
    const recovered = await recover(dir, signal);
    signal?.throwIfAborted();
    return await DurableEngineStore.start(options, lock, recovered);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

class DurableEngineStore implements EngineStore {
  /** What is on disk: every read answers from it, and listeners hear of it. */
  private durable: StoreState;
  /** What is logged or waiting to be: each write is worked out against it, so writes in flight see each other. */
  private head: StoreState;
  private log!: WriteAheadLog<StoreRecord>;
  private readonly listeners = new Set<(change: StoreChange) => void>();
  private snapshotting: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  /** The snapshot the store started from or last wrote (0: none): kept with its segments as a fallback. */
  private base: number;
  private readonly snapshotAfterBytes: number;
  private readonly snapshotAfterRecords: number;
  private readonly defaultLanguage: string | null;

  private constructor(
    private readonly dir: string,
    private readonly lock: StoreLock,
    recovered: Recovered,
    options: EngineStoreOptions,
  ) {
    this.durable = recovered.state;
    this.head = recovered.state.clone();
    this.base = recovered.base;
    this.recovery = recovered.recovery;
    this.snapshotAfterBytes = options.snapshotAfterBytes ?? DEFAULT_SNAPSHOT_AFTER_BYTES;
    this.snapshotAfterRecords = options.snapshotAfterRecords ?? DEFAULT_SNAPSHOT_AFTER_RECORDS;
    this.defaultLanguage = options.defaultLanguage === undefined ? 'en' : options.defaultLanguage;
  }

  readonly recovery: StoreRecovery;

  static async start(options: EngineStoreOptions, lock: StoreLock, recovered: Recovered): Promise<DurableEngineStore> {
    const store = new DurableEngineStore(options.dir, lock, recovered, options);
    const { segment: seq, size, records, lastBatch } = recovered;
    store.log = await WriteAheadLog.open<StoreRecord>(options.dir, { seq, size, records, lastBatch }, {
      durable: (record) => store.applyDurable(record),
      failed: () => {
        store.head = store.durable.clone();
      },
      shouldRotate: (log) =>
        !store.snapshotting && !store.closing && (log.bytes >= store.snapshotAfterBytes || log.records >= store.snapshotAfterRecords),
      rotated: (seq) => store.startSnapshot(seq),
    });
    return store;
  }

  // Reads: what is durable.

  async listEngines(): Promise<EngineInfo[]> {
    return [...this.durable.engines.keys()].map((name) => this.info(name)!);
  }

  async engineInfo(name: string): Promise<EngineInfo | undefined> {
    return this.info(name);
  }

  async schema(engine: string): Promise<EngineSchema> {
    return this.durableEngine(engine).definition.schema;
  }

  async getDocuments(engine: string, ids: readonly string[]): Promise<(EngineDocument | null)[]> {
    const { documents } = this.durableEngine(engine);
    return ids.map((id) => documents.get(id) ?? null);
  }

  async listDocuments(engine: string, page: { current: number; size: number }): Promise<{ documents: EngineDocument[]; total: number }> {
    this.durableEngine(engine);
    const all = this.durable.ordered(engine)!;
    const size = Math.max(1, Math.floor(page.size));
    const start = (Math.max(1, Math.floor(page.current)) - 1) * size;
    return { documents: all.slice(start, start + size), total: all.length };
  }

  definitions(): EngineDefinition[] {
    return [...this.durable.engines.values()].map((engine) => engine.definition);
  }

  documents(engine: string): readonly EngineDocument[] {
    return this.durable.ordered(engine) ?? [];
  }

  subscribe(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Writes: worked out against what is logged, acknowledged once durable.

  async createEngine(name: string, language: string | null): Promise<EngineInfo> {
    const problem = engineNameProblem(name);
    if (problem) throw new InvalidRequestError(problem);
    if (this.head.engines.has(name)) throw new EngineExistsError(name);
    await this.commit({ op: 'create', definition: { name, language, schema: Object.freeze({}) } });
    return { name, type: 'default', language, document_count: 0 };
  }

  async seedEngine(given: EngineDefinition): Promise<EngineDefinition> {
    const definition = checkedEngineDefinition(given);
    const existing = this.head.engines.get(definition.name)?.definition;
    if (!existing) {
      await this.commit({ op: 'define', definition });
      return definition;
    }
    const schema = Object.freeze({ ...definition.schema, ...existing.schema });
    const merged: EngineDefinition = { ...existing, schema, searchFields: textOnly(definition.searchFields, schema) };
    if (JSON.stringify(merged) === JSON.stringify(existing)) {
      await this.log.barrier();
      return existing;
    }
    await this.commit({ op: 'define', definition: merged });
    return merged;
  }

  async deleteEngine(name: string): Promise<boolean> {
    if (!this.head.engines.has(name)) {
      await this.log.barrier();
      return false;
    }
    await this.commit({ op: 'drop', engine: name });
    return true;
  }

  async updateSchema(engine: string, fields: Readonly<Record<string, FieldType>>): Promise<EngineSchema> {
    const current = this.headEngine(engine).definition.schema;
    const problems: string[] = [];
    for (const [name, type] of Object.entries(fields)) {
      const problem = fieldNameProblem(name);
      if (problem) problems.push(problem);
      else if (!isFieldType(type)) problems.push(`Invalid field type "${String(type)}" for "${name}": must be one of ${FIELD_TYPES.join(', ')}`);
    }
    if (problems.length > 0) throw new InvalidRequestError(problems.join('; '));
    const changed = Object.fromEntries(Object.entries(fields).filter(([name, type]) => current[name] !== type));
    if (Object.keys(changed).length === 0) {
      await this.log.barrier();
      return current;
    }
    const schema = Object.freeze({ ...current, ...changed });
    await this.commit({ op: 'schema', engine, fields: changed });
    return schema;
  }

  async putDocuments(engine: string, documents: readonly EngineDocument[]): Promise<void> {
    const schema = this.headEngine(engine).definition.schema;
    const fields = newTextFields(schema, documents);
    if (documents.length === 0) return this.log.barrier();
    await this.commit({ op: 'put', engine, fields, documents: [...documents] });
  }

  async patchDocuments(engine: string, patches: readonly EngineDocument[]): Promise<boolean[]> {
    const state = this.headEngine(engine);
    const merged = new Map<string, EngineDocument>();
    const found = patches.map((patch) => {
      const id = String(patch.id);
      const stored = merged.get(id) ?? state.documents.get(id);
      if (!stored) return false;
      merged.set(id, { ...stored, ...patch, id });
      return true;
    });
    if (merged.size === 0) {
      await this.log.barrier();
      return found;
    }
    const documents = [...merged.values()];
    await this.commit({ op: 'put', engine, fields: newTextFields(state.definition.schema, documents), documents });
    return found;
  }

  async deleteDocuments(engine: string, ids: readonly string[]): Promise<boolean[]> {
    const { documents } = this.headEngine(engine);
    const existed = ids.map((id) => documents.has(id));
    const gone = [...new Set(ids.filter((_, i) => existed[i]))];
    if (gone.length === 0) await this.log.barrier();
    else await this.commit({ op: 'delete', engine, ids: gone });
    return existed;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.log.close();
      await this.snapshotting;
      await this.lock.release();
    })();
    return this.closing;
  }

  // Inside.

  private info(name: string): EngineInfo | undefined {
    const engine = this.durable.engines.get(name);
    if (!engine) return undefined;
    const { language } = engine.definition;
    return { name, type: 'default', language: language === undefined ? this.defaultLanguage : language, document_count: engine.documents.size };
  }

  private durableEngine(name: string) {
    const engine = this.durable.engines.get(name);
    if (!engine) throw new UnknownEngineError(name);
    return engine;
  }

  private headEngine(name: string) {
    const engine = this.head.engines.get(name);
    if (!engine) throw new UnknownEngineError(name);
    return engine;
  }

  /** Logs a record: the next write sees it at once; readers and listeners once it is on disk. */
  private commit(record: StoreRecord): Promise<void> {
    if (this.closing) return Promise.reject(new Error('The engine store is closed.'));
    const payload = encodeRecord(record);
    if (payload.length > MAX_PAYLOAD_BYTES) {
      return Promise.reject(new InvalidRequestError(`The change is too large to store at once (${payload.length} bytes; at most ${MAX_PAYLOAD_BYTES}).`));
    }
    this.head.apply(record);
    return this.log.append(record, payload);
  }

  private applyDurable(record: StoreRecord): void {
    for (const change of this.durable.apply(record)) {
      for (const listener of this.listeners) {
        try {
          listener(change);
        } catch (error) {
          console.error(`civic-search store: a listener failed on ${change.type} of engine "${change.engine}":`, error);
        }
      }
    }
  }

  /**
   * The log has just moved to segment `seq`: the durable state is exactly what the segments before it hold. Its
   * engines and document lists are taken now (documents are never changed in place, so later writes do not reach
   * them) and written out in the background.
   */
  private startSnapshot(seq: number): void {
    const engines: SnapshotEngine[] = [...this.durable.engines.entries()].map(([name, engine]) => ({
      definition: engine.definition,
      documents: this.durable.ordered(name)!,
    }));
    this.snapshotting = (async () => {
      try {
        await writeSnapshot(this.dir, seq, engines);
        await this.removeOlderThanBase();
        this.base = seq;
      } catch (error) {
        console.error(
          `civic-search store: the snapshot ${inDir(this.dir, snapshotName(seq))} could not be written (${(error as Error).message}); the log keeps everything and a later snapshot will be tried.`,
        );
      } finally {
        this.snapshotting = undefined;
      }
    })();
  }

  /**
   * A new snapshot is whole: what is older than the previous one (its snapshot and log segments) goes. The
   * previous snapshot and the segments after it stay, so a new snapshot found damaged at start has a fallback.
   */
  private async removeOlderThanBase(): Promise<void> {
    if (this.base === 0) return;
    const files = await listStoreFiles(this.dir);
    const old = [
      ...files.snapshots.filter((seq) => seq < this.base).map(snapshotName),
      ...files.segments.filter((seq) => seq < this.base).map(segmentName),
    ];
    for (const name of old) await rm(inDir(this.dir, name), { force: true });
    if (old.length > 0) await syncDirectory(this.dir);
  }
}

/** Fields the documents name that the schema lacks: App Search adds them as text. Names are checked first. */
function newTextFields(schema: EngineSchema, documents: readonly EngineDocument[]): Record<string, FieldType> {
  const fields: Record<string, FieldType> = {};
  for (const document of documents) {
    if (typeof document?.id !== 'string') throw new InvalidRequestError('Every document needs an "id" (text).');
    for (const field of Object.keys(document)) {
      if (field === 'id' || schema[field] || fields[field]) continue;
      const problem = fieldNameProblem(field);
      if (problem) throw new InvalidRequestError(problem);
      fields[field] = 'text';
    }
  }
  return fields;
}
