import type { ClusterClient, ClusterRequestOptions } from './cluster-client';
import { statusOf } from './response-status';

type CreateParams = Parameters<ClusterClient['indices']['create']>[0];

/**
 * Makes an index of the service when it is missing; true when this call made it. Two processes starting together
 * may both try: the second one's "already exists" is success. Failures are the client's, for the caller to translate.
 */
export async function ensureIndex(client: ClusterClient, params: CreateParams, options?: ClusterRequestOptions): Promise<boolean> {
  if (await client.indices.exists({ index: params.index }, options)) return false;
  try {
    await client.indices.create(params, options);
    return true;
  } catch (error) {
    if (statusOf(error).type === 'resource_already_exists_exception') return false;
    throw error;
  }
}
