/** How the driver treats failures: a missing handler is thrown; anything else becomes a state or a warning. */

/** A handler the driver needs was not configured: a mistake of the page, reported loudly. */
export class MissingHandlerError extends Error {
  override name = 'MissingHandlerError';
}

/** The message of anything thrown or rejected: an Error, a string, or an object with a `message`. */
export function errorText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  const message = typeof reason === 'object' && reason !== null ? (reason as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(reason);
}

export function warn(what: string, reason: unknown): void {
  console.warn(`search driver: ${what} failed: ${errorText(reason)}`);
}

/** Runs a call and always gives a promise: a handler that throws becomes a rejection. */
export function attempt<T>(call: () => Promise<T> | T): Promise<T> {
  return new Promise<T>((resolve) => resolve(call()));
}
