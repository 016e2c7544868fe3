/** Failed sign-ins one client may make in a window, by default, before it must wait for the window to pass. */
export const DEFAULT_SIGN_IN_LIMIT = { attempts: 5, windowMs: 15 * 60_000 } as const;

export interface SignInLimit {
  attempts: number;
  windowMs: number;
}

/**
 * Counts failed sign-ins per client, so nobody can try keys by the thousand. Clients are named by whatever the
 * caller gives (the socket address, or a trusted proxy's header), held in memory only and forgotten when their
 * window ends; a success forgets the client's failures.
 *
 * The counts stay in each process, unlike sessions: behind a balancer of n processes a client gets at most n times
 * the attempts, still a handful an hour against keys of 16 characters or more (192 random bits when made here).
 * Sharing them would make every failed guess, from anyone, a write to the operator store that moves the revision
 * every process's caches watch: a stranger could then keep the store busy without a key.
 */
export class SignInLimiter {
  readonly #failures = new Map<string, { count: number; since: number }>();
  readonly #limit: SignInLimit;
  readonly #now: () => number;

  constructor(limit: Partial<SignInLimit> = {}, now: () => number = Date.now) {
    this.#limit = { ...DEFAULT_SIGN_IN_LIMIT, ...limit };
    this.#now = now;
  }

  /** Seconds the client must wait before trying again, or 0 when it may try now. */
  waitSeconds(client: string): number {
    const entry = this.#current(client);
    if (!entry || entry.count < this.#limit.attempts) return 0;
    return Math.max(1, Math.ceil((entry.since + this.#limit.windowMs - this.#now()) / 1000));
  }

  failed(client: string): void {
    const entry = this.#current(client) ?? { count: 0, since: this.#now() };
    entry.count += 1;
    this.#failures.set(client, entry);
  }

  succeeded(client: string): void {
    this.#failures.delete(client);
  }

  #current(client: string) {
    const now = this.#now();
    for (const [name, entry] of this.#failures) if (now - entry.since >= this.#limit.windowMs) this.#failures.delete(name);
    return this.#failures.get(client);
  }
}
