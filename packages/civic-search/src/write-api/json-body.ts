import type { Context } from 'hono';
import { readGetBody } from '../search-proxy/get-body';
import { ProxyError } from '../search-proxy/errors';
import { ApiError, badRequest } from './api-error';
import { MAX_REQUEST_BYTES, MESSAGES } from './app-search-rules';

const isJsonType = (c: Context) => (c.req.header('content-type') ?? '').split(';', 1)[0].trim().toLowerCase() === 'application/json';

/**
 * The request's JSON body, or undefined when it has none. App Search's clients send JSON bodies with GET too (ids to
 * get, paging), so a GET body is read from Node's request. A body must be declared application/json (else 415) and
 * parse as JSON (else 400); the size limit is applied before this is reached (413).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  let text: string | undefined;
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    try {
      text = await readGetBody(c, MAX_REQUEST_BYTES);
    } catch (error) {
      if (error instanceof ProxyError)
        throw new ApiError(error.status === 413 ? 413 : 415, [error.status === 413 ? MESSAGES.requestTooLarge : MESSAGES.sendJson]);
      throw error;
    }
  } else {
    text = await c.req.text();
    if (text.trim() !== '' && !isJsonType(c)) throw new ApiError(415, [MESSAGES.sendJson]);
  }
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(MESSAGES.invalidJson);
  }
}
