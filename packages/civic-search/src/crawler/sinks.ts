import type { EngineDocument } from '../engines/documents-file';
import type { EngineAdmin } from '../engines/engine-admin';
import type { EngineSchema, FieldType } from '../engines/engine-schema';
import { checkNewDocuments, withinSizeLimit } from '../write-api/document-checks';

/** A crawled document with the id the crawler gave it. */
export type SinkDocument = EngineDocument & { url: string };

/** Where a crawl's documents go: the documents API of a running service, or a service opened in this process. */
export interface DocumentSink {
  /** For messages: the service and engine written to (never the key). */
  readonly description: string;
  /** Creates the engine with `schema` when it is missing, and adds the fields of `schema` an existing one lacks. */
  prepare(schema: EngineSchema): Promise<void>;
  /** Creates or replaces documents (at most 100); resolves with each document's errors, empty when written. */
  put(documents: readonly SinkDocument[]): Promise<string[][]>;
  /** Deletes documents by id (at most 100); ids already gone are fine. */
  delete(ids: readonly string[]): Promise<void>;
}

const missingFields = (schema: EngineSchema, existing: EngineSchema) =>
  Object.fromEntries(Object.entries(schema).filter(([field]) => !(field in existing))) as Record<string, FieldType>;

/** A service's answer that was not what the documents API gives: its status and App Search's errors, never more. */
export class SinkError extends Error {
  override name = 'SinkError';
}

export interface HttpSinkOptions {
  /** The service's base URL, e.g. `https://search.example.govt.nz` (the API is under `/api/as/v1`). */
  service: string;
  engine: string;
  privateKey: string;
  /** Its own fetch, never the crawler's page fetcher (tests inject one). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Writes through a running service's documents API with `Authorization: Bearer <private key>`. Every request goes
 * to the service's own origin, built here from the configured base, and redirects are refused rather than
 * followed, so the key can only ever reach that origin: nothing a crawled site says can send it elsewhere.
 */
export function httpSink(options: HttpSinkOptions): DocumentSink {
  const base = new URL(options.service);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`--service ${options.service}: give an http(s) URL.`);
  if (base.username || base.password) throw new Error('--service: give the URL without credentials (the key goes in --private-key-file).');
  const origin = base.origin;
  const prefix = base.pathname.replace(/\/+$/, '');
  const engine = encodeURIComponent(options.engine);
  const fetcher = options.fetch ?? fetch;
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; value: unknown }> => {
    const response = await fetcher(`${origin}${prefix}/api/as/v1${path}`, {
      method,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      headers: {
        Authorization: `Bearer ${options.privateKey}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let value: unknown;
    try {
      value = text ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    return { status: response.status, value };
  };
  const expect = (answer: { status: number; value: unknown }, what: string) => {
    if (answer.status === 200) return answer.value;
    const record = (answer.value ?? {}) as { errors?: unknown; error?: unknown };
    const messages = Array.isArray(record.errors) ? record.errors.join('; ') : typeof record.error === 'string' ? record.error : '';
    throw new SinkError(`${what}: the service answered ${answer.status}${messages ? ` (${messages})` : ''}`);
  };
  return {
    description: `engine "${options.engine}" at ${origin}${prefix}`,
    async prepare(schema) {
      const info = await call('GET', `/engines/${engine}`);
      if (info.status === 404) expect(await call('POST', '/engines', { name: options.engine, language: 'en' }), 'creating the engine');
      else expect(info, 'reading the engine');
      const existing = expect(await call('GET', `/engines/${engine}/schema`), 'reading the schema') as EngineSchema;
      const missing = missingFields(schema, existing ?? {});
      if (Object.keys(missing).length > 0) expect(await call('POST', `/engines/${engine}/schema`, missing), 'adding the crawl fields');
    },
    async put(documents) {
      const answer = expect(await call('POST', `/engines/${engine}/documents`, documents), 'writing documents') as Array<{ errors?: string[] }>;
      return documents.map((_, index) => answer?.[index]?.errors ?? ['the service gave no answer for this document']);
    },
    async delete(ids) {
      expect(await call('DELETE', `/engines/${engine}/documents`, ids), 'deleting documents');
    },
  };
}

/**
 * Writes through a service's admin interface in this process (`--data`, and the service's own scheduled crawls),
 * with the write API's own document checks, so a document is refused here exactly as over HTTP.
 */
export function adminSink(admin: EngineAdmin, engine: string): DocumentSink {
  return {
    description: `engine "${engine}"`,
    async prepare(schema) {
      if (!(await admin.engineInfo(engine))) await admin.createEngine(engine, 'en');
      const missing = missingFields(schema, await admin.schema(engine));
      if (Object.keys(missing).length > 0) await admin.updateSchema(engine, missing);
    },
    async put(documents) {
      const { results, accepted } = checkNewDocuments(documents, await admin.schema(engine));
      const errors = results.map((result) => [...result.errors]);
      const sized = accepted.filter((document) => {
        if (withinSizeLimit(document)) return true;
        errors[documents.findIndex((candidate) => candidate.id === document.id)].push('Document exceeds maximum size');
        return false;
      });
      if (sized.length > 0) await admin.putDocuments(engine, sized);
      return errors;
    },
    async delete(ids) {
      if (ids.length > 0) await admin.deleteDocuments(engine, ids);
    },
  };
}
