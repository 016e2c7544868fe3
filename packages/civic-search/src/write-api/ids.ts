import { ApiError, badRequest } from './api-error';
import { MAX_IDS_PER_REQUEST, MESSAGES } from './app-search-rules';

/** `ids`, `ids[]` (App Search's reference) and `ids[0]`, `ids[1]`, ... (PHP's http_build_query) in a query string. */
const ID_PARAMETER = /^ids(\[\d*\])?$/;

/**
 * The document ids a get or delete request names: a JSON array in the body (as both official clients send them, with
 * GET and DELETE alike) or in the query string, in the order they are given there. Numbers are read as text, as ids
 * are stored. At most MAX_IDS_PER_REQUEST, so one request's work stays bounded.
 */
export function readIds(query: URLSearchParams, body: unknown): string[] {
  let values: unknown[];
  if (body !== undefined) {
    if (!Array.isArray(body)) throw badRequest(MESSAGES.idsBody);
    values = body;
  } else values = [...query].filter(([name]) => ID_PARAMETER.test(name)).map(([, value]) => value);
  if (values.length > MAX_IDS_PER_REQUEST) throw new ApiError(400, [MESSAGES.tooManyIds]);
  return values.map((value) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return String(value);
    throw badRequest(MESSAGES.idsType);
  });
}
