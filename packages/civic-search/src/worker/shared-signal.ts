/**
 * A call's cancellation slot: one Int32 in a SharedArrayBuffer that both threads see. The main thread writes the
 * reason's code when the caller's signal aborts; the worker's code reads it with Atomics.load at its own checks, so
 * a synchronous loop that never yields to the event loop still sees the cancellation at its next check.
 */

const NOT_CANCELLED = 0;
const ABORTED = 1;
const TIMED_OUT = 2;

/** A fresh slot for one call. */
export function newSlot(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** Main thread: marks the call cancelled, keeping whether it was a timeout (the proxy's deadline) or an abort. */
export function cancelSlot(slot: SharedArrayBuffer, reason: unknown): void {
  const timeout = (reason instanceof DOMException || reason instanceof Error) && reason.name === 'TimeoutError';
  Atomics.store(new Int32Array(slot), 0, timeout ? TIMED_OUT : ABORTED);
}

function reasonFor(code: number): DOMException {
  return code === TIMED_OUT
    ? new DOMException('The call ran past its deadline.', 'TimeoutError')
    : new DOMException('The call was cancelled.', 'AbortError');
}

export interface SlotSignal {
  /** What the host receives: an AbortSignal whose `aborted`, `reason` and `throwIfAborted()` read the slot. */
  readonly signal: AbortSignal;
  /** Fires the signal's `abort` listeners (once the worker's event loop gets the cancel message). */
  fire(): void;
}

/**
 * Worker side: a real AbortSignal (so it can be handed to fs, timers, fetch and `instanceof` checks) whose state
 * comes from the slot. Listeners run when the worker's event loop turns (`fire`); code that checks the signal sees
 * the cancellation at once, between turns too.
 */
export function slotSignal(slot: SharedArrayBuffer): SlotSignal {
  const cells = new Int32Array(slot);
  const controller = new AbortController();
  let reason: DOMException | undefined;
  const current = () => {
    const code = Atomics.load(cells, 0);
    if (code === NOT_CANCELLED) return undefined;
    // One reason object per call, so what is thrown equals what the listeners and `reason` see.
    reason ??= reasonFor(code);
    return reason;
  };
  const signal = controller.signal;
  Object.defineProperties(signal, {
    aborted: { get: () => current() !== undefined, configurable: true },
    reason: { get: () => current(), configurable: true },
    throwIfAborted: {
      value: () => {
        const cancelled = current();
        if (cancelled) throw cancelled;
      },
      configurable: true,
    },
  });
  return {
    signal,
    fire() {
      const cancelled = current();
      if (cancelled) controller.abort(cancelled);
    },
  };
}
