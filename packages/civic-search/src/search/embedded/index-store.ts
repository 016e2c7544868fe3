import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteDocument } from '../types';
import {
  buildEngineIndex,
  INDEX_FORMAT_VERSION,
  loadEngineIndex,
  saveEngineIndex,
  type EngineIndex,
  type SavedIndex,
} from './engine-index';

export interface StoredIndex {
  index: EngineIndex;
  /** 'loaded' from disk (same documents as last time) or 'built' (first start, or the documents changed). */
  source: 'loaded' | 'built';
  /** Why a saved index was not used or could not be saved, if so. */
  note?: string;
}

/** The file an engine's index is kept in. */
export function indexFile(dataDir: string, engine: string): string {
  return join(dataDir, `${engine}.index.json`);
}

const HEADER = /^\{"format":(\d+),"hash":"([0-9a-f]*)"/;
const HEADER_BYTES = 256;

/** The format and hash a saved index starts with, when it starts as `saveEngineIndex` writes it. */
async function readHeader(file: string): Promise<{ format: number; hash: string } | undefined> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    const match = HEADER.exec(buffer.subarray(0, bytesRead).toString('utf8'));
    return match ? { format: Number(match[1]), hash: match[2] } : undefined;
  } finally {
    await handle.close();
  }
}

/** A hash of the documents and the index format: equal hashes mean the saved index fits these documents. */
export function documentsHash(documents: readonly SiteDocument[]): string {
  const hash = createHash('sha256');
  hash.update(`format ${INDEX_FORMAT_VERSION}\n`);
  for (const document of documents) hash.update(`${JSON.stringify(document)}\n`);
  return hash.digest('hex');
}

/**
 * The engine's index: loaded from `dataDir` when it was saved for the same documents, otherwise built and saved
 * (written beside, then renamed, so a crash never leaves half a file). A missing, unreadable or stale file just
 * means a rebuild; a failed save is reported in `note` and does not stop search.
 */
export async function loadOrBuildIndex(engine: string, documents: readonly SiteDocument[], dataDir: string): Promise<StoredIndex> {
  const file = indexFile(dataDir, engine);
  const hash = documentsHash(documents);
  let note: string | undefined;
  try {
    // The file starts with its format and hash: a stale index (tens of megabytes) is not read, let alone parsed.
    const header = await readHeader(file);
    const stale = header !== undefined && (header.format !== INDEX_FORMAT_VERSION || header.hash !== hash);
    const saved = stale ? undefined : (JSON.parse(await readFile(file, 'utf8')) as SavedIndex);
    if (saved && saved.format === INDEX_FORMAT_VERSION && saved.hash === hash)
      return { index: loadEngineIndex(saved, documents), source: 'loaded' };
    note = 'the documents changed since the index was saved';
  } catch (error) {
    note = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no saved index' : `saved index unreadable: ${(error as Error).message}`;
  }
  const index = await buildEngineIndex(documents);
  try {
    await mkdir(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(saveEngineIndex(index, hash)));
    await rename(temporary, file);
  } catch (error) {
    note = `index built but not saved: ${(error as Error).message}`;
  }
  return { index, source: 'built', note };
}
