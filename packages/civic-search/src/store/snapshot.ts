import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import type { EngineDefinition } from '../engines/engine-definition';
import type { EngineDocument } from '../engines/documents-file';
import { StoreState } from './store-state';
import { inDir, snapshotName, syncDirectory } from './store-files';

/**
 * A snapshot is NDJSON, written top to bottom:
 *
 *   {"format":1,"seq":12}                                  the first log segment it does not cover
 *   {"engine":{...definition},"documents":2}              each engine, then that many lines of its documents
 *   {"id":"a",...}
 *   {"id":"b",...}
 *   {"end":true,"engines":1,"documents":2,"sha256":"…"}   SHA-256 of every byte before this line
 *
 * A reader trusts nothing until the last line's checksum matches: a file cut short has no such line, and a changed
 * byte changes the hash.
 */
export const SNAPSHOT_FORMAT = 1;
/** Bytes gathered before each write, so writing a large state yields to the event loop between chunks. */
const CHUNK_BYTES = 1024 * 1024;
/**
 * Written bytes are flushed every so often while the snapshot is written, not only at its end: on a journalling
 * file system a log's fdatasync can wait for other files' dirty data, and this bounds how much of the snapshot an
 * acknowledged write ever waits for.
 */
const SYNC_EVERY_BYTES = 4 * 1024 * 1024;

export interface SnapshotEngine {
  definition: EngineDefinition;
  documents: readonly EngineDocument[];
}

/**
 * Writes the state as snapshot `seq`: to a temporary file, flushed, renamed over, and the directory flushed, so a
 * crash leaves either no new snapshot or a whole one. Documents are encoded a chunk at a time between awaited
 * writes, so writes to the log keep being acknowledged meanwhile.
 */
export async function writeSnapshot(dir: string, seq: number, engines: readonly SnapshotEngine[]): Promise<string> {
  const file = inDir(dir, snapshotName(seq));
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w');
  const hash = createHash('sha256');
  let chunk: string[] = [];
  let chunkBytes = 0;
  let unsynced = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    const bytes = Buffer.from(chunk.join(''), 'utf8');
    chunk = [];
    chunkBytes = 0;
    hash.update(bytes);
    let written = 0;
    while (written < bytes.length) written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
    unsynced += bytes.length;
    if (unsynced >= SYNC_EVERY_BYTES) {
      unsynced = 0;
      await handle.datasync();
    }
  };
  const line = async (text: string) => {
    chunk.push(text, '\n');
    chunkBytes += text.length + 1;
    if (chunkBytes >= CHUNK_BYTES) await flush();
  };
  try {
    let documents = 0;
    await line(JSON.stringify({ format: SNAPSHOT_FORMAT, seq }));
    for (const engine of engines) {
      await line(JSON.stringify({ engine: engine.definition, documents: engine.documents.length }));
      for (const document of engine.documents) await line(JSON.stringify(document));
      documents += engine.documents.length;
    }
    await flush();
    const end = Buffer.from(`${JSON.stringify({ end: true, engines: engines.length, documents, sha256: hash.digest('hex') })}\n`, 'utf8');
    await handle.write(end);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  await syncDirectory(dir);
  return file;
}

/** A snapshot that is not as it was written. */
export class DamagedSnapshotError extends Error {
  override name = 'DamagedSnapshotError';
}

export interface LoadedSnapshot {
  seq: number;
  state: StoreState;
  engines: number;
  documents: number;
}

/** Reads and checks a snapshot; throws DamagedSnapshotError saying what is wrong with it. */
export async function readSnapshot(file: string, signal?: AbortSignal): Promise<LoadedSnapshot> {
  const hash = createHash('sha256');
  const state = new StoreState();
  let header: { format?: unknown; seq?: unknown } | undefined;
  let engine: { name: string; documents: Map<string, EngineDocument>; left: number } | undefined;
  let documents = 0;
  let pending: Buffer | undefined;
  let lineNumber = 0;
  const damaged = (reason: string) => new DamagedSnapshotError(`${reason} (line ${lineNumber})`);

  // Each line is hashed and used once the next one is seen; the last line is the end line, checked on its own.
  const takeLine = (bytes: Buffer) => {
    lineNumber++;
    hash.update(bytes);
    hash.update('\n');
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw damaged('a line that is not JSON');
    }
    if (!header) {
      header = value;
      if (value.format !== SNAPSHOT_FORMAT || typeof value.seq !== 'number') throw damaged('not a snapshot of this format');
      return;
    }
    if (engine && engine.left > 0) {
      if (typeof value.id !== 'string') throw damaged('a document without an id');
      engine.documents.set(value.id, value as EngineDocument);
      engine.left--;
      documents++;
      return;
    }
    const definition = value.engine as EngineDefinition | undefined;
    if (typeof definition?.name !== 'string' || typeof value.documents !== 'number') throw damaged('an engine line that is not one');
    engine = { name: definition.name, documents: new Map(), left: value.documents };
    state.engines.set(definition.name, { definition, documents: engine.documents });
  };

  let rest: Buffer = Buffer.alloc(0);
  try {
    for await (const data of createReadStream(file, { highWaterMark: 1024 * 1024, signal })) {
      let buffer = rest.length > 0 ? Buffer.concat([rest, data as Buffer]) : (data as Buffer);
      let start = 0;
      let newline = buffer.indexOf(10, start);
      while (newline !== -1) {
        if (pending) takeLine(pending);
        pending = buffer.subarray(start, newline);
        start = newline + 1;
        newline = buffer.indexOf(10, start);
      }
      // `pending` may point into this buffer: keep it alive by copying what it and the rest need.
      if (pending && pending.buffer === buffer.buffer) pending = Buffer.from(pending);
      buffer = buffer.subarray(start);
      rest = Buffer.from(buffer);
    }
  } catch (error) {
    if (error instanceof DamagedSnapshotError || signal?.aborted) throw error;
    throw new DamagedSnapshotError(`cannot be read: ${(error as Error).message}`);
  }
  if (rest.length > 0) throw damaged('a last line without its end (the file was cut short)');
  if (!pending) throw damaged('an empty file');
  let end: { end?: unknown; sha256?: unknown; documents?: unknown; engines?: unknown };
  try {
    end = JSON.parse(pending.toString('utf8')) as typeof end;
  } catch {
    throw damaged('no end line (the file was cut short)');
  }
  if (end.end !== true) throw damaged('no end line (the file was cut short)');
  if (end.sha256 !== hash.digest('hex')) throw damaged('a checksum that does not match its contents');
  if (engine && engine.left > 0) throw damaged('fewer documents than its engine line says');
  if (end.documents !== documents || end.engines !== state.engines.size) throw damaged('counts that do not match its contents');
  return { seq: header!.seq as number, state, engines: state.engines.size, documents };
}
