import { open, readFile, rm } from 'node:fs/promises';
import { inDir, LOCK_NAME, syncDirectory } from './store-files';

/** Another live process holds the store's directory. */
export class StoreLockedError extends Error {
  override name = 'StoreLockedError';
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `The engine store's directory is already open in this process (${file}); close that store first.`
        : `The engine store's directory is in use by process ${pid} (${file}). Stop that process, or remove the lock file if no such process is running.`,
    );
  }
}

export interface StoreLock {
  readonly file: string;
  release(): Promise<void>;
}

/** Whether a process of this id is running (one we may not signal still counts as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: a lock naming our own pid that is not among them was left by an earlier process. */
const heldHere = new Set<string>();

/**
 * One process per store directory: the lock file holds the owner's pid, created exclusively. A lock left by a
 * process that is no longer running (killed, crashed) is taken over. Two processes taking over the same stale lock
 * at the same moment could both succeed; the file is read back after writing to make that window tiny.
 */
export async function takeStoreLock(dir: string): Promise<StoreLock> {
  const file = inDir(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.write(`${process.pid}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await syncDirectory(dir);
      const owner = Number.parseInt(await readFile(file, 'utf8'), 10);
      if (owner !== process.pid) throw new StoreLockedError(file, owner);
      heldHere.add(file);
      return {
        file,
        release: async () => {
          heldHere.delete(file);
          const current = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
          if (current === process.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(file, 'utf8').catch(() => '');
    const pid = Number.parseInt(text, 10);
    // An empty or unreadable lock is one whose owner died while writing it. Our own pid on a lock we do not hold is
    // an earlier process's: a service restarted in a container often gets the same pid as the one killed.
    const live = pid === process.pid ? heldHere.has(file) : Number.isInteger(pid) && pid > 0 && isRunning(pid);
    if (live) throw new StoreLockedError(file, pid);
    const owner =
      pid === process.pid
        ? `this process (a search worker that was replaced, or an earlier process given the same pid)`
        : `process ${text.trim() || '(none)'}, which is not running`;
    console.error(`civic-search store: taking over the lock ${file} left by ${owner}.`);
    await rm(file, { force: true });
  }
  throw new Error(`Cannot take the engine store's lock ${file}: it keeps changing hands.`);
}
