import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { normaliseQuery } from './suggestions';

/** One click on a result, as stored: one JSON object per line. */
export interface ClickRecord {
  engine: string;
  query: string;
  document_id: string;
  request_id?: string;
  tags: string[];
  /** ISO 8601 timestamp. */
  at: string;
}

export interface ClickStore {
  /** Appends the click to the file (resolves once written) and counts its query. */
  record(click: Omit<ClickRecord, 'at'>, at?: Date): Promise<ClickRecord>;
  /** Normalised query → clicks, for one engine. */
  popularQueries(engine: string): ReadonlyMap<string, number>;
  /** Clicks read at start plus those recorded since. */
  readonly count: number;
  /** Lines of the file that could not be read at start (skipped). */
  readonly skippedLines: number;
  /** Waits for pending writes. */
  flush(): Promise<void>;
}

/** Distinct queries counted per engine, so a flood of made-up queries cannot exhaust memory. */
export const POPULAR_QUERIES_LIMIT = 10_000;

/**
 * An append-only JSON-lines file of clicks. At start every line is read back (a corrupt or half-written line is
 * skipped, and sealed with a newline so the next click starts a line of its own); the queries' click counts feed
 * suggestions. Writes are queued, so lines never interleave.
 */
export async function openClickStore(file: string): Promise<ClickStore> {
  const popular = new Map<string, Map<string, number>>();
  let count = 0;
  let skippedLines = 0;

  const countQuery = (engine: string, query: string) => {
    const normalised = normaliseQuery(query);
    if (normalised === '') return;
    let queries = popular.get(engine);
    if (!queries) popular.set(engine, (queries = new Map()));
    const current = queries.get(normalised);
    if (current !== undefined) queries.set(normalised, current + 1);
    else if (queries.size < POPULAR_QUERIES_LIMIT) queries.set(normalised, 1);
  };

  await mkdir(dirname(file), { recursive: true });
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  for (const line of existing.split('\n')) {
    if (line.trim() === '') continue;
    const click = parseClickLine(line);
    if (!click) {
      skippedLines++;
      continue;
    }
    count++;
    countQuery(click.engine, click.query);
  }
  let writes: Promise<unknown> = existing !== '' && !existing.endsWith('\n') ? appendFile(file, '\n') : Promise.resolve();

  return {
    async record(click, at = new Date()) {
      const record: ClickRecord = {
        engine: click.engine,
        query: click.query,
        document_id: click.document_id,
        ...(click.request_id !== undefined ? { request_id: click.request_id } : {}),
        tags: click.tags,
        at: at.toISOString(),
      };
      const written = writes.then(() => appendFile(file, `${JSON.stringify(record)}\n`));
      writes = written.catch(() => undefined);
      await written;
      count++;
      countQuery(record.engine, record.query);
      return record;
    },
    popularQueries: (engine) => popular.get(engine) ?? new Map(),
    get count() {
      return count;
    },
    get skippedLines() {
      return skippedLines;
    },
    flush: () => writes.then(() => undefined),
  };
}

/** A stored line back as a click, or undefined when it is not one. */
export function parseClickLine(line: string): ClickRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const click = value as Record<string, unknown>;
  const isString = (field: string) => typeof click[field] === 'string';
  if (!isString('engine') || !isString('query') || !isString('document_id') || !isString('at')) return undefined;
  if (click.request_id !== undefined && !isString('request_id')) return undefined;
  if (!Array.isArray(click.tags) || !click.tags.every((tag) => typeof tag === 'string')) return undefined;
  return click as unknown as ClickRecord;
}
