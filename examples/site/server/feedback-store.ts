import { join } from 'node:path';
import { createDurableList } from './json-lines-log';
import type { FeedbackAnswer } from './feedback-validation';
import { sameSiteLocation } from './same-site-location';
import { siteServerConfig } from './site-config';

export interface FeedbackEntry extends FeedbackAnswer {
  /** When the answer arrived, as an ISO 8601 timestamp. Nothing about the visitor is kept. */
  receivedAt: string;
}

export interface FeedbackStore {
  /** Resolves once the answer is stored (on disk, for a store with a file); rejects when it could not be. */
  add(answer: FeedbackAnswer, receivedAt?: Date): Promise<FeedbackEntry>;
  /** The stored answers, oldest first, once those kept from earlier runs are read. */
  entries(): Promise<readonly FeedbackEntry[]>;
  close(): Promise<void>;
}

/** Answers kept before the oldest are dropped, so a flood of posts cannot exhaust memory or disk. */
export const FEEDBACK_STORE_LIMIT = 10_000;
/** The store's file in the site's data folder. */
export const FEEDBACK_FILE = 'feedback.jsonl';

export interface FeedbackStoreOptions {
  /** The JSON-lines file answers are kept in; none keeps them in memory only. */
  file?: string;
  limit?: number;
  warn?: (message: string) => void;
}

/** An answer read back from the file, checked as a post is (a damaged line is not an answer). */
function parseEntry(value: unknown): FeedbackEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { page, useful, receivedAt } = value as Record<string, unknown>;
  if (typeof page !== 'string' || sameSiteLocation(page) !== page) return undefined;
  if (useful !== 'yes' && useful !== 'no') return undefined;
  if (typeof receivedAt !== 'string' || Number.isNaN(Date.parse(receivedAt))) return undefined;
  return { page, useful, receivedAt };
}

/** A store that keeps the newest `limit` answers, in a file when given one (read back at start). */
export function createFeedbackStore({ file, limit = FEEDBACK_STORE_LIMIT, warn }: FeedbackStoreOptions = {}): FeedbackStore {
  const list = createDurableList<FeedbackEntry>({ name: 'feedback', file, limit, parse: parseEntry, warn });
  return {
    async add(answer, receivedAt = new Date()) {
      const entry: FeedbackEntry = { page: answer.page, useful: answer.useful, receivedAt: receivedAt.toISOString() };
      await list.add(entry);
      return entry;
    },
    async entries() {
      await list.ready;
      return list.records();
    },
    close: () => list.close(),
  };
}

/** The store in the site's data folder (SITE_DATA_DIR), opened on first use. */
export function feedbackStoreInDataFolder(dataDir = siteServerConfig().dataDir): FeedbackStore {
  return createFeedbackStore({ file: join(dataDir, FEEDBACK_FILE) });
}
