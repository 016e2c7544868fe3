import { open, type FileHandle } from 'node:fs/promises';
import { encodeFrame, MAX_PAYLOAD_BYTES } from './record-format';
import { inDir, segmentName, syncDirectory } from './store-files';

/** Limits on one write to the file: a group commit takes what is waiting, up to these. */
const MAX_BATCH_RECORDS = 4096;
const MAX_BATCH_BYTES = 16 * 1024 * 1024;

export interface WriteAheadLogHooks<T> {
  /** Called for each item once it is on disk, in log order, before any of the batch's promises resolve. */
  durable(item: T): void;
  /**
   * A write failed: every item not yet durable was refused (the ones waiting were worked out on top of the failed
   * ones). The store puts its view of what is logged back to what is durable.
   */
  failed(error: Error): void;
  /** Asked after each write: start a new segment now? */
  shouldRotate(log: WriteAheadLog<T>): boolean;
  /** A new segment was started: every record before it is durable and was passed to `durable`. */
  rotated(seq: number): void;
}

/** A record larger than the log takes. */
export class RecordTooLargeError extends Error {
  override name = 'RecordTooLargeError';
}

interface Entry<T> {
  /** Undefined for a barrier: it only waits for what was appended before it. */
  payload?: Buffer;
  item?: T;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The log a store appends to: one segment file at a time. Appends wait in a queue; one write and one fdatasync
 * take everything waiting (group commit), then each item is reported durable and its promise resolves, in order.
 */
export class WriteAheadLog<T> {
  private queue: Entry<T>[] = [];
  private running: Promise<void> | undefined;
  private broken: Error | undefined;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private handle: FileHandle,
    private segment: number,
    private size: number,
    private count: number,
    private batchNumber: number,
    private readonly hooks: WriteAheadLogHooks<T>,
  ) {}

  /**
   * Opens segment `seq` for appending (creating it if needed); `size` and `records` are what it holds, `lastBatch`
   * the batch number of its last record, which the numbering goes on from.
   */
  static async open<T>(
    dir: string,
    { seq, size, records, lastBatch }: { seq: number; size: number; records: number; lastBatch: number },
    hooks: WriteAheadLogHooks<T>,
  ): Promise<WriteAheadLog<T>> {
    const handle = await open(inDir(dir, segmentName(seq)), 'a');
    try {
      await syncDirectory(dir);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new WriteAheadLog(dir, handle, seq, size, records, lastBatch, hooks);
  }

  /** The segment being appended to. */
  get seq(): number {
    return this.segment;
  }
  /** Bytes and records in the current segment. */
  get bytes(): number {
    return this.size;
  }
  get records(): number {
    return this.count;
  }

  /** Resolves once the record is on disk and `durable` was called for it. */
  append(item: T, payload: Buffer): Promise<void> {
    // A reader takes a longer record for damage: never write one.
    if (payload.length > MAX_PAYLOAD_BYTES) {
      return Promise.reject(new RecordTooLargeError(`A change of ${payload.length} bytes is more than the store takes at once (${MAX_PAYLOAD_BYTES}).`));
    }
    return this.enqueue({ item, payload });
  }

  /** Resolves once everything appended before it is durable (rejects if any of that failed). */
  barrier(): Promise<void> {
    if (this.queue.length === 0 && !this.running && !this.broken && !this.closed) return Promise.resolve();
    return this.enqueue({});
  }

  /** Waits for the queue to empty, then closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running) await this.running;
    await this.handle.close();
  }

  private enqueue(entry: Omit<Entry<T>, 'resolve' | 'reject'>): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The engine store is closed.'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ ...entry, resolve, reject });
      this.kick();
    });
  }

  /**
   * Starts the write loop unless it runs. An append made just as the loop ends (by a caller resuming from the last
   * batch) would otherwise wait with no loop to take it: the loop is started again whenever anything is left.
   */
  private kick(): void {
    if (this.running) return;
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.queue.length > 0 && !this.broken) this.kick();
    });
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      const records = batch.filter((entry) => entry.payload !== undefined);
      if (records.length > 0) {
        this.batchNumber = (this.batchNumber + 1) >>> 0;
        const frames = records.map((entry, i) =>
          encodeFrame(entry.payload!, { batch: this.batchNumber, remaining: records.length - 1 - i }),
        );
        const bytes = Buffer.concat(frames);
        try {
          await this.writeAll(bytes);
          await this.handle.datasync();
        } catch (error) {
          await this.fail(error as Error, batch);
          return;
        }
        this.size += bytes.length;
        this.count += records.length;
      }
      for (const entry of records) this.hooks.durable(entry.item as T);
      for (const entry of batch) entry.resolve();
      if (records.length > 0 && this.hooks.shouldRotate(this)) await this.rotate();
    }
  }

  private takeBatch(): Entry<T>[] {
    let bytes = 0;
    let records = 0;
    let taken = 0;
    for (const entry of this.queue) {
      const size = entry.payload?.length ?? 0;
      if (taken > 0 && (records + 1 > MAX_BATCH_RECORDS || bytes + size > MAX_BATCH_BYTES)) break;
      taken++;
      if (entry.payload) {
        records++;
        bytes += size;
      }
    }
    return this.queue.splice(0, taken);
  }

  private async writeAll(bytes: Buffer): Promise<void> {
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, written, bytes.length - written, null);
      written += bytesWritten;
    }
  }

  /**
   * A write or flush failed: the batch and everything waiting are refused (what waits was worked out on top of
   * the failed records), the store's view of what is logged goes back to what is durable before anyone works out
   * a new write, and the file is cut back to its last durable size, so no half record stays in front of later
   * ones. If even that fails, the log refuses every later append rather than write after bytes it cannot vouch for.
   */
  private async fail(error: Error, batch: Entry<T>[]): Promise<void> {
    const failure = new Error(`The engine store could not write its log (${error.message}); the change was not made.`, { cause: error });
    const refused = [...batch, ...this.queue.splice(0)];
    this.hooks.failed(failure);
    for (const entry of refused) entry.reject(failure);
    try {
      await this.handle.truncate(this.size);
      await this.handle.datasync();
    } catch (truncateError) {
      this.broken = new Error(
        `The engine store cannot write its log ${inDir(this.dir, segmentName(this.segment))} (${(truncateError as Error).message}); restart the service.`,
        { cause: truncateError },
      );
      console.error(`civic-search store: ${this.broken.message}`);
      for (const entry of this.queue.splice(0)) entry.reject(this.broken);
    }
  }

  /** Starts the next segment. When that fails, appends go on in the current one and the failure is reported. */
  private async rotate(): Promise<void> {
    const next = this.segment + 1;
    let handle: FileHandle | undefined;
    try {
      handle = await open(inDir(this.dir, segmentName(next)), 'a');
      await syncDirectory(this.dir);
    } catch (error) {
      await handle?.close().catch(() => undefined);
      console.error(`civic-search store: cannot start the log segment ${segmentName(next)} in ${this.dir} (${(error as Error).message}); the log keeps growing in ${segmentName(this.segment)}.`);
      return;
    }
    const previous = this.handle;
    this.handle = handle;
    this.segment = next;
    this.size = 0;
    this.count = 0;
    this.hooks.rotated(next);
    await previous.close().catch(() => undefined);
  }
}
