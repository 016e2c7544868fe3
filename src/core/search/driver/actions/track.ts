import { MissingHandlerError, warn } from '../errors';

/**
 * Makes a tracking call whose failure, thrown or rejected, is only reported to the console: tracking never breaks
 * the page. A missing handler is a configuration error and is thrown, as Search UI does.
 */
export function track(what: string, call: () => Promise<void> | void): void {
  let result: Promise<void> | void;
  try {
    result = call();
  } catch (error) {
    if (error instanceof MissingHandlerError) throw error;
    warn(what, error);
    return;
  }
  if (result && typeof result.then === 'function') result.then(undefined, (reason: unknown) => warn(what, reason));
}
