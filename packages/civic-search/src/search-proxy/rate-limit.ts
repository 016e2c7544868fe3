import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter } from 'hono-rate-limiter';
import { errorBody } from './errors';

export interface RateLimitOptions {
  /** The window the limit counts over. */
  windowMs: number;
  /** Calls one client may make in a window. */
  limit: number;
  /**
   * Who "one client" is. Defaults to the connection's remote address. Behind a reverse proxy every call comes from
   * the proxy's address: pass a function that reads the header your proxy sets (and only if it always sets it).
   */
  clientKey?: (c: Context) => string;
}

/** Generous for people typing into a search box (a suggestion a keystroke), tight for a script hammering it. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { windowMs: 60_000, limit: 300 };

/** Calls with no connection to read (in-process `app.request`, tests) share this key. */
export const UNKNOWN_CLIENT = 'unknown-client';

/**
 * The client's address from a header a trusted reverse proxy sets (`X-Forwarded-For`, `X-Real-IP`, ...). A proxy
 * appends the address it saw to a list, so the last entry is the one the proxy vouches for; earlier ones are
 * whatever the client claimed. Without the header (a request that bypassed the proxy), the socket address counts.
 */
export function trustedHeaderAddress(header: string): (c: Context) => string {
  const name = header.trim().toLowerCase();
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`${JSON.stringify(header)} is not a header name like X-Forwarded-For.`);
  return (c) => {
    const entries = (c.req.header(name) ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return entries.at(-1) ?? clientAddress(c);
  };
}

/** The remote address of the connection, when the Node server gives one. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
}

/** Per-client rate limiting: over the limit, 429 with the App Search errors body and `Retry-After` (seconds). */
export function clientRateLimit({ windowMs, limit, clientKey = clientAddress }: RateLimitOptions): MiddlewareHandler {
  return rateLimiter({
    windowMs,
    limit,
    standardHeaders: 'draft-6',
    keyGenerator: clientKey,
    handler: (c) => c.json(errorBody(['Too many searches from your connection. Please wait a moment and try again.']), 429),
  });
}
