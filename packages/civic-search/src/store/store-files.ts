import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The files of a store's directory. Log segments and snapshots are numbered: the snapshot numbered n holds the state
 * after every segment below n, so starting from it means replaying segments n, n+1, ... in order.
 */
const SEGMENT = /^log-(\d{10})\.wal$/;
const SNAPSHOT = /^snapshot-(\d{10})\.snap$/;
/** A snapshot being written: never read, removed at start. */
const TEMPORARY = /^snapshot-\d{10}\.snap\.tmp$/;

const pad = (seq: number) => String(seq).padStart(10, '0');
export const segmentName = (seq: number) => `log-${pad(seq)}.wal`;
export const snapshotName = (seq: number) => `snapshot-${pad(seq)}.snap`;
export const LOCK_NAME = 'store.lock';

export interface StoreFiles {
  /** Segment numbers, ascending. */
  segments: number[];
  /** Snapshot numbers, ascending. */
  snapshots: number[];
  /** Leftovers of snapshots a crash interrupted. */
  temporary: string[];
}

export async function listStoreFiles(dir: string): Promise<StoreFiles> {
  const names = await readdir(dir);
  const numbered = (pattern: RegExp) =>
    names
      .map((name) => pattern.exec(name))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Number(match[1]))
      .sort((a, b) => a - b);
  return { segments: numbered(SEGMENT), snapshots: numbered(SNAPSHOT), temporary: names.filter((name) => TEMPORARY.test(name)) };
}

/** Makes file creations, renames and removals in `dir` durable (a file's own fsync does not cover its name). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const inDir = (dir: string, name: string) => join(dir, name);
