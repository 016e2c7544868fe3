import type { CostBudget } from './cost-budget';
import { ProxyError } from './errors';
import { actualUnits, type AnswerSizes } from './search-cost';

/** Refused because the client has spent its cost budget: 429 with `Retry-After`. */
export class OverBudgetError extends ProxyError {
  override name = 'OverBudgetError';
  constructor(readonly retryAfterSeconds: number) {
    super(429, [
      `Your connection has asked for more than its share of searching. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again, or ask for smaller pages of results.`,
    ]);
  }
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 1)} MB`;

/**
 * Refused because the answer would be, or is, larger than an answer may be (a 400: the request must change, asking
 * again will not help). The message names what to ask less of.
 */
export function answerTooLarge(bytes: number, maxBytes: number, estimated: boolean, facetsWeighMost = false): ProxyError {
  const size = estimated ? `would be about ${megabytes(bytes)}` : `is ${megabytes(bytes)}`;
  const results = 'fewer results (page.size), shorter or fewer result fields (result_fields: raw.size, snippet.size)';
  const facets = 'fewer facets or facet values (facets: size; a facet of a long text field lists whole texts)';
  const asks = facetsWeighMost ? `${facets}, or ${results}` : `${results}, or ${facets}`;
  return new ProxyError(400, [`The answer to this search ${size}, more than the ${megabytes(maxBytes)} one answer may hold. Ask for ${asks}.`]);
}

/** Throws, naming the option, unless `maxAnswerBytes` is a whole number of bytes of at least 1 KiB. */
export function checkMaxAnswerBytes(maxAnswerBytes: number, where: string): void {
  if (!(Number.isSafeInteger(maxAnswerBytes) && maxAnswerBytes >= 1024)) {
    throw new Error(`${where}: maxAnswerBytes must be a whole number of bytes from 1024, not ${String(maxAnswerBytes)}.`);
  }
}

/** What the proxy needs to weigh calls: the per-client budget (none: unlimited), what answers weigh, the size cap. */
export interface CostControl {
  budget: CostBudget | undefined;
  sizes: AnswerSizes;
  maxAnswerBytes: number;
}

/**
 * One call's charge against its client's budget: `reserve` takes the estimate before the backend runs (or refuses
 * the call), the backend's time is added as it runs, and `settle` replaces the estimate with the actual cost once
 * the answer's size is known. A call refused or failed is settled with what it did cost.
 */
export class CallCharge {
  #reserved = 0;
  #settled = false;
  backendMs = 0;
  /** The estimate said facets weigh more than results (what a too-large answer's message names first). */
  facetsWeighMost = false;
  constructor(
    readonly control: CostControl,
    private readonly client: string,
  ) {}

  reserve(units: number): void {
    const decision = this.control.budget?.take(this.client, units);
    if (decision && !decision.ok) throw new OverBudgetError(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
    this.#reserved = units;
  }

  /** Times one backend call and adds it to the charge. */
  async timed<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.backendMs += performance.now() - started;
    }
  }

  settle(bytes: number): void {
    if (this.#settled || this.#reserved === 0) return;
    this.#settled = true;
    this.control.budget?.settle(this.client, this.#reserved, actualUnits({ ms: this.backendMs, bytes }));
  }
}
