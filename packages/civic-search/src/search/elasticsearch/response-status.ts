import { errors } from '@elastic/elasticsearch';
import { BackendError } from '../types';
import { toBackendError } from './backend-errors';

/**
 * The HTTP status and Elasticsearch error type of an error answer (`{status: 409, type: 'version_conflict_engine_exception'}`),
 * for the few answers the admin expects and handles itself; both undefined for anything else (no answer at all).
 */
export function statusOf(error: unknown): { status?: number; type?: string } {
  if (!(error instanceof errors.ResponseError)) return {};
  const body = error.meta.body as { error?: { type?: unknown } } | undefined;
  return {
    status: error.meta.statusCode ?? undefined,
    type: typeof body?.error?.type === 'string' ? body.error.type : undefined,
  };
}

/** A failure as a BackendError: one already of ours as it is, a client failure translated (backend-errors.ts). */
export function asBackendError(error: unknown): Error {
  return error instanceof BackendError ? error : toBackendError(error);
}
