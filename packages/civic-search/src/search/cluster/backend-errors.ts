import { BackendError, BackendUnavailableError } from '../types';
import { ClusterResponseError, ClusterTransportError } from './cluster-client';

const TRANSPORT_REASONS: Record<ClusterTransportError['kind'], (product: string) => string> = {
  unreachable: (product) => `${product} is unreachable`,
  timeout: (product) => `${product} did not answer in time`,
  unreadable: (product) => `${product} sent an answer that could not be read`,
  'not-this-product': (product) => `the server at the configured address is not ${product}`,
};

/**
 * A client failure as the BackendError the proxy answers 502 with (503 when the cluster cannot be reached at all): a short reason naming what went wrong, never
 * the request, the key or a stack. The client adapters have already turned their own errors into
 * ClusterResponseError and ClusterTransportError; anything else (an aborted request: the proxy's deadline or the
 * client leaving stopped it, and the proxy knows which) is passed through unchanged.
 */
export function toBackendError(error: unknown): Error {
  if (error instanceof ClusterResponseError) {
    const { product, status, type } = error;
    if (type === 'index_not_found_exception') return new BackendError('the search index for this engine does not exist');
    if (status === 401 || status === 403) return new BackendError(`${product} refused the credentials (${status})`);
    // 503: the cluster is up but cannot serve (no elected manager, shards not yet allocated).
    if (status === 503) return new BackendUnavailableError(`${product} cannot serve searches right now (${type})`);
    return new BackendError(`${product} answered ${status} (${type})`);
  }
  if (error instanceof ClusterTransportError) {
    const reason = TRANSPORT_REASONS[error.kind](error.product);
    return error.kind === 'unreachable' ? new BackendUnavailableError(reason) : new BackendError(reason);
  }
  if (error instanceof BackendError) return error;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'RequestAbortedError')) return error;
  return new BackendError(`the search cluster's client failed (${error instanceof Error ? error.name : 'unknown error'})`);
}

/** Runs a request of the cluster, its failure translated as toBackendError does. */
export async function withBackendErrors<R>(request: () => Promise<R>): Promise<R> {
  try {
    return await request();
  } catch (error) {
    throw toBackendError(error);
  }
}
