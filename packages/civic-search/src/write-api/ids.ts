import { ApiError, badRequest } from './api-error';
import { MAX_IDS_PER_REQUEST, MESSAGES } from './app-search-rules';

/**
 * The document ids a get or delete request names: a JSON array in the body (as both official clients send them, with
 * GET and DELETE alike) or `ids[]=` in the query string (as App Search's reference shows). Numbers are read as text,
 * as ids are stored. At most MAX_IDS_PER_REQUEST, so one request's work stays bounded.
 */
export function readIds(query: URLSearchParams, body: unknown): string[] {
  let values: unknown[];
  if (body !== undefined) {
    if (!Array.isArray(body)) throw badRequest(MESSAGES.idsBody);
    values = body;
  } else values = [...query.getAll('ids[]'), ...query.getAll('ids')];
  if (values.length > MAX_IDS_PER_REQUEST) throw new ApiError(400, [MESSAGES.tooManyIds]);
  return values.map((value) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return String(value);
    throw badRequest(MESSAGES.idsType);
  });
}
