import { createReadStream } from 'node:fs';
import { mkdir, open, rename, truncate, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A bounded list of records kept in memory and, when given a file, in an append-only JSON-lines file beside it:
 * one record a line. A record counts as added only once its line is on disk (written and fsync'd), so an
 * acknowledged answer survives a crash or a power cut. Records that arrive while a sync runs are written together
 * with the next one, so a burst costs one sync, not one each.
 *
 * At start the file is read as a stream (a large file never blocks the site's other requests). A last line
 * without its newline is what a crash mid-write leaves: it was never acknowledged, so it is dropped (and reported),
 * never fatal. A damaged line elsewhere is skipped and reported too.
 *
 * Only the newest `limit` records are kept: older ones drop out of memory, and the file is rewritten with the
 * kept records (to a new file, synced, then renamed over the old one) once it holds twice the limit.
 */
export interface DurableListOptions<T> {
  /** Names the list in log messages (`feedback`, `reports`). */
  name: string;
  /** The JSON-lines file; none keeps the records in memory only. */
  file?: string;
  /** Records kept; the oldest drop out beyond it. */
  limit: number;
  /** A record read back from the file, or undefined when the line does not hold one. */
  parse: (value: unknown) => T | undefined;
  /** Told of every record that enters the list (added or read at start), oldest first. */
  onKeep?: (record: T) => void;
  /** Told of every record that drops out of the list. */
  onDrop?: (record: T) => void;
  /** Where problems with the file are reported (default: console.warn). */
  warn?: (message: string) => void;
}

export interface LoadReport {
  /** Records read back. */
  records: number;
  /** Complete lines that did not hold a record (damaged, or too long). */
  skippedLines: number;
  /** Bytes of a last line cut short by a stop mid-write, dropped from the file. */
  tornBytes: number;
}

export interface DurableList<T> {
  /** Settles once the file has been read (at once without a file). Never rejects: problems are reported. */
  readonly ready: Promise<LoadReport>;
  /** Adds a record; resolves once it is on disk. Rejects when it could not be written: then it was not added. */
  add(record: T): Promise<void>;
  /** The kept records, oldest first (after `ready`). */
  records(): readonly T[];
  /** Waits for pending writes and closes the file. */
  close(): Promise<void>;
}

/** A line longer than this cannot be a record of the example's stores: it is skipped without being held whole. */
export const MAX_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

interface Pending<T> {
  record: T;
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createDurableList<T>(options: DurableListOptions<T>): DurableList<T> {
  const { name, file, limit, parse, onKeep, onDrop } = options;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const kept: T[] = [];
  let handle: FileHandle | undefined;
  /** Bytes and lines of the file known to be on disk, whole. */
  let fileBytes = 0;
  let fileLines = 0;
  let queue: Array<Pending<T>> = [];
  /** A flush is running (it takes everything queued meanwhile); `flushed` settles when it ends. */
  let flushing = false;
  let flushed: Promise<void> = Promise.resolve();
  let closed = false;

  const keep = (record: T) => {
    kept.push(record);
    onKeep?.(record);
    while (kept.length > limit) {
      const dropped = kept.shift() as T;
      onDrop?.(dropped);
    }
  };

  const readLine = (bytes: Buffer): boolean => {
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      return false;
    }
    const record = parse(value);
    if (record === undefined) return false;
    keep(record);
    return true;
  };

  async function load(): Promise<LoadReport> {
    const report: LoadReport = { records: 0, skippedLines: 0, tornBytes: 0 };
    if (!file) return report;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let oversized = false;
    try {
      for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
        let start = 0;
        for (let index = chunk.indexOf(NEWLINE); index !== -1; index = chunk.indexOf(NEWLINE, start)) {
          const lineBytes = pendingBytes + index - start;
          if (oversized || lineBytes > MAX_LINE_BYTES) report.skippedLines++;
          else if (readLine(Buffer.concat([...pending, chunk.subarray(start, index)]))) report.records++;
          else report.skippedLines++;
          fileBytes += lineBytes + 1;
          fileLines++;
          pending = [];
          pendingBytes = 0;
          oversized = false;
          start = index + 1;
        }
        const rest = chunk.length - start;
        pendingBytes += rest;
        if (oversized || pendingBytes > MAX_LINE_BYTES) {
          oversized = true;
          pending = [];
        } else if (rest > 0) pending.push(chunk.subarray(start));
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report;
      warn(`${name}: could not read ${file} (${(error as Error).message}); starting with what was read.`);
      // Appending after an unknown point could glue a new record onto half a line: start a new file instead.
      fileBytes = 0;
      fileLines = 0;
      await rewrite().catch(() => undefined);
      return report;
    }
    if (pendingBytes > 0) {
      report.tornBytes = pendingBytes;
      await truncate(file, fileBytes);
      warn(`${name}: dropped a torn last line (${pendingBytes} bytes) from ${file}: a stop mid-write, never acknowledged.`);
    }
    if (report.skippedLines > 0) warn(`${name}: skipped ${report.skippedLines} damaged line(s) in ${file}.`);
    return report;
  }

  const ready = load();

  async function openFile(path: string): Promise<FileHandle> {
    await mkdir(dirname(path), { recursive: true });
    const opened = await open(path, 'a');
    await syncFolder(path);
    return opened;
  }

  /** Writes the kept records as a new file and puts it in place of the old one, atomically. */
  async function rewrite(): Promise<void> {
    if (!file) return;
    const temporary = `${file}.${process.pid}.tmp`;
    const text = kept.map((record) => `${JSON.stringify(record)}\n`).join('');
    await mkdir(dirname(file), { recursive: true });
    const out = await open(temporary, 'w');
    try {
      await out.writeFile(text);
      await out.sync();
    } finally {
      await out.close();
    }
    await handle?.close();
    handle = undefined;
    await rename(temporary, file);
    await syncFolder(file);
    fileBytes = Buffer.byteLength(text);
    fileLines = kept.length;
  }

  /** Writes what is queued, a batch at a time, until nothing is left; one runs at a time. */
  async function flush(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        const text = batch.map((pending) => pending.line).join('');
        try {
          if (file) {
            handle ??= await openFile(file);
            await handle.appendFile(text);
            await handle.sync();
            fileBytes += Buffer.byteLength(text);
            fileLines += batch.length;
          }
        } catch (error) {
          // Part of the batch may have reached the file: cut it back, so no half line is left for the next write.
          await handle?.truncate(fileBytes).catch(() => undefined);
          for (const pending of batch) pending.reject(error);
          continue;
        }
        for (const pending of batch) {
          keep(pending.record);
          pending.resolve();
        }
        if (file && fileLines > 2 * limit) {
          await rewrite().catch((error: Error) => warn(`${name}: could not compact ${file} (${error.message}); it keeps growing.`));
        }
      }
    } finally {
      // Cleared in the same step that found the queue empty, so a record queued after it starts a new flush.
      flushing = false;
    }
  }

  return {
    ready,
    async add(record) {
      if (closed) throw new Error(`${name}: closed`);
      await ready;
      await new Promise<void>((resolve, reject) => {
        queue.push({ record, line: `${JSON.stringify(record)}\n`, resolve, reject });
        if (!flushing) {
          flushing = true;
          flushed = flush();
        }
      });
    },
    records: () => kept.slice(),
    async close() {
      closed = true;
      await ready;
      while (flushing) await flushed;
      await handle?.close();
      handle = undefined;
    },
  };
}

/** Makes a new or renamed file's entry in its folder durable (a synced file is not enough on every filesystem). */
async function syncFolder(path: string): Promise<void> {
  let folder: FileHandle | undefined;
  try {
    folder = await open(dirname(path), 'r');
    await folder.sync();
  } catch {
    // Some systems cannot sync a folder; the file's own sync is what they offer.
  } finally {
    await folder?.close();
  }
}
