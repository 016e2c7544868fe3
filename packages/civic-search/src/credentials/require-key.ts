import type { Context, MiddlewareHandler } from 'hono';
import { BackendError, BackendUnavailableError } from '../search/types';
import { MESSAGES } from '../write-api/app-search-rules';
import { findByDigest, keyDigest } from './key-digest';
import { refusal } from './grants';
import type { Access, KeyGrant, KeyRing } from './types';

/** The realm a client is told to authenticate in; App Search's clients send `Authorization: Bearer <key>`. */
const CHALLENGE = 'Bearer realm="civic-search"';

export interface RequireKeyOptions {
  keys: KeyRing;
  /** What the route does: search, read, write, or manage credentials (admin). */
  access: Access;
  /** The path parameter naming the engine the route works on; a route without one needs a key for every engine. */
  engineParam?: string;
}

/** The bearer token a request sends, or undefined. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/**
 * Lets a request through only with `Authorization: Bearer <key>` for a key that may do `access` on the route's
 * engine. Without a key, or with one that is no key, the answer is App Search's 401 (`{"error": ...}`) with a
 * WWW-Authenticate challenge; a real key that may not do this is 403, with the same kind of body. No answer repeats
 * the key a request sent.
 */
export function requireKey(options: RequireKeyOptions): MiddlewareHandler {
  const { keys, access, engineParam } = options;
  return async (c, next) => {
    const token = bearerToken(c);
    if (token === undefined) return c.json({ error: MESSAGES.signInRequired }, 401, { 'WWW-Authenticate': CHALLENGE });
    let grant: KeyGrant | undefined;
    try {
      grant = await keys.grantFor(token);
    } catch (error) {
      // The keys live in the cluster and it cannot be read: the key can be neither accepted nor refused now.
      if (!(error instanceof BackendError)) throw error;
      return c.json(
        { error: `The key cannot be checked right now: ${error.message}` },
        error instanceof BackendUnavailableError ? 503 : 502,
      );
    }
    if (!grant) return c.json({ error: MESSAGES.invalidToken }, 401, { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` });
    const problem = refusal(grant, access, engineParam ? c.req.param(engineParam) : undefined);
    if (problem) return c.json({ error: problem }, 403);
    await next();
  };
}

/** The keys of a service that has only its own key: that key may do everything. */
export function rootKeyRing(rootKey: string): KeyRing {
  const entries = [{ digest: keyDigest(rootKey), value: ROOT_GRANT }];
  return { grantFor: async (token) => findByDigest(entries, keyDigest(token)) };
}

export const ROOT_GRANT: KeyGrant = Object.freeze({ type: 'private', read: true, write: true, allEngines: true, engines: [], root: true });
