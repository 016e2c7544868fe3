import type { OperatorStore } from './types';

/**
 * Calls `onChange` after the store's revision has moved, checking every `everyMs`: for what this process keeps
 * outside the rules read per search (the engines a meta engine adds to the proxy's registry), so a change made by
 * another process sharing the store takes effect here too. A check that fails (the cluster away) is tried again at
 * the next tick; the searches that need the store report the fault. Answers a function that stops watching.
 */
export function watchRevision(store: OperatorStore, everyMs: number, onChange: () => Promise<void>): () => void {
  let seen: number | undefined;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    store
      .revision()
      .then(async (revision) => {
        // The first check also counts as a change: whatever moved since the caller last read the store is caught.
        if (revision === seen) return;
        seen = revision;
        await onChange();
      })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
