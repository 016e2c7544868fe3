import { appendFile, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readLines } from './log-lines';
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

/**
 * What a compacted log keeps of many clicks: per engine and (normalised) query, the clicks and how they fell on
 * documents, and when the last one came. One JSON object per line, beside or instead of click lines.
 */
export interface ClickTallyRecord {
  engine: string;
  query: string;
  clicks: number;
  documents: [documentId: string, clicks: number][];
  at: string;
}

export interface ClickStore {
  /** Appends the click (its fields capped) to the file, resolves once written, and counts its query. */
  record(click: Omit<ClickRecord, 'at'>, at?: Date): Promise<ClickRecord>;
  /** Normalised query → clicks, for one engine (while the log is read at start: the clicks read so far). */
  popularQueries(engine: string): ReadonlyMap<string, number>;
  /** Document id → clicks, for one engine and normalised query. */
  documentClicks(engine: string, query: string): ReadonlyMap<string, number>;
  /** Clicks read at start (so far) plus those recorded since. */
  readonly count: number;
  /** Lines of the file that could not be read at start (skipped). */
  readonly skippedLines: number;
  /** Times the log was rewritten compact since it was opened. */
  readonly compactions: number;
  /** Resolves once the log as it was at opening has been read; rejects when it could not be. */
  readonly loaded: Promise<void>;
  /** Waits for pending writes (and a compaction under way). */
  flush(): Promise<void>;
}

export interface ClickStoreOptions {
  /** How queries are counted: their normalised form for the engine's language (default: English words). */
  normalise?: (engine: string, query: string) => string;
  /** The log is rewritten compact once it grows past this (default 8 MB) and past twice its last compact size. */
  compactAboveBytes?: number;
  /** Aborting stops reading the log (a shutdown need not wait for it). */
  signal?: AbortSignal;
}

/** What one stored click may hold: a click with a long query or many long tags cannot grow the log much. */
export const CLICK_LIMITS = Object.freeze({
  queryMaxLength: 128,
  idMaxLength: 256,
  engineMaxLength: 64,
  tagsMax: 16,
  tagMaxLength: 64,
  /** All of a click's tags together. */
  tagsTotalLength: 256,
});
/** Distinct queries counted per engine, so a flood of made-up queries cannot exhaust memory. */
export const POPULAR_QUERIES_LIMIT = 10_000;
/** Documents whose clicks are told apart per query (more still count in the query's clicks). */
export const DOCUMENTS_PER_QUERY_LIMIT = 50;
/** Engines counted (the backend records clicks only for its own). */
const ENGINES_LIMIT = 100;
export const DEFAULT_COMPACT_ABOVE_BYTES = 8 * 1024 * 1024;
const COMPACT_WRITE_BYTES = 1024 * 1024;
const TEMPORARY_SUFFIX = '.compacting';

interface QueryTally {
  clicks: number;
  documents: Map<string, number>;
  last: string;
}

/**
 * An append-only JSON-lines file of clicks. At start the log is read back line by line in the background (a
 * corrupt, half-written or over-long line is skipped; a half-written last line is sealed with a newline so the next
 * click starts a line of its own); clicks recorded meanwhile are appended and counted at once. The queries' click
 * counts feed suggestions. Writes are queued, so lines never interleave. When the log grows past a threshold it is
 * rewritten compact (one line per engine and query with its clicks per document: what suggestions and relevance
 * use; request ids, tags and the time of each click go) to a temporary file that then replaces it, so it stays small
 * however long the site runs, and a crash mid-way leaves the previous log whole.
 */
