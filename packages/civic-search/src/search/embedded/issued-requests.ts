import { randomUUID } from 'node:crypto';

/** Request ids remembered at most (the oldest are forgotten first). */
export const ISSUED_REQUESTS_LIMIT = 10_000;
/** A request id is remembered this long: a click comes within minutes of the search it is on. */
export const ISSUED_REQUEST_MAX_AGE_MS = 30 * 60_000;
/** Documents of one answer whose clicks are told apart (a page shows at most a few dozen). */
const CLICKED_PER_REQUEST_LIMIT = 100;

interface Issued {
  engine: string;
  at: number;
  clicked?: Set<string>;
}

export interface IssuedRequestsOptions {
  limit?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The request ids of the engine's recent answers, so a click can be checked against one: only a click naming a
 * search this process answered (for the same engine, lately) counts, and each result of an answer counts once
 * however often it is clicked. Bounded by count and age, so memory stays flat whatever the traffic.
 */
export class IssuedRequests {
  private readonly issued = new Map<string, Issued>();
  private readonly limit: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor({
    limit = ISSUED_REQUESTS_LIMIT,
    maxAgeMs = ISSUED_REQUEST_MAX_AGE_MS,
    now = () => performance.now(),
  }: IssuedRequestsOptions = {}) {
    this.limit = limit;
    this.maxAgeMs = maxAgeMs;
    this.now = now;
  }

  /** A fresh request id for an answer of `engine`, remembered. */
  issue(engine: string): string {
    const id = randomUUID().replaceAll('-', '');
    const at = this.now();
    this.forgetOld(at);
    while (this.issued.size >= this.limit) this.issued.delete(this.issued.keys().next().value!);
    this.issued.set(id, { engine, at });
    return id;
  }

  /** Whether `id` is a recent answer of `engine`. */
  has(engine: string, id: string | undefined): boolean {
    if (id === undefined) return false;
    this.forgetOld(this.now());
    return this.issued.get(id)?.engine === engine;
  }

  /**
   * Notes a click on `documentId` from the answer `id` (a recent one): true the first time, false when that result of
   * that answer was clicked before (or the answer's clicks are already at their bound).
   */
  firstClick(id: string, documentId: string): boolean {
    const entry = this.issued.get(id);
    if (!entry) return false;
    entry.clicked ??= new Set();
    if (entry.clicked.has(documentId) || entry.clicked.size >= CLICKED_PER_REQUEST_LIMIT) return false;
    entry.clicked.add(documentId);
    return true;
  }

  get size(): number {
    return this.issued.size;
  }

  /** Ids are kept in the order issued: the expired ones are at the front. */
  private forgetOld(now: number): void {
    for (const [id, entry] of this.issued) {
      if (now - entry.at <= this.maxAgeMs) break;
      this.issued.delete(id);
    }
  }
}
