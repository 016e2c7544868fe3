import type { Context } from 'hono';
import { errorBody } from '../search-proxy/errors';

/** The statuses the write API refuses a request with. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 415 | 502 | 503;

/** A request the write API refuses: its status and the messages of App Search's `{ "errors": [...] }` body. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ApiErrorStatus,
    readonly messages: readonly string[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(messages.join(' '));
  }
}

export const badRequest = (...messages: string[]) => new ApiError(400, messages);

/** The error answer: App Search's errors body with the error's status and headers. */
export function refuse(c: Context, error: ApiError) {
  return c.json(errorBody(error.messages), error.status, { ...error.headers });
}

/**
 * The first line of a backend's reason, shortened: enough to act on, never a stack trace. 503 when the backend
 * cannot be reached at all (the service is there and the request can be tried again), else 502.
 */
export function backendFailure(reason: string, status: 502 | 503 = 502): ApiError {
  const firstLine = reason.split('\n', 1)[0].trim() || 'the backend failed';
  const short = firstLine.length > 160 ? `${firstLine.slice(0, 159)}…` : firstLine;
  return new ApiError(status, [`The search service could not complete the request: ${short}`]);
}
