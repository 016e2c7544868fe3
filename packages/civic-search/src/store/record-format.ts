import { crc32 } from 'node:zlib';

/**
 * How one record sits in a log file, so that a record cut short by a crash, or bytes changed on disk, are found
 * before anything of them is used:
 *
 *   offset  0  magic      4 bytes  "CSWL"
 *           4  length     u32 LE   bytes of payload
 *           8  batch      u32 LE   the write (group commit) the record went out in, modulo 2^32
 *          12  remaining  u32 LE   records after this one in the same write
 *          16  checksum   u32 LE   CRC-32 of bytes 4..15 and the payload
 *          20  payload    UTF-8 JSON of the record
 *
 * The checksum covers the length, so a changed length is caught too. The magic lets a reader look past a damaged
 * record for good ones, to tell a torn tail (nothing good after it) from damage in the middle. The batch and
 * remaining fields tell a torn last write apart from damage in the middle: records of one unfinished write may
 * reach the disk in any order, so good records after a bad one are harmless when they all belong to that write.
 */
export const FRAME_MAGIC = Buffer.from('CSWL', 'latin1');
export const FRAME_HEADER_BYTES = 20;
/** No record is this large (a batch is at most 100 documents); a bigger length is damage, not a record. */
export const MAX_PAYLOAD_BYTES = 256 * 1024 * 1024;

export interface FrameInfo {
  batch: number;
  remaining: number;
}

/** One record framed for the log. */
export function encodeFrame(payload: Buffer, { batch, remaining }: FrameInfo): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  FRAME_MAGIC.copy(frame, 0);
  frame.writeUInt32LE(payload.length, 4);
  frame.writeUInt32LE(batch >>> 0, 8);
  frame.writeUInt32LE(remaining, 12);
  payload.copy(frame, FRAME_HEADER_BYTES);
  frame.writeUInt32LE(frameChecksum(frame.subarray(4, 16), payload), 16);
  return frame;
}

function frameChecksum(header: Buffer, payload: Buffer): number {
  return crc32(payload, crc32(header)) >>> 0;
}

export interface Frame extends FrameInfo {
  /** Where the frame starts in the buffer scanned. */
  offset: number;
  /** Where it ends (the next frame's offset). */
  end: number;
  payload: Buffer;
}

export type FrameCheck = { ok: true; frame: Frame } | { ok: false; reason: string; incomplete: boolean };

/** Reads the frame at `offset`, or says why there is no whole, intact frame there. */
export function readFrame(buffer: Buffer, offset: number): FrameCheck {
  const left = buffer.length - offset;
  if (left < FRAME_HEADER_BYTES) {
    return { ok: false, reason: `a record header cut short (${left} of ${FRAME_HEADER_BYTES} bytes)`, incomplete: true };
  }
  if (!buffer.subarray(offset, offset + 4).equals(FRAME_MAGIC)) {
    return { ok: false, reason: 'bytes that do not start a record', incomplete: false };
  }
  const length = buffer.readUInt32LE(offset + 4);
  if (length > MAX_PAYLOAD_BYTES) return { ok: false, reason: `a record length that cannot be right (${length} bytes)`, incomplete: false };
  const end = offset + FRAME_HEADER_BYTES + length;
  if (end > buffer.length) {
    return { ok: false, reason: `a record cut short (${buffer.length - offset} of ${end - offset} bytes)`, incomplete: true };
  }
  const payload = buffer.subarray(offset + FRAME_HEADER_BYTES, end);
  if (frameChecksum(buffer.subarray(offset + 4, offset + 16), payload) !== buffer.readUInt32LE(offset + 16)) {
    return { ok: false, reason: 'a record whose checksum does not match its bytes', incomplete: false };
  }
  return {
    ok: true,
    frame: { offset, end, payload, batch: buffer.readUInt32LE(offset + 8), remaining: buffer.readUInt32LE(offset + 12) },
  };
}

/** Every intact frame that starts somewhere at or after `from` (found by its magic), in order. */
export function intactFramesAfter(buffer: Buffer, from: number): Frame[] {
  const found: Frame[] = [];
  let at = buffer.indexOf(FRAME_MAGIC, from);
  while (at !== -1) {
    const check = readFrame(buffer, at);
    if (check.ok) {
      found.push(check.frame);
      at = buffer.indexOf(FRAME_MAGIC, check.frame.end);
    } else {
      at = buffer.indexOf(FRAME_MAGIC, at + 1);
    }
  }
  return found;
}
