import type { EngineDocument } from './documents-file';
import type { EngineSchema, FieldType } from './engine-schema';

/**
 * What the write API asks of a backend that keeps engines and their documents: App Search's engines, schema and
 * documents endpoints without HTTP. Requests arrive checked (names, field names, value types, sizes); an
 * implementation keeps what it acknowledged (a resolved promise means the change is durable) and makes it
 * searchable soon after, never blocking searches meanwhile.
 */
export interface EngineAdmin {
  /** Every engine, by name. */
  listEngines(): Promise<EngineInfo[]>;
  /** One engine, or undefined when there is none of that name. */
  engineInfo(name: string): Promise<EngineInfo | undefined>;
  /** Makes an empty engine (no schema yet). Rejects with EngineExistsError when the name is taken. */
  createEngine(name: string, language: string | null): Promise<EngineInfo>;
  /** Removes an engine with its documents and index; false when there was none. */
  deleteEngine(name: string): Promise<boolean>;
  /** The engine's schema; rejects with UnknownEngineError for an unknown engine. */
  schema(engine: string): Promise<EngineSchema>;
  /**
   * Adds fields and changes types (only the fields named change). A type change re-indexes the engine's documents
   * in the background; searches keep answering meanwhile. Resolves with the whole schema after the change.
   */
  updateSchema(engine: string, fields: Readonly<Record<string, FieldType>>): Promise<EngineSchema>;
  /**
   * Creates or replaces documents (each has its id; the caller checked them against the schema). Fields the schema
   * lacks are added to it as `text` first, as App Search does.
   */
  putDocuments(engine: string, documents: readonly EngineDocument[]): Promise<void>;
  /**
   * Partial updates: each patch's fields replace the stored document's (fields not named are kept). Resolves with,
   * per patch, whether its document existed (a missing one is not created).
   */
  patchDocuments(engine: string, patches: readonly EngineDocument[]): Promise<boolean[]>;
  /** The documents with these ids, in order; null where there is none. */
  getDocuments(engine: string, ids: readonly string[]): Promise<(EngineDocument | null)[]>;
  /** A page of the engine's documents (pages from 1), in a stable order, with the total count. */
  listDocuments(engine: string, page: { current: number; size: number }): Promise<{ documents: EngineDocument[]; total: number }>;
  /** Deletes documents by id; resolves with, per id, whether it existed. */
  deleteDocuments(engine: string, ids: readonly string[]): Promise<boolean[]>;
}

/** An engine as App Search lists it. */
export interface EngineInfo {
  name: string;
  /** A meta engine searches its source engines and holds no documents of its own. */
  type: 'default' | 'meta';
  /** A meta engine's sources. */
  source_engines?: string[];
  /** App Search's language code, or null for universal. */
  language: string | null;
  document_count: number;
}

/** Creating an engine whose name is taken. */
export class EngineExistsError extends Error {
  override name = 'EngineExistsError';
  constructor(readonly engine: string) {
    super('Name is already taken');
  }
}

/** Whether a backend also takes writes. */
export function isEngineAdmin(value: unknown): value is EngineAdmin {
  return typeof value === 'object' && value !== null && typeof (value as EngineAdmin).putDocuments === 'function';
}

/**
 * Some documents of a write were refused by the backend itself (say a cluster refused a value), after the request's
 * own checks passed: the others were written. `errors` follows the documents given, empty for each one written.
 */
export class DocumentsRejectedError extends Error {
  override name = 'DocumentsRejectedError';
  constructor(
    readonly ids: readonly string[],
    readonly errors: readonly (readonly string[])[],
  ) {
    const refused = ids.flatMap((id, index) => (errors[index].length > 0 ? [`${id}: ${errors[index].join('; ')}`] : []));
    super(`${refused.length} of ${ids.length} documents were not written: ${refused.join(' | ')}`);
  }
}
