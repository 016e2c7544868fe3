import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What the last crawls learnt of one URL (keyed by its normalised URL). */
export interface UrlState {
  /** The id of the document it was indexed as (its canonical URL's, when it named one); none when not indexed. */
  id?: string;
  etag?: string;
  lastModified?: string;
  /** SHA-256 of the document as last written: the same document again is not written. */
  hash?: string;
  sitemapLastmod?: string;
  /** Links it had that the crawl follows, so an unchanged (304) or failing page still leads to its pages. */
  links?: string[];
}

export interface CrawlState {
  version: 1;
  /** The site the state is of: a state file of another crawl is not reused by mistake. */
  start: string;
  engine: string;
  urls: Record<string, UrlState>;
  /**
   * Ids of documents that are gone from the site but whose delete the service has not confirmed yet: their URLs'
   * entries are dropped, so without this list no later crawl would know to delete them.
   */
  pendingDeletes?: string[];
  lastCrawl?: { finished: string; complete: boolean };
}

export const emptyState = (start: string, engine: string): CrawlState => ({ version: 1, start, engine, urls: {} });

/** The state file, or a new state when there is none. A file of another engine or unreadable JSON is an error. */
export async function readState(file: string, start: string, engine: string): Promise<CrawlState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyState(start, engine);
    throw error;
  }
  let state: CrawlState;
  try {
    state = JSON.parse(text) as CrawlState;
  } catch {
    throw new Error(`The crawl state ${file} is not valid JSON: delete it to crawl from scratch.`);
  }
  if (state?.version !== 1 || typeof state.urls !== 'object' || state.urls === null) {
    throw new Error(`The crawl state ${file} is not one this version reads: delete it to crawl from scratch.`);
  }
  if (state.engine !== engine) {
    throw new Error(`The crawl state ${file} belongs to engine "${state.engine}", not "${engine}": give each crawl its own --state file.`);
  }
  return { ...state, start };
}

/**
 * Writes the state whole to a temporary file beside it, then renames it over the old one: a crash mid-write leaves
 * the previous state, never half a file. Writes are serialised so an older state never lands after a newer one.
 */
export function stateWriter(file: string): (state: CrawlState) => Promise<void> {
  return jsonFileWriter<CrawlState>(file);
}

/** A writer of one JSON file, atomic and serialised as `stateWriter` says. */
export function jsonFileWriter<T>(file: string): (value: T) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  let counter = 0;
  return (value) => {
    const text = JSON.stringify(value);
    // A failed write is reported to its caller; the next one still runs.
    queue = queue.catch(() => undefined).then(async () => {
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${counter++}.tmp`;
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, file);
    });
    return queue;
  };
}
