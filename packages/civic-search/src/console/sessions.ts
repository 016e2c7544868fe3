import { createHash, createHmac, timingSafeEqual, randomBytes } from 'node:crypto';
import { SERVICE_SCOPE, type OperatorCollection, type OperatorStore } from '../operator-state';
import { openSealedKey, sealKey } from './session-seal';

/** How long a console session lasts without use, and at most, by default. */
export const DEFAULT_SESSION_LIMITS = { idleMs: 30 * 60_000, absoluteMs: 8 * 60 * 60_000 } as const;

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** A signed-in console visitor, as one request sees it. */
export interface ConsoleSession {
  /** The key, opened from the stored session with the cookie's id, for this request only. */
  readonly key: string;
  /** What every change must send back, in the form or a header; never the session id itself. */
  readonly csrfToken: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

/** The operator store's collection of console sessions (service-wide records). */
export const SESSIONS_COLLECTION = 'console_sessions';

/** A session as the store keeps it: nothing in it lets a reader of the store act as the session or its key. */
export interface StoredSession {
  /** The key, sealed with a key derived from the session id, which only the visitor's cookie holds. */
  sealedKey: string;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * The last-seen time is written back at most this often (or a tenth of the idle limit, if shorter): a session in use
 * is one store write a minute rather than one per page, and the idle limit is kept to within that.
 */
const TOUCH_EVERY_MS = 60_000;

const recordId = (sessionId: string) => createHash('sha256').update(sessionId, 'utf8').digest('hex');

/**
 * The session's CSRF token, derived from its id: any process holding the cookie works out the same token, the store
 * keeps none, and a page of another site can know neither.
 */
const csrfTokenOf = (sessionId: string) => createHmac('sha256', sessionId).update('civic-search console csrf').digest('base64url');

/**
 * The console's sessions, kept in the operator store, so every process serving the store (behind one address) knows
 * them and a restart signs nobody out. A session id is 32 random bytes that only the visitor's cookie holds; the
 * store has its SHA-256 as the record's id and the key sealed with a key derived from the id. Whoever reads the
 * store's file or index can therefore neither present a session nor learn a key. Signing out, the idle limit and
 * the absolute limit delete the record, so a kept cookie names nothing on any process.
 */
export class ConsoleSessions {
  readonly #records: OperatorCollection<StoredSession>;
  readonly #limits: SessionLimits;
  readonly #now: () => number;
  readonly #touchEveryMs: number;

  constructor(store: OperatorStore, limits: Partial<SessionLimits> = {}, now: () => number = Date.now) {
    this.#records = store.collection<StoredSession>(SESSIONS_COLLECTION);
    this.#limits = { ...DEFAULT_SESSION_LIMITS, ...limits };
    this.#now = now;
    this.#touchEveryMs = Math.min(TOUCH_EVERY_MS, this.#limits.idleMs / 10);
  }

  /** Starts a session for `key`; the id goes to the browser in a cookie and is kept nowhere else. */
  async start(key: string): Promise<{ id: string; session: ConsoleSession }> {
    const id = randomBytes(32).toString('base64url');
    const name = recordId(id);
    const now = this.#now();
    await this.#records.put(SERVICE_SCOPE, name, { sealedKey: sealKey(key, id, name), createdAt: now, lastSeenAt: now });
    return { id, session: { key, csrfToken: csrfTokenOf(id), createdAt: now, lastSeenAt: now } };
  }

  /**
   * The live session an id names (marking it used), or undefined: unknown, ended, idle too long or too old. An
   * expired session found here is deleted.
   */
  async find(id: string | undefined): Promise<ConsoleSession | undefined> {
    if (!id) return undefined;
    const name = recordId(id);
    const stored = (await this.#records.get(SERVICE_SCOPE, name))?.value;
    if (!stored) return undefined;
    const now = this.#now();
    if (this.#expired(stored, now)) {
      await this.#records.delete(SERVICE_SCOPE, name);
      return undefined;
    }
    const key = openSealedKey(stored.sealedKey, id, name);
    if (key === undefined) return undefined;
    if (now - stored.lastSeenAt >= this.#touchEveryMs) await this.#records.put(SERVICE_SCOPE, name, { ...stored, lastSeenAt: now });
    return { key, csrfToken: csrfTokenOf(id), createdAt: stored.createdAt, lastSeenAt: now };
  }

  /** Ends a session: its cookie, even if kept or stolen, names nothing from now on, on every process. */
  async end(id: string | undefined): Promise<void> {
    if (id) await this.#records.delete(SERVICE_SCOPE, recordId(id));
  }

  /** Deletes every expired session from the store; how many went. */
  async sweep(): Promise<number> {
    const now = this.#now();
    const expired = (await this.#records.all(SERVICE_SCOPE)).filter(({ value }) => this.#expired(value, now));
    let deleted = 0;
    for (const { id } of expired) if (await this.#records.delete(SERVICE_SCOPE, id)) deleted += 1;
    return deleted;
  }

  #expired(session: StoredSession, now: number): boolean {
    return now - session.lastSeenAt > this.#limits.idleMs || now - session.createdAt > this.#limits.absoluteMs;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a token sent with a change is the session's, compared in constant time. */
export function csrfTokenMatches(session: ConsoleSession, sent: string | undefined): boolean {
  if (typeof sent !== 'string' || sent.length === 0) return false;
  return timingSafeEqual(digest(sent), digest(session.csrfToken));
}