export function createClickStore(file: string, options: ClickStoreOptions = {}): ClickStore {
  const { normalise = (_engine: string, query: string) => normaliseQuery(query), signal } = options;
  const compactAboveBytes = options.compactAboveBytes ?? DEFAULT_COMPACT_ABOVE_BYTES;
  const tallies = new Map<string, Map<string, QueryTally>>();
  const totals = new Map<string, Map<string, number>>();
  let count = 0;
  let skippedLines = 0;
  let compactions = 0;
  let fileBytes = 0;
  let compactedBytes = 0;
  let isLoaded = false;

  const tally = (entry: ClickTallyRecord) => {
    count += entry.clicks;
    const query = normalise(entry.engine, entry.query);
    if (query === '') return;
    let queries = tallies.get(entry.engine);
    if (!queries) {
      if (tallies.size >= ENGINES_LIMIT) return;
      tallies.set(entry.engine, (queries = new Map()));
      totals.set(entry.engine, new Map());
    }
    let current = queries.get(query);
    if (!current) {
      if (queries.size >= POPULAR_QUERIES_LIMIT) return;
      queries.set(query, (current = { clicks: 0, documents: new Map(), last: entry.at }));
    }
    current.clicks += entry.clicks;
    totals.get(entry.engine)!.set(query, current.clicks);
    for (const [documentId, clicks] of entry.documents) {
      const known = current.documents.get(documentId);
      if (known !== undefined) current.documents.set(documentId, known + clicks);
      else if (current.documents.size < DOCUMENTS_PER_QUERY_LIMIT) current.documents.set(documentId, clicks);
    }
    if (entry.at > current.last) current.last = entry.at;
  };

  // Opening: the folder, the log's size now (only those bytes are read back: clicks appended later are counted as
  // they are written), and whether its last line needs sealing.
  const opened = (async () => {
    await mkdir(dirname(file), { recursive: true });
    await removeLeftovers(file);
    const size = await stat(file).then(
      (stats) => stats.size,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return 0;
        throw error;
      },
    );
    fileBytes = size;
    if (size > 0 && (await lastByte(file, size)) !== 0x0a) {
      await appendFile(file, '\n');
      fileBytes++;
    }
    return size;
  })();

  let queue: Promise<unknown> = opened;
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const done = queue.then(task);
    queue = done.catch(() => undefined);
    return done;
  };

  const compact = async () => {
    const temporary = `${file}.${process.pid}${TEMPORARY_SUFFIX}`;
    const handle = await open(temporary, 'w');
    let bytes = 0;
    try {
      let batch = '';
      const write = async () => {
        await handle.write(batch);
        bytes += Buffer.byteLength(batch);
        batch = '';
      };
      for (const [engine, queries] of tallies) {
        for (const [query, { clicks, documents, last }] of queries) {
          const line: ClickTallyRecord = { engine, query, clicks, documents: [...documents], at: last };
          batch += `${JSON.stringify(line)}\n`;
          if (batch.length >= COMPACT_WRITE_BYTES) await write();
        }
      }
      await write();
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    fileBytes = bytes;
    compactedBytes = bytes;
    compactions++;
  };
  const compactIfLarge = async () => {
    if (isLoaded && fileBytes > Math.max(compactAboveBytes, 2 * compactedBytes)) await compact();
  };

  const loaded = opened.then(async (size) => {
    await readLines(
      file,
      size,
      {
        onLine(line) {
          if (line.trim() === '') return;
          const entry = parseStoredLine(line);
          if (entry) tally(entry);
          else skippedLines++;
        },
        onOverlong: () => skippedLines++,
      },
      signal,
    );
    isLoaded = true;
    // A long log met at start is compacted then; the site answers meanwhile (the rewrite is asynchronous).
    void enqueue(compactIfLarge).catch((error: Error) =>
      console.error(`search: the click log ${file} could not be compacted: ${error.message}`),
    );
  });
  loaded.catch(() => undefined);

  return {
    record(click, at = new Date()) {
      const record = cappedClick(click, at);
      const line = `${JSON.stringify(record)}\n`;
      return enqueue(async () => {
        await appendFile(file, line);
        fileBytes += Buffer.byteLength(line);
        tally({ engine: record.engine, query: record.query, clicks: 1, documents: [[record.document_id, 1]], at: record.at });
        await compactIfLarge().catch((error: Error) =>
          console.error(`search: the click log ${file} could not be compacted: ${error.message}`),
        );
        return record;
      });
    },
    popularQueries: (engine) => totals.get(engine) ?? new Map(),
    documentClicks: (engine, query) => tallies.get(engine)?.get(query)?.documents ?? new Map(),
    get count() {
      return count;
    },
    get skippedLines() {
      return skippedLines;
    },
    get compactions() {
      return compactions;
    },
    loaded,
    flush: () => queue.then(() => undefined),
  };
}

