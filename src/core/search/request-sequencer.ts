/**
 * Orders answers of overlapping requests: typing "rat" then "rates" sends two searches, and the answer for
 * "rat" may arrive last. An answer older than the last one applied is stale and must be dropped.
 */
export interface RequestSequencer {
  /** Numbers a new request. */
  next(): number;
  /** True when a newer request has already been applied (or the sequence was invalidated after it was sent). */
  isOld(id: number): boolean;
  /** True when no request was sent after this one. */
  isLatest(id: number): boolean;
  /** Records that this request's answer was applied. */
  completed(id: number): void;
  /** Makes every request sent so far stale; later requests are unaffected. */
  invalidate(): void;
}

export function createRequestSequencer(): RequestSequencer {
  let issued = 0;
  let lastCompleted = 0;
  return {
    next: () => ++issued,
    isOld: (id) => id < lastCompleted,
    isLatest: (id) => id === issued,
    completed(id) {
      lastCompleted = Math.max(lastCompleted, id);
    },
    invalidate() {
      lastCompleted = issued + 1;
    },
  };
}
