import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { MESSAGES } from './app-search-rules';

/** The realm a client is told to authenticate in; App Search's clients send `Authorization: Bearer <key>`. */
const CHALLENGE = 'Bearer realm="civic-search"';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Lets a request through only with `Authorization: Bearer <private key>`. The key is compared by its SHA-256 digest
 * in constant time, so neither its length nor its prefix can be learnt from timing. A missing key and a wrong one get
 * App Search's own 401 bodies (`{"error": ...}`, a single message, as App Search answers auth failures) and a
 * WWW-Authenticate challenge. The key a request sent is never repeated in an answer.
 */
export function requirePrivateKey(privateKey: string): MiddlewareHandler {
  const expected = digest(privateKey);
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
    if (!match) return c.json({ error: MESSAGES.signInRequired }, 401, { 'WWW-Authenticate': CHALLENGE });
    if (!timingSafeEqual(digest(match[1]), expected)) {
      return c.json({ error: MESSAGES.invalidToken }, 401, { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token"` });
    }
    await next();
  };
}
