/**
 * Settles with `work`, or rejects with the abort reason as soon as `signal` aborts, even when the work ignores
 * the signal: a backend that never looks at it cannot hold a request past its deadline.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface Deadline {
  /** Aborts when the time is up, or when `also` aborts. */
  readonly signal: AbortSignal;
  /** True once the time is up (not when `also` aborted), even before the timer has had a chance to fire. */
  expired(): boolean;
  /** Throws the abort reason if the signal aborted or the time is up (aborting the signal then). */
  check(): void;
  /** Stops the timer; call when the work is done. */
  clear(): void;
}

/**
 * A deadline `timeoutMs` from now. Its timer holds the event loop (unlike AbortSignal.timeout), so a deadline
 * fires even when nothing else is pending, and `clear` releases it as soon as the work settles.
 */
export function startDeadline(timeoutMs: number, also?: AbortSignal): Deadline {
  const controller = new AbortController();
  const endsAt = performance.now() + timeoutMs;
  // Node's timers may fire up to a millisecond before performance.now() reaches endsAt: once the timer has fired,
  // the time is up whatever the clock says (otherwise a timeout would be taken for a backend failure).
  let timerFired = false;
  const expire = () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  const expired = () => timerFired || performance.now() >= endsAt;
  const onTimer = () => {
    timerFired = true;
    expire();
  };
  const timer = setTimeout(onTimer, timeoutMs);
  const onAlso = () => controller.abort(also?.reason);
  if (also?.aborted) onAlso();
  else also?.addEventListener('abort', onAlso, { once: true });
  return {
    signal: controller.signal,
    // Timers fire only between event-loop phases: a burst of synchronous work can pass the deadline unnoticed.
    expired,
    check: () => {
      if (!controller.signal.aborted && expired()) expire();
      controller.signal.throwIfAborted();
    },
    clear: () => {
      clearTimeout(timer);
      also?.removeEventListener('abort', onAlso);
    },
  };
}
