import { open, readFile, rename, rm } from 'node:fs/promises';
import { intactFramesAfter, readFrame, type Frame } from './record-format';
import { decodeRecord } from './store-records';
import { StoreState } from './store-state';
import { inDir, listStoreFiles, segmentName, snapshotName, syncDirectory } from './store-files';
import { readSnapshot } from './snapshot';

/** How a start went. */
export interface StoreRecovery {
  /** The snapshot started from, if any. */
  snapshot?: { file: string; engines: number; documents: number };
  /** Snapshots that failed their check and were passed over (renamed to `<name>.damaged`). */
  damagedSnapshots: Array<{ file: string; reason: string }>;
  /** Log segments replayed after the snapshot, in order. */
  segments: string[];
  recordsReplayed: number;
  /**
   * What was skipped at the end of the log. `torn-tail`: the last write a crash cut short (never acknowledged).
   * `damaged`: a bad record with good ones after it; those were not applied and were kept aside in `keptAs`.
   */
  skipped?: { kind: 'torn-tail' | 'damaged'; file: string; offset: number; reason: string; bytes: number; keptAs: string[] };
  /** Milliseconds the start took. */
  ms: number;
}

export interface Recovered {
  state: StoreState;
  recovery: StoreRecovery;
  /** The snapshot started from (0 when none): the store keeps it and its segments until the next snapshot is whole. */
  base: number;
  /** The segment to append to, its size and record count. */
  segment: number;
  size: number;
  records: number;
  /** The batch number of its last record (0 when none): numbering goes on from it, so a torn write is told apart. */
  lastBatch: number;
}

/** A store directory that cannot be started without losing what it held. */
export class StoreStartError extends Error {
  override name = 'StoreStartError';
}

/**
 * Loads the newest snapshot that passes its check (or, when there is none to load, starts empty from segment 1),
 * then replays the log segments after it. A bad record ends the replay: a torn tail is cut off; a bad record with
 * good ones after it is reported loudly, and what follows it is kept aside and cut off, so later appends never sit
 * behind bytes a reader stops at.
 */
