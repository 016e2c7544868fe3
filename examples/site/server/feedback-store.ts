import type { FeedbackAnswer } from './feedback-validation';

export interface FeedbackEntry extends FeedbackAnswer {
  /** When the answer arrived, as an ISO 8601 timestamp. Nothing about the visitor is kept. */
  receivedAt: string;
}

export interface FeedbackStore {
  add(answer: FeedbackAnswer, receivedAt?: Date): FeedbackEntry;
  /** The stored answers, oldest first. */
  entries(): readonly FeedbackEntry[];
  clear(): void;
}

/** Answers kept in memory before the oldest are dropped, so a flood of posts cannot exhaust memory. */
export const FEEDBACK_STORE_LIMIT = 10_000;

/** An in-memory store that keeps the newest `limit` answers. */
export function createFeedbackStore(limit = FEEDBACK_STORE_LIMIT): FeedbackStore {
  const stored: FeedbackEntry[] = [];
  return {
    add(answer, receivedAt = new Date()) {
      const entry: FeedbackEntry = { page: answer.page, useful: answer.useful, receivedAt: receivedAt.toISOString() };
      stored.push(entry);
      if (stored.length > limit) stored.splice(0, stored.length - limit);
      return entry;
    },
    entries: () => stored.slice(),
    clear: () => void stored.splice(0),
  };
}
