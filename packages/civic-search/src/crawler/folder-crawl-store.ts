import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KEPT_PAGES, KEPT_RUNS, withNewest, type CrawlHistory } from './crawl-history';
import { jsonFileWriter, readState, stateWriter } from './crawl-state';
import type { CrawlLease, CrawlStore } from './crawl-store';

/** An engine's state file in the data folder: the file `civic-search crawl --data` reads and writes too. */
export const stateFileOf = (dataDir: string, engine: string) => join(dataDir, `crawl-${engine}.json`);
/** Its history beside it. Engine names hold no dots, so no engine's state file can take this name. */
export const historyFileOf = (dataDir: string, engine: string) => join(dataDir, `crawl-${engine}.history.json`);

interface HistoryFile extends CrawlHistory {
  version: 1;
}

/**
 * The crawl store of the embedded backend: files in the data folder, which one service process owns. The state
 * is `crawl-<engine>.json` as before; the history `crawl-<engine>.history.json`, so it outlives a restart. The
 * lease is kept in this process's memory: no other process serves the same data folder, and within this one it
 * still keeps a scheduled run from starting while another holder crawls the engine.
 */
export function openFolderCrawlStore(dataDir: string, now: () => number = Date.now): CrawlStore {
  const histories = new Map<string, { read: Promise<CrawlHistory>; write: (value: HistoryFile) => Promise<void> }>();
  const leases = new Map<string, { holder: string; expiresAt: number }>();

  const historyOf = (engine: string) => {
    let entry = histories.get(engine);
    if (!entry) {
      const file = historyFileOf(dataDir, engine);
      entry = { read: readHistory(file), write: jsonFileWriter<HistoryFile>(file) };
      histories.set(engine, entry);
    }
    return entry;
  };
  /** Adds a record to the history, in memory at once (later reads see it) and then on disk. */
  const add = async (engine: string, change: (history: CrawlHistory) => CrawlHistory) => {
    const entry = historyOf(engine);
    const next = entry.read.then(change);
    entry.read = next;
    await entry.write({ version: 1, ...(await next) });
  };
  const current = (engine: string) => {
    const lease = leases.get(engine);
    return lease && lease.expiresAt > now() ? lease : undefined;
  };

  return {
    kind: 'files',
    async loadState(engine, start) {
      const file = stateFileOf(dataDir, engine);
      return { state: await readState(file, start, engine), save: stateWriter(file) };
    },
    async history(engine) {
      const { runs, pages } = await historyOf(engine).read;
      return { runs: [...runs], pages: [...pages] };
    },
    addRun: (engine, record) => add(engine, (history) => ({ ...history, runs: withNewest(history.runs, record, KEPT_RUNS) })),
    addPage: (engine, record) => add(engine, (history) => ({ ...history, pages: withNewest(history.pages, record, KEPT_PAGES) })),
    async takeLease(engine, holder, ttlMs) {
      const held = current(engine);
      if (held && held.holder !== holder) return undefined;
      const lease = { holder, expiresAt: now() + ttlMs };
      leases.set(engine, lease);
      const ours = () => leases.get(engine) === lease;
      const taken: CrawlLease = {
        holder,
        async renew() {
          if (!ours()) return false;
          lease.expiresAt = now() + ttlMs;
          return true;
        },
        async release() {
          if (ours()) leases.delete(engine);
        },
      };
      return taken;
    },
    async leaseHolder(engine) {
      return current(engine)?.holder;
    },
    async close() {
      await Promise.all([...histories.values()].map((entry) => entry.read.catch(() => undefined)));
    },
  };
}

/** A history file, or an empty history when there is none. An unreadable one is reported, not silently replaced. */
async function readHistory(file: string): Promise<CrawlHistory> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { runs: [], pages: [] };
    throw error;
  }
  let history: HistoryFile;
  try {
    history = JSON.parse(text) as HistoryFile;
  } catch {
    throw new Error(`The crawl history ${file} is not valid JSON: delete it to start an empty history.`);
  }
  if (history?.version !== 1 || !Array.isArray(history.runs) || !Array.isArray(history.pages)) {
    throw new Error(`The crawl history ${file} is not one this version reads: delete it to start an empty history.`);
  }
  return { runs: history.runs, pages: history.pages };
}
