import type { EngineDefinition } from '../engines/engine-definition';
import type { EngineDocument } from '../engines/documents-file';
import type { FieldType } from '../engines/engine-schema';

/**
 * One change as the log keeps it. Each record holds its whole effect, worked out before it was written (a patch
 * as the merged documents, a put with the schema fields it adds), so replaying it needs nothing but the state
 * before it, and replaying it twice leaves the same state as once.
 */
export type StoreRecord =
  /** A new, empty engine (any engine of that name and its documents are gone first). */
  | { op: 'create'; definition: EngineDefinition }
  /** Sets an engine's definition from configuration, keeping its documents; makes the engine when absent. */
  | { op: 'define'; definition: EngineDefinition }
  | { op: 'drop'; engine: string }
  /** Fields added or retyped (only those named). */
  | { op: 'schema'; engine: string; fields: Record<string, FieldType> }
  /** Whole documents, created or replaced by id, and the fields they add to the schema. */
  | { op: 'put'; engine: string; fields: Record<string, FieldType>; documents: EngineDocument[] }
  | { op: 'delete'; engine: string; ids: string[] };

const OPS = new Set(['create', 'define', 'drop', 'schema', 'put', 'delete']);

export function encodeRecord(record: StoreRecord): Buffer {
  return Buffer.from(JSON.stringify(record), 'utf8');
}

/** The record in a frame's payload; throws when the bytes are not one (damage the checksum did not catch). */
export function decodeRecord(payload: Buffer): StoreRecord {
  const record = JSON.parse(payload.toString('utf8')) as StoreRecord;
  if (typeof record !== 'object' || record === null || !OPS.has(record.op)) throw new Error('not a store record');
  return record;
}