/** Opens the store and waits until its log has been read (as `createClickStore`, then `loaded`). */
export async function openClickStore(file: string, options: ClickStoreOptions = {}): Promise<ClickStore> {
  const store = createClickStore(file, options);
  await store.loaded;
  return store;
}

const CONTROL_CHARACTERS = /\p{Cc}+/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text cut to `length` UTF-16 units, runs of control characters made one space, and no half of a surrogate pair
 * left (JSON would write each as a six-character escape).
 */
function cappedText(text: string, length: number): string {
  return text.replace(CONTROL_CHARACTERS, ' ').slice(0, length).replace(LONE_SURROGATE, '\uFFFD');
}

/** A click as it is stored: every field capped (see CLICK_LIMITS), control characters out, empty tags dropped. */
export function cappedClick(click: Omit<ClickRecord, 'at'>, at: Date): ClickRecord {
  const tags: string[] = [];
  let tagsLength = 0;
  for (const tag of click.tags.slice(0, CLICK_LIMITS.tagsMax)) {
    const capped = cappedText(tag, CLICK_LIMITS.tagMaxLength).trim();
    if (capped === '' || tagsLength + capped.length > CLICK_LIMITS.tagsTotalLength) continue;
    tags.push(capped);
    tagsLength += capped.length;
  }
  return {
    engine: cappedText(click.engine, CLICK_LIMITS.engineMaxLength),
    query: cappedText(click.query, CLICK_LIMITS.queryMaxLength),
    document_id: cappedText(click.document_id, CLICK_LIMITS.idMaxLength),
    ...(click.request_id !== undefined ? { request_id: cappedText(click.request_id, CLICK_LIMITS.idMaxLength) } : {}),
    tags,
    at: at.toISOString(),
  };
}

/** A stored click line back as a click, or undefined when it is not one. */
export function parseClickLine(line: string): ClickRecord | undefined {
  const click = parseObject(line);
  if (!click) return undefined;
  const isString = (field: string) => typeof click[field] === 'string';
  if (!isString('engine') || !isString('query') || !isString('document_id') || !isString('at')) return undefined;
  if (click.request_id !== undefined && !isString('request_id')) return undefined;
  if (!Array.isArray(click.tags) || !click.tags.every((tag) => typeof tag === 'string')) return undefined;
  return click as unknown as ClickRecord;
}

/** A stored line (a click or a compacted tally) as a tally, or undefined when it is neither. */
export function parseStoredLine(line: string): ClickTallyRecord | undefined {
  const value = parseObject(line);
  if (!value || !('clicks' in value)) {
    const click = parseClickLine(line);
    return click && { engine: click.engine, query: click.query, clicks: 1, documents: [[click.document_id, 1]], at: click.at };
  }
  const { engine, query, clicks, documents, at } = value;
  const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
  if (typeof engine !== 'string' || typeof query !== 'string' || typeof at !== 'string' || !isCount(clicks)) return undefined;
  if (!Array.isArray(documents)) return undefined;
  const valid = documents.every(
    (entry: unknown) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isCount(entry[1]),
  );
  return valid ? { engine, query, clicks, documents: documents as [string, number][], at } : undefined;
}

function parseObject(line: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

async function lastByte(file: string, size: number): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0];
  } finally {
    await handle.close();
  }
}

/** A compaction cut short by a crash leaves its temporary file: removed at the next start (the log itself is whole). */
async function removeLeftovers(file: string): Promise<void> {
  const prefix = `${basename(file)}.`;
  const names = await readdir(dirname(file)).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith(TEMPORARY_SUFFIX))
      .map((name) => unlink(join(dirname(file), name)).catch(() => undefined)),
  );
}
