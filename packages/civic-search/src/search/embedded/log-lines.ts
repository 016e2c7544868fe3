import { createReadStream } from 'node:fs';

/** Longer lines are not read (no click is this long: the store caps what it writes); they count as skipped. */
export const MAX_LINE_BYTES = 64 * 1024;

export interface LineReader {
  /** Called for each line, without its newline; the last line is passed even when no newline ends it. */
  onLine(line: string): void;
  /** Called for each line longer than `MAX_LINE_BYTES`, which is passed over unread. */
  onOverlong(): void;
}

/**
 * Reads the first `length` bytes of a file line by line, in chunks, giving the event loop a turn after each chunk:
 * a log of any size is read without blocking a server and without ever holding more than a chunk and one line.
 * (Node's readline would do the first, but keeps a line of any length in memory: a line of hundreds of megabytes
 * would fail with "Invalid string length".) Stops with the signal's reason once it is aborted.
 */
export async function readLines(file: string, length: number, reader: LineReader, signal?: AbortSignal): Promise<void> {
  if (length <= 0) return;
  const stream = createReadStream(file, { start: 0, end: length - 1 });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const endLine = (tail: Buffer) => {
    if (overlong) reader.onOverlong();
    else if (pendingBytes + tail.length > MAX_LINE_BYTES) reader.onOverlong();
    else reader.onLine((pending.length > 0 ? Buffer.concat([...pending, tail]) : tail).toString('utf8'));
    pending = [];
    pendingBytes = 0;
    overlong = false;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      let from = 0;
      for (let newline = chunk.indexOf(10, from); newline !== -1; newline = chunk.indexOf(10, from)) {
        endLine(chunk.subarray(from, newline));
        from = newline + 1;
      }
      const rest = chunk.subarray(from);
      if (!overlong && rest.length > 0) {
        if (pendingBytes + rest.length > MAX_LINE_BYTES) {
          overlong = true;
          pending = [];
          pendingBytes = 0;
        } else {
          // Copied: the stream may reuse the chunk's memory.
          pending.push(Buffer.from(rest));
          pendingBytes += rest.length;
        }
      }
      // A turn of the event loop between chunks, so requests are answered while a long log is read.
      await new Promise((resolve) => setImmediate(resolve));
    }
    signal?.throwIfAborted();
    if (overlong || pendingBytes > 0) endLine(Buffer.alloc(0));
  } finally {
    stream.destroy();
  }
}
