import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a console session lasts without use, and at most, by default. */
export const DEFAULT_SESSION_LIMITS = { idleMs: 30 * 60_000, absoluteMs: 8 * 60 * 60_000 } as const;

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** A signed-in console visitor: the key they signed in with stays in this process's memory only. */
export interface ConsoleSession {
  /** The key, kept to check on every request what it may do now (a revoked key ends the session at once). */
  readonly key: string;
  /** What every change must send back, in the form or a header; never the session id itself. */
  readonly csrfToken: string;
  readonly createdAt: number;
  lastSeenAt: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The console's sessions. A session id is 32 random bytes; the table holds only its SHA-256, so nothing that reads
 * the table (a heap dump, a debugger) can present it. Sessions live in this process: signing out, the idle limit
 * and the absolute limit end one here and now, and a restart signs everyone out, which is the safe failure.
 */
export class ConsoleSessions {
  readonly #sessions = new Map<string, ConsoleSession>();
  readonly #limits: SessionLimits;
  readonly #now: () => number;

  constructor(limits: Partial<SessionLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_SESSION_LIMITS, ...limits };
    this.#now = now;
  }

  /** Starts a session for `key`; the id goes to the browser in a cookie and is not kept here. */
  start(key: string): { id: string; session: ConsoleSession } {
    this.#sweep();
    const id = randomBytes(32).toString('base64url');
    const now = this.#now();
    const session: ConsoleSession = { key, csrfToken: randomBytes(32).toString('base64url'), createdAt: now, lastSeenAt: now };
    this.#sessions.set(digest(id).toString('hex'), session);
    return { id, session };
  }

  /** The live session an id names (and marks it used), or undefined: unknown, ended, idle too long or too old. */
  find(id: string | undefined): ConsoleSession | undefined {
    if (!id) return undefined;
    const name = digest(id).toString('hex');
    const session = this.#sessions.get(name);
    if (!session) return undefined;
    const now = this.#now();
    if (now - session.lastSeenAt > this.#limits.idleMs || now - session.createdAt > this.#limits.absoluteMs) {
      this.#sessions.delete(name);
      return undefined;
    }
    session.lastSeenAt = now;
    return session;
  }

  /** Ends a session: its cookie, even if kept or stolen, names nothing from now on. */
  end(id: string | undefined): void {
    if (id) this.#sessions.delete(digest(id).toString('hex'));
  }

  /** Ends every session of a key (a key revoked through the console signs its holders out). */
  endAllFor(key: string): void {
    for (const [name, session] of this.#sessions) if (session.key === key) this.#sessions.delete(name);
  }

  get size(): number {
    return this.#sessions.size;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [name, session] of this.#sessions) {
      if (now - session.lastSeenAt > this.#limits.idleMs || now - session.createdAt > this.#limits.absoluteMs) this.#sessions.delete(name);
    }
  }
}

/** Whether a token sent with a change is the session's, compared in constant time. */
export function csrfTokenMatches(session: ConsoleSession, sent: string | undefined): boolean {
  if (typeof sent !== 'string' || sent.length === 0) return false;
  return timingSafeEqual(digest(sent), digest(session.csrfToken));
}
