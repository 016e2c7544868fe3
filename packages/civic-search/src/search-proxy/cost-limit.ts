import type { Context, MiddlewareHandler } from 'hono';
import type { CostBudget } from './cost-budget';
import { clientAddress } from './rate-limit';
import { MS_PER_UNIT, actualUnits } from './search-cost';

export interface CostLimitOptions {
  /** The budget drawn from (share one between routes to limit them together). */
  budget: CostBudget;
  /** Who "one client" is (default: the connection's remote address; see trustedHeaderAddress behind a proxy). */
  clientKey?: (c: Context) => string;
  /** The request's cost in units before it runs (default 1): e.g. from the page size it asks for. */
  estimate?: (c: Context) => number;
  /** The answer over budget: the page's own 429 (HTML for a site). `Retry-After` and `Cache-Control` are added. */
  refuse: (c: Context, retryAfterSeconds: number) => Response | Promise<Response>;
}

/**
 * Limits a costly route (a server-rendered search page, a listing that filters) by cost: each request takes its
 * estimate from its client's budget before it runs, and is settled after with what it cost (its time, and its
 * size when the answer says it). Over budget, the route's own refusal with `Retry-After` (seconds).
 */
export function costLimit({ budget, clientKey = clientAddress, estimate = () => 1, refuse }: CostLimitOptions): MiddlewareHandler {
  return async (c, next) => {
    const client = clientKey(c);
    const estimated = Math.max(1, estimate(c));
    const decision = budget.take(client, estimated);
    if (!decision.ok) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      const response = await refuse(c, seconds);
      response.headers.set('Retry-After', String(seconds));
      response.headers.set('Cache-Control', 'no-store');
      return response;
    }
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const length = Number(c.res.headers.get('content-length'));
      // Without a length (a streamed or string body), the estimate stands for the size and the time is added.
      const actual = length > 0 ? actualUnits({ ms, bytes: length }) : estimated + ms / MS_PER_UNIT;
      budget.settle(client, estimated, actual);
    }
  };
}
