/**
 * A per-client budget of cost, not of requests: a token bucket per client, refilled at `refillPerSecond` units up
 * to `burst`. A call takes its estimated cost before it runs and is settled with its actual cost after, so a client
 * that asks for costly answers runs out after a few of them while one asking for small ones never does.
 *
 * What a unit is belongs to the caller (the proxy's units are in search-cost.ts); the budget only counts them.
 */
export interface CostBudgetOptions {
  /** Units a client gets back each second. */
  refillPerSecond: number;
  /** The most a client can hold: what it may spend at once after a quiet spell. */
  burst: number;
  /** Clients remembered at once; past it the least recently seen is forgotten (default 50,000). */
  maxClients?: number;
  /** The clock, in milliseconds (default performance.now); tests pass their own to play minutes in an instant. */
  now?: () => number;
}

export type BudgetDecision = { ok: true } | { ok: false; retryAfterMs: number };

export interface CostBudget {
  /**
   * Takes `units` from the client's bucket when it holds at least `min(units, burst)` (a call dearer than the whole
   * burst can still run once the bucket is full, and leaves it in debt); otherwise takes nothing and says how long
   * until it would.
   */
  take(client: string, units: number, now?: number): BudgetDecision;
  /** Corrects a call's charge once its actual cost is known: the difference is given back or taken (into debt). */
  settle(client: string, estimated: number, actual: number, now?: number): void;
  /** Units the client holds now (negative: in debt), for tests and diagnostics. */
  balance(client: string, now?: number): number;
  /** Clients remembered now. */
  readonly clients: number;
}

/** Enough for a large site's visitors at once; each costs a few dozen bytes. */
export const DEFAULT_MAX_CLIENTS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** Throws, naming the option, when a budget cannot work (a wrong value would otherwise refuse everyone or no one). */
export function checkCostBudgetOptions(options: CostBudgetOptions, where = 'costBudget'): void {
  const { refillPerSecond, burst, maxClients = DEFAULT_MAX_CLIENTS } = options;
  if (!(Number.isFinite(refillPerSecond) && refillPerSecond > 0)) {
    throw new Error(`${where}.refillPerSecond must be a positive number of units a second, not ${String(refillPerSecond)}.`);
  }
  if (!(Number.isFinite(burst) && burst >= refillPerSecond)) {
    throw new Error(`${where}.burst must be a number of units at least refillPerSecond (${refillPerSecond}), not ${String(burst)}.`);
  }
  if (!(Number.isSafeInteger(maxClients) && maxClients >= 1)) {
    throw new Error(`${where}.maxClients must be a whole number of clients from 1, not ${String(maxClients)}.`);
  }
}

export function createCostBudget(options: CostBudgetOptions): CostBudget {
  checkCostBudgetOptions(options);
  const { refillPerSecond, burst, maxClients = DEFAULT_MAX_CLIENTS, now: clock = () => performance.now() } = options;
  const perMs = refillPerSecond / 1000;
  // A Map keeps insertion order: a client seen again is moved to the end, so the first entry is the least recently
  // seen. Forgetting a client gives it a full bucket; one idle long enough to be first has usually refilled anyway.
  const buckets = new Map<string, Bucket>();

  const bucketOf = (client: string, now: number): Bucket => {
    let bucket = buckets.get(client);
    if (bucket) {
      buckets.delete(client);
      bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
    } else {
      bucket = { tokens: burst, at: now };
      while (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!);
    }
    buckets.set(client, bucket);
    return bucket;
  };

  return {
    take(client, units, now = clock()) {
      const bucket = bucketOf(client, now);
      const needed = Math.min(Math.max(units, 0), burst);
      if (bucket.tokens >= needed) {
        bucket.tokens = Math.max(-burst, bucket.tokens - Math.max(units, 0));
        return { ok: true };
      }
      return { ok: false, retryAfterMs: Math.ceil((needed - bucket.tokens) / perMs) };
    },
    settle(client, estimated, actual, now = clock()) {
      const bucket = bucketOf(client, now);
      // Debt is bounded by one burst, so a client is never shut out for longer than the burst takes to refill.
      bucket.tokens = Math.max(-burst, Math.min(burst, bucket.tokens + estimated - actual));
    },
    balance(client, now = clock()) {
      const bucket = buckets.get(client);
      return bucket ? Math.min(burst, bucket.tokens + (now - bucket.at) * perMs) : burst;
    },
    get clients() {
      return buckets.size;
    },
  };
}
