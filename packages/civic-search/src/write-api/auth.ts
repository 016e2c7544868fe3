import type { MiddlewareHandler } from 'hono';
import { requireKey, rootKeyRing } from '../credentials/require-key';

/**
 * Lets a request through only with `Authorization: Bearer <private key>`, the service's own key, through the same
 * check every API route uses (see ../credentials/require-key.ts). For routes outside the write API that only the
 * service's own key may call.
 */
export function requirePrivateKey(privateKey: string): MiddlewareHandler {
  return requireKey({ keys: rootKeyRing(privateKey), access: 'admin' });
}
