import type { MiddlewareHandler } from 'hono';
import { API_PREFIX } from '../search-proxy/routes';
import { requireKey } from './require-key';
import type { KeyRing } from './types';

/** The App Search paths a search key is for; the elements' own paths under the search proxy are not among them. */
export const SEARCH_KEY_PATH = `${API_PREFIX}/engines/:engine/:endpoint`;
const SEARCH_ENDPOINTS = new Set(['search', 'query_suggestion', 'click', 'multi_search'].flatMap((name) => [name, `${name}.json`]));

/**
 * When the operator asks for it, searches, suggestions and clicks at the App Search paths need a key that may search
 * the engine (a search key, or a private key that reads), as App Search asks for one. A CORS preflight carries no key
 * and is let through, so a page elsewhere that holds a search key can still make its call.
 */
export function searchKeyGate(keys: KeyRing): MiddlewareHandler {
  const check = requireKey({ keys, access: 'search', engineParam: 'engine' });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || !SEARCH_ENDPOINTS.has(c.req.param('endpoint') ?? '')) return next();
    return check(c, next);
  };
}
