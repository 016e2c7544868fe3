import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter } from 'hono-rate-limiter';
import { wantsJson } from '../form-requests';

export interface PostRateLimitOptions {
  /** The window the limit counts over. */
  windowMs: number;
  /** Posts one client may send in a window. */
  limit: number;
  /** Who "one client" is (default: the connection's remote address). */
  clientKey?: (c: Context) => string;
}

/** Requests with no connection to read (in-process `app.request`, tests) share this key. */
export const UNKNOWN_CLIENT = 'unknown-client';

/**
 * The address of the connection the post came on. Headers such as X-Forwarded-For are not read: anyone can
 * send them, and a client that varied them would get a fresh allowance with every post. Behind a reverse proxy
 * every post comes from the proxy: pass a `clientKey` that reads the header that proxy always sets.
 */
export function connectionAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
}

export const TOO_MANY_POSTS_MESSAGE = 'You have sent this form too many times in a short time. Wait a minute, then send it again.';

/**
 * Limits the form posts one client sends: over the limit, 429 with `Retry-After` (seconds) and a message
 * a person can act on, as JSON for the element's script or as text for a form posted without JavaScript.
 */
export function postRateLimit({ windowMs, limit, clientKey = connectionAddress }: PostRateLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs,
    limit,
    standardHeaders: 'draft-6',
    keyGenerator: clientKey,
    handler: (c) =>
      wantsJson(c) ? c.json({ errors: [{ field: 'request', message: TOO_MANY_POSTS_MESSAGE }] }, 429) : c.text(TOO_MANY_POSTS_MESSAGE, 429),
  });
}
