import { BackendError } from '../types';
import { toBackendError } from './backend-errors';
import { ClusterResponseError } from './cluster-client';

/**
 * The HTTP status and error type of an error answer (`{status: 409, type: 'version_conflict_engine_exception'}`),
 * for the few answers the admin expects and handles itself; both undefined for anything else (no answer at all).
 */
export function statusOf(error: unknown): { status?: number; type?: string } {
  if (!(error instanceof ClusterResponseError)) return {};
  return { status: error.status, type: error.type === 'error' ? undefined : error.type };
}

/** A failure as a BackendError: one already of ours as it is, a client failure translated (backend-errors.ts). */
export function asBackendError(error: unknown): Error {
  return error instanceof BackendError ? error : toBackendError(error);
}
