import { errors } from '@elastic/elasticsearch';
import { BackendError } from '../types';

/** The error type Elasticsearch names in an error answer (`index_not_found_exception`, ...). */
function errorType(error: InstanceType<typeof errors.ResponseError>): string {
  const body = error.meta.body as { error?: { type?: unknown } } | undefined;
  return typeof body?.error?.type === 'string' ? body.error.type : 'error';
}

/**
 * A client failure as the BackendError the proxy answers 502 with: a short reason naming what went wrong, never
 * the request, the key or a stack. An aborted request is passed through unchanged (the proxy's deadline or the
 * client leaving stopped it, and the proxy knows which).
 */
export function toBackendError(error: unknown): Error {
  if (error instanceof errors.RequestAbortedError) return error;
  if (error instanceof errors.ResponseError) {
    const status = error.meta.statusCode ?? 0;
    const type = errorType(error);
    if (type === 'index_not_found_exception') return new BackendError('the search index for this engine does not exist');
    if (status === 401 || status === 403) return new BackendError(`Elasticsearch refused the credentials (${status})`);
    return new BackendError(`Elasticsearch answered ${status} (${type})`);
  }
  if (error instanceof errors.TimeoutError) return new BackendError('Elasticsearch did not answer in time');
  if (error instanceof errors.ConnectionError || error instanceof errors.NoLivingConnectionsError) {
    return new BackendError('Elasticsearch is unreachable');
  }
  if (error instanceof errors.DeserializationError) return new BackendError('Elasticsearch sent an answer that could not be read');
  if (error instanceof errors.ProductNotSupportedError) return new BackendError('the server at ELASTICSEARCH_URL is not Elasticsearch');
  return new BackendError(`the Elasticsearch client failed (${error instanceof Error ? error.name : 'unknown error'})`);
}