export async function recover(dir: string, signal?: AbortSignal): Promise<Recovered> {
  const started = performance.now();
  const files = await listStoreFiles(dir);
  for (const name of files.temporary) await rm(inDir(dir, name), { force: true });

  const damagedSnapshots: StoreRecovery['damagedSnapshots'] = [];
  let state: StoreState | undefined;
  let base = 0;
  let first = 1;
  let snapshot: StoreRecovery['snapshot'];
  for (const seq of [...files.snapshots].reverse()) {
    signal?.throwIfAborted();
    const file = inDir(dir, snapshotName(seq));
    try {
      const loaded = await readSnapshot(file, signal);
      if (loaded.seq !== seq) throw new Error(`it says it is snapshot ${loaded.seq}`);
      state = loaded.state;
      base = first = seq;
      snapshot = { file, engines: loaded.engines, documents: loaded.documents };
      break;
    } catch (error) {
      signal?.throwIfAborted();
      damagedSnapshots.push({ file, reason: (error as Error).message });
      console.error(`civic-search store: the snapshot ${file} is damaged (${(error as Error).message}); trying an older one.`);
    }
  }
  const segments = files.segments.filter((seq) => seq >= first);
  if (!state) {
    if (files.segments.length > 0 && files.segments[0] !== 1) {
      const damaged = damagedSnapshots.map(({ file, reason }) => `${file}: ${reason}`).join('; ');
      throw new StoreStartError(
        `The engine store in ${dir} cannot start: its log begins at ${segmentName(files.segments[0])} and no good snapshot holds what came before it` +
          `${damaged ? ` (${damaged})` : ''}. Restore the directory from a backup, or move it away to start empty.`,
      );
    }
    state = new StoreState();
  }
  const missing = segments.find((seq, i) => seq !== first + i);
  if (missing !== undefined) {
    throw new StoreStartError(
      `The engine store in ${dir} cannot start: the log segment ${segmentName(first + segments.indexOf(missing))} is missing. ` +
        'Restore the directory from a backup, or move it away to start empty.',
    );
  }

  let recordsReplayed = 0;
  let skipped: StoreRecovery['skipped'];
  let size = 0;
  let records = 0;
  let lastBatch = 0;
  const replayed: string[] = [];
  for (const [i, seq] of segments.entries()) {
    signal?.throwIfAborted();
    const file = inDir(dir, segmentName(seq));
    const bytes = await readFile(file, { signal });
    replayed.push(file);
    const result = replaySegment(bytes, state);
    recordsReplayed += result.records;
    size = result.end;
    records = result.records;
    lastBatch = result.lastGood?.batch ?? 0;
    if (!result.damage) continue;
    const later = segments.slice(i + 1);
    const laterFrames = later.length > 0 ? await laterSegmentsHoldRecords(dir, later) : false;
    const torn = !laterFrames && isTornLastWrite(result.lastGood, intactFramesAfter(bytes, result.end + 1));
    const keptAs: string[] = [];
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (torn) {
      // Later segments hold no records (a crash right after starting one): nothing to keep, and appends go here.
      for (const next of later) await rm(inDir(dir, segmentName(next)), { force: true });
    } else {
      const aside = `${file}.damaged-${stamp}`;
      await writeAside(aside, bytes.subarray(result.end));
      keptAs.push(aside);
      for (const next of later) {
        const from = inDir(dir, segmentName(next));
        await rename(from, `${from}.damaged-${stamp}`);
        keptAs.push(`${from}.damaged-${stamp}`);
      }
    }
    await truncateFile(file, result.end);
    await syncDirectory(dir);
    skipped = { kind: torn ? 'torn-tail' : 'damaged', file, offset: result.end, reason: result.damage, bytes: bytes.length - result.end, keptAs };
    if (torn) {
      console.error(
        `civic-search store: skipped a torn last record in ${file} at offset ${result.end} (${result.damage}); it was never acknowledged. The file now ends before it.`,
      );
    } else {
      console.error(
        `civic-search store: DAMAGED LOG: ${file} has ${result.damage} at offset ${result.end}, with good records after it. ` +
          `The store starts from the state before it; the ${bytes.length - result.end} bytes from there on (and any later segments) were not applied and are kept in ${keptAs.join(', ')}.`,
      );
    }
    segments.length = i + 1;
    break;
  }

  const segment = segments.at(-1) ?? first;
  for (const { file } of damagedSnapshots) await rename(file, `${file}.damaged`).catch(() => undefined);
  return {
    state,
    base,
    segment,
    size,
    records,
    lastBatch,
    recovery: { snapshot, damagedSnapshots, segments: replayed, recordsReplayed, skipped, ms: performance.now() - started },
  };
}

interface SegmentReplay {
  /** Records applied. */
  records: number;
  /** Where the good records end. */
  end: number;
  /** The last good frame, if any. */
  lastGood?: Frame;
  /** Why the bytes at `end` are not a record, when the file goes on past it. */
  damage?: string;
}

/** Applies a segment's records in order up to the first one that is not whole and intact. */
export function replaySegment(bytes: Buffer, state: StoreState): SegmentReplay {
  let offset = 0;
  let records = 0;
  let lastGood: Frame | undefined;
  while (offset < bytes.length) {
    const check = readFrame(bytes, offset);
    if (!check.ok) return { records, end: offset, lastGood, damage: check.reason };
    let record;
    try {
      record = decodeRecord(check.frame.payload);
    } catch (error) {
      return { records, end: offset, lastGood, damage: `a record that does not decode (${(error as Error).message})` };
    }
    state.apply(record);
    records++;
    lastGood = check.frame;
    offset = check.frame.end;
  }
  return { records, end: offset, lastGood };
}

/**
 * Whether the good records after a bad one can only be from the same unfinished last write (its records reach the
 * disk in any order when a crash interrupts it): then nothing after the bad record was ever acknowledged.
 */
function isTornLastWrite(lastGood: Frame | undefined, after: Frame[]): boolean {
  if (after.length === 0) return true;
  const batch = after[0].batch;
  if (!after.every((frame) => frame.batch === batch)) return false;
  if (!lastGood) return true;
  return lastGood.remaining > 0 ? batch === lastGood.batch : batch === ((lastGood.batch + 1) >>> 0);
}

async function laterSegmentsHoldRecords(dir: string, later: number[]): Promise<boolean> {
  for (const seq of later) {
    const bytes = await readFile(inDir(dir, segmentName(seq)));
    if (intactFramesAfter(bytes, 0).length > 0) return true;
  }
  return false;
}

async function writeAside(file: string, bytes: Buffer): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.write(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function truncateFile(file: string, size: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.truncate(size);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
