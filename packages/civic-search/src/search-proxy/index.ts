import type { Hono } from 'hono';
import type { SearchBackend } from '../search/types';
import { createLimiter } from './concurrency';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit';
import { proxyRoutes } from './routes';
import type { EngineDefinition } from '../engines/engine-definition';
import { EngineRegistry } from '../engines/engine-registry';
import { createRequestSchemas, type RequestSchemas } from './schemas';
import { checkCostBudgetOptions, type CostBudgetOptions } from './cost-budget';
import { checkMaxAnswerBytes } from './call-cost';
import type { Analytics } from '../analytics';

export { DEFAULT_RATE_LIMIT, UNKNOWN_CLIENT, clientAddress, trustedHeaderAddress, type RateLimitOptions } from './rate-limit';
export { REQUEST_LIMITS } from './limits';
export { createCostBudget, DEFAULT_MAX_CLIENTS, type BudgetDecision, type CostBudget, type CostBudgetOptions } from './cost-budget';
export { costLimit, type CostLimitOptions } from './cost-limit';
export { checkCostBudgetOptions } from './cost-budget';
export { checkMaxAnswerBytes } from './call-cost';

export interface SearchProxyOptions {
  /** What answers the searches. */
  backend: SearchBackend;
  /**
   * The engines that may be searched, each with its schema (a bare name: an engine of content pages, PAGE_SCHEMA);
   * any other engine name is a 404. A registry is read at each request: engines created or changed later count.
   */
  engines: readonly (string | EngineDefinition)[] | EngineRegistry;
  /**
   * The real key the server uses with its backend. Never sent to a browser: answers and logs are scrubbed of it,
   * and an answer that would still contain it is withheld.
   */
  privateKey?: string;
  /** A backend call that takes longer is abandoned with 504. */
  timeoutMs?: number;
  /** A larger request body is refused with 413. */
  maxBodyBytes?: number;
  /** Per-client limit; over it, 429 with Retry-After. */
  rateLimit?: RateLimitOptions;
  /** Backend calls at a time; more wait their turn (within their deadline). */
  maxConcurrent?: number;
  /** Origins of other sites whose pages may search, suggest and send clicks (CORS); none by default. */
  corsOrigins?: readonly string[];
  /**
   * Each client's budget of cost (units in search-cost.ts: a KiB of answer or 10 ms of backend time each), drawn
   * by every call before it runs and settled with its actual cost; over it, 429 with Retry-After. `false`: none.
   */
  costBudget?: CostBudgetOptions | false;
  /** An answer larger than this many bytes is refused with 400, before it runs when its size can be foreseen. */
  maxAnswerBytes?: number;
  /** Search analytics, told of every answered call (see src/analytics). */
  analytics?: Pick<Analytics, 'answered'>;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
/** Enough to keep a remote cluster busy; an in-process engine computes one search at a time anyway. */
export const DEFAULT_MAX_CONCURRENT = 16;
/**
 * 100 units a second is about 100 KiB of answers a second, five times a visitor typing and paging through pages of
 * 20 results; the burst of 2,000 lets a visitor ask for a few large pages at once (two of the largest answers). A
 * client sending the costliest searches at the rate limit runs out after two and then gets one every ten seconds.
 */
export const DEFAULT_COST_BUDGET: CostBudgetOptions = { refillPerSecond: 100, burst: 2000 };
/**
 * 1 MiB: a page of 100 results with long snippets is about 200 KB. An answer larger than this holds the server's
 * thread for tens of milliseconds to turn into JSON, check and send, while pages wait.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 2 ** 20;
/** Shorter keys could match ordinary text when answers are scrubbed of them. */
const PRIVATE_KEY_MIN_LENGTH = 16;

/**
 * The search proxy, a Hono sub-app to mount at the site root (`app.route('/', searchProxy(...))`). It answers
 * `POST /_search-proxy` (the kit's form-encoded calls) and the App Search REST paths
 * `/_search-proxy/api/as/v1/engines/{engine}/search.json | query_suggestion | click.json` (a stock Search UI app
 * with endpointBase `/_search-proxy`). See README.md.
 */
export function searchProxy(options: SearchProxyOptions): Hono {
  const {
    backend,
    engines,
    privateKey,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
    rateLimit = DEFAULT_RATE_LIMIT,
    maxConcurrent = DEFAULT_MAX_CONCURRENT,
    corsOrigins = [],
    costBudget = DEFAULT_COST_BUDGET,
    maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES,
    analytics,
  } = options;
  const registry = engines instanceof EngineRegistry ? engines : new EngineRegistry(engines);
  if (!(engines instanceof EngineRegistry) && registry.size === 0)
    throw new Error('searchProxy: list at least one engine that may be searched.');
  if (privateKey !== undefined && privateKey.length < PRIVATE_KEY_MIN_LENGTH) {
    throw new Error(`searchProxy: the private key must be at least ${PRIVATE_KEY_MIN_LENGTH} characters long.`);
  }
  if (!(timeoutMs > 0) || !(maxBodyBytes > 0)) throw new Error('searchProxy: timeoutMs and maxBodyBytes must be positive.');
  if (costBudget) checkCostBudgetOptions(costBudget, 'searchProxy: costBudget');
  checkMaxAnswerBytes(maxAnswerBytes, 'searchProxy');
  return proxyRoutes({
    backend,
    engines: requestSchemasOf(registry),
    secrets: privateKey ? [privateKey] : [],
    timeoutMs,
    maxBodyBytes,
    rateLimit,
    limiter: createLimiter(maxConcurrent),
    corsOrigins,
    costBudget,
    maxAnswerBytes,
    analytics,
  });
}

/** Each engine's request schemas, made once per definition: a changed schema gets new ones at its next request. */
function requestSchemasOf(registry: EngineRegistry): { get(name: string): RequestSchemas | undefined } {
  const made = new WeakMap<EngineDefinition, RequestSchemas>();
  return {
    get(name) {
      const definition = registry.get(name);
      if (!definition) return undefined;
      let schemas = made.get(definition);
      if (!schemas) made.set(definition, (schemas = createRequestSchemas(definition.schema, definition.searchFields)));
      return schemas;
    },
  };
}
