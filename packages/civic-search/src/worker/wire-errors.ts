import { EngineExistsError } from '../engines/engine-admin';
import { BackendError, InvalidRequestError, UnknownEngineError } from '../search/types';
import type { WireError } from './protocol';

/**
 * Errors cross the thread boundary as plain data and are rebuilt as the same classes on the other side, so code
 * on the main thread (the proxy, the write API) tells them apart exactly as it would without a worker.
 */

/** The classes kept across the boundary, by the name they carry. */
const SERVICE_ERRORS = ['BackendError', 'InvalidRequestError', 'UnknownEngineError', 'EngineExistsError'] as const;
/** Kept as DOMExceptions: a cancelled call rejects with one of these. */
const ABORT_NAMES = new Set(['AbortError', 'TimeoutError']);
const STANDARD_ERRORS: Record<string, ErrorConstructor> = {
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

/** The service class an error is (or extends), so a subclass under another name keeps its meaning. */
function serviceName(error: Error): string | undefined {
  if ((SERVICE_ERRORS as readonly string[]).includes(error.name)) return error.name;
  if (error instanceof UnknownEngineError) return 'UnknownEngineError';
  if (error instanceof EngineExistsError) return 'EngineExistsError';
  if (error instanceof InvalidRequestError) return 'InvalidRequestError';
  if (error instanceof BackendError) return 'BackendError';
  return undefined;
}

/** Anything thrown, as data. */
export function toWire(thrown: unknown): WireError {
  if (!(thrown instanceof Error) && !(thrown instanceof DOMException)) {
    return { name: 'Error', message: typeof thrown === 'string' ? thrown : `Non-error thrown: ${String(thrown)}` };
  }
  const error = thrown as Error;
  const engine = (error as { engine?: unknown }).engine;
  return {
    name: serviceName(error) ?? error.name,
    message: error.message,
    ...(typeof engine === 'string' && { engine }),
    ...(typeof error.stack === 'string' && { stack: error.stack }),
  };
}

/** The error to reject with on this side. */
export function fromWire(wire: WireError): Error {
  const error = rebuilt(wire);
  // The stack says where it was thrown, in the worker; whoever logs it learns more from that than from here.
  if (wire.stack) error.stack = wire.stack;
  return error;
}

function rebuilt({ name, message, engine }: WireError): Error {
  switch (name) {
    case 'BackendError':
      return new BackendError(message);
    case 'InvalidRequestError':
      return new InvalidRequestError(message);
    case 'UnknownEngineError':
      return new UnknownEngineError(engine ?? '');
    case 'EngineExistsError':
      return new EngineExistsError(engine ?? '');
  }
  if (ABORT_NAMES.has(name)) return new DOMException(message, name) as unknown as Error;
  const Standard = STANDARD_ERRORS[name];
  if (Standard) return new Standard(message);
  const error = new Error(message);
  if (name !== 'Error') error.name = name;
  return error;
}
