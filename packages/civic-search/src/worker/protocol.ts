/**
 * The messages between a worker backend (main thread) and its worker. Everything in them is structured-cloneable:
 * call arguments and answers are plain data, errors travel as `WireError`, and a call's cancellation slot is a
 * SharedArrayBuffer both threads see.
 */

/** Which module the worker loads and how it makes the backend it serves. */
export interface HostSpec {
  /** The host module as a URL (`file:` or a bare specifier the worker entry can resolve). */
  module: string;
  /** The module's export that makes the host: called with `options`, returns it (or a promise of it). */
  exportName: string;
  /** Handed to the factory as they are; must be structured-cloneable (no functions). */
  options: unknown;
}

/** An error as it crosses the boundary: rebuilt on the other side by `name`. */
export interface WireError {
  name: string;
  message: string;
  /** For the errors that name an engine (unknown engine, engine exists). */
  engine?: string;
  stack?: string;
}

export type ToWorker =
  /** Runs `host[method](...args)`; with `slot`, a signal reading it is passed as the last argument. */
  | { kind: 'call'; id: number; method: string; args: unknown[]; slot?: SharedArrayBuffer }
  /** The call's slot has been set: fire its signal's abort listeners and say the message was seen. */
  | { kind: 'cancel'; id: number }
  /** Close the host, answer `closed`. */
  | { kind: 'close' };

export type FromWorker =
  /** The host module loaded and its factory returned. */
  | { kind: 'started' }
  /** The host could not be made; the worker exits after this. */
  | { kind: 'start-failed'; error: WireError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'failure'; id: number; error: WireError }
  /** The worker's event loop got round to a cancellation: it is not stuck in synchronous work. */
  | { kind: 'cancel-seen'; id: number }
  | { kind: 'closed'; error?: WireError };
