import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteDocument } from '../types';
import {
  buildEngineIndex,
  INDEX_FORMAT_VERSION,
  loadEngineIndex,
  PAGE_TEXT_FIELDS,
  saveEngineIndex,
  type EngineIndex,
  type SavedIndex,
  type TextFields,
} from './engine-index';
import { DEFAULT_LANGUAGE, languageLabel, type Language, type TextAnalyzer } from './languages';
import { englishAnalyzer } from './text-analysis';

export interface StoredIndex {
  index: EngineIndex;
  /** 'loaded' from disk (same documents as last time) or 'built' (first start, or the documents changed). */
  source: 'loaded' | 'built';
  /** Why a saved index was not used or could not be saved, if so. */
  note?: string;
}

export interface LoadOrBuildOptions {
  /** The engine's analysis (default English). */
  analyzer?: TextAnalyzer;
  /** Aborting stops a load or build between its steps, with the signal's reason. */
  signal?: AbortSignal;
  /** The fields indexed as text (default: content pages' title, summary and body). */
  text?: TextFields;
}

/** The file an engine's index is kept in. */
export function indexFile(dataDir: string, engine: string): string {
  return join(dataDir, `${engine}.index.json`);
}

/**
 * A saved index starts with its format, the hash of the documents it was built from, and a SHA-256 of every byte
 * after this header. It is still one JSON object: `{"format":3,"hash":"…","checksum":"…","postings":…}`.
 */
const STALENESS_HEADER = /^\{"format":(\d+),"hash":"([0-9a-f]*)"/;
const HEADER = /^\{"format":(\d+),"hash":"([0-9a-f]{64})","checksum":"([0-9a-f]{64})",/;
const HEADER_BYTES = 256;

/** The format and hash a saved index starts with, when it starts as `saveIndex` writes it. */
async function readHeader(file: string): Promise<{ format: number; hash: string } | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    const match = STALENESS_HEADER.exec(buffer.subarray(0, bytesRead).toString('utf8'));
    return match ? { format: Number(match[1]), hash: match[2] } : undefined;
  } finally {
    await handle.close();
  }
}

/** A hash of the documents, the language and the index format: equal hashes mean the saved index fits. */
export function documentsHash(
  documents: readonly SiteDocument[],
  language: Language = DEFAULT_LANGUAGE,
  textFields: readonly string[] = PAGE_TEXT_FIELDS.fields,
): string {
  const hash = createHash('sha256');
  hash.update(`format ${INDEX_FORMAT_VERSION}\nlanguage ${languageLabel(language)}\ntext ${textFields.join(',')}\n`);
  for (const document of documents) hash.update(`${JSON.stringify(document)}\n`);
  return hash.digest('hex');
}

/** A saved index that parses but whose bytes are not the ones written: never trusted. */
class DamagedIndexError extends Error {}

/** The saved index in `bytes`, after checking its checksum; throws DamagedIndexError when they do not agree. */
function verifiedIndex(bytes: Buffer): SavedIndex {
  const header = HEADER.exec(bytes.subarray(0, HEADER_BYTES).toString('latin1'));
  if (!header) throw new DamagedIndexError('its header is not as written');
  const actual = createHash('sha256').update(bytes.subarray(header[0].length)).digest('hex');
  if (actual !== header[3]) throw new DamagedIndexError('its checksum does not match its contents');
  return JSON.parse(bytes.toString('utf8')) as SavedIndex;
}

/** Writes the index beside the file, then renames it over: a crash never leaves half a file. */
async function saveIndex(file: string, dataDir: string, index: EngineIndex, hash: string): Promise<void> {
  const { postings, vocabulary } = saveEngineIndex(index, hash);
  const body = JSON.stringify({ postings, vocabulary }).slice(1);
  const checksum = createHash('sha256').update(body).digest('hex');
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `{"format":${INDEX_FORMAT_VERSION},"hash":"${hash}","checksum":"${checksum}",${body}`);
  await rename(temporary, file);
}

/**
 * The engine's index: loaded from `dataDir` when it was saved for the same documents and language, otherwise built
 * and saved. A missing or stale file just means a rebuild. A file whose checksum fails (damaged on disk, or edited)
 * or that does not read is never used: the rebuild is reported on the console, naming the file. A failed save is
 * reported in `note` and does not stop search.
 */
export async function loadOrBuildIndex(
  engine: string,
  documents: readonly SiteDocument[],
  dataDir: string,
  { analyzer = englishAnalyzer, signal, text = PAGE_TEXT_FIELDS }: LoadOrBuildOptions = {},
): Promise<StoredIndex> {
  const file = indexFile(dataDir, engine);
  const hash = documentsHash(documents, analyzer.language, text.fields);
  let note: string | undefined;
  signal?.throwIfAborted();
  try {
    // The file starts with its format and hash: a stale index (tens of megabytes) is not read, let alone parsed.
    const header = await readHeader(file);
    if (header !== undefined && (header.format !== INDEX_FORMAT_VERSION || header.hash !== hash)) {
      note = 'the documents changed since the index was saved';
    } else {
      const bytes = await readFile(file);
      signal?.throwIfAborted();
      const saved = verifiedIndex(bytes);
      signal?.throwIfAborted();
      if (saved.format !== INDEX_FORMAT_VERSION || saved.hash !== hash)
        throw new DamagedIndexError('its header does not match its contents');
      return { index: loadEngineIndex(saved, documents, analyzer, text), source: 'loaded' };
    }
  } catch (error) {
    signal?.throwIfAborted();
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') note = 'no saved index';
    else {
      const reason = error instanceof DamagedIndexError ? `damaged: ${error.message}` : (error as Error).message;
      note = `saved index unreadable (${reason})`;
      console.error(`search: the saved index ${file} of engine "${engine}" cannot be used (${reason}); rebuilding it from the documents.`);
    }
  }
  const index = await buildEngineIndex(documents, analyzer, signal, text);
  signal?.throwIfAborted();
  try {
    await saveIndex(file, dataDir, index, hash);
  } catch (error) {
    note = `index built but not saved: ${(error as Error).message}`;
  }
  return { index, source: 'built', note };
}

/**
 * Saves an index that took writes, for the documents it holds now (its live documents in its order, which is the
 * order the store keeps them in), so the next start with the same documents loads it instead of building it.
 */
export async function saveWrittenIndex(engine: string, index: EngineIndex, dataDir: string): Promise<void> {
  const compact = index.drift > 0 ? index.compacted() : index;
  const hash = documentsHash(compact.documents, compact.analyzer.language, compact.text.fields);
  await saveIndex(indexFile(dataDir, engine), dataDir, compact, hash);
}
