import type { OperatorStore } from './types';

/**
 * A value worked out from operator records (an engine's synonyms as a lookup table, say), worked out again only when
 * the store's revision has moved. Reads between two revision checks share one value, and the store is asked for its
 * revision at most once per `revisionTtlMs`, so a change made through any process is seen within that time.
 */
export interface CachedView<V> {
  read(): Promise<V>;
  invalidate(): void;
  /**
   * Answers a write made through this process once the view has let go of what it replaced, whether the write
   * succeeded or not, so that whoever made the change reads it back at once.
   */
  afterWrite<T>(write: Promise<T>): Promise<T>;
}

export function cachedView<V>(store: OperatorStore, load: () => Promise<V>): CachedView<V> {
  let cached: { revision: number; value: Promise<V> } | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<number> | undefined;

  const currentRevision = async () => {
    const now = performance.now();
    const madeHere = store.localRevision ?? 0;
    if (cached && now - checkedAt < store.revisionTtlMs && madeHere <= cached.revision) return cached.revision;
    checking ??= store.revision().finally(() => {
      checking = undefined;
      checkedAt = performance.now();
    });
    return checking;
  };

  return {
    async read() {
      const revision = await currentRevision();
      if (!cached || cached.revision !== revision) {
        const value = load();
        cached = { revision, value };
        // A failed load is not kept: the next read tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
    async afterWrite(write) {
      try {
        return await write;
      } finally {
        cached = undefined;
      }
    },
  };
}
