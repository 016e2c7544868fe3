import type { z } from 'zod';
import type { ApiErrorResponse } from 'civic-elements/core';

/** The statuses the proxy answers a failed call with. */
export type ProxyErrorStatus = 400 | 404 | 405 | 413 | 415 | 429 | 502 | 503 | 504;

/** A call the proxy refuses or cannot complete: its status and the readable messages of its errors body. */
export class ProxyError extends Error {
  override name = 'ProxyError';
  constructor(
    readonly status: ProxyErrorStatus,
    readonly messages: readonly string[],
  ) {
    super(messages.join(' '));
  }
}

/** App Search's error body. */
export function errorBody(messages: readonly string[]): ApiErrorResponse {
  return { errors: [...messages] };
}

/** At most this many validation messages are sent back: enough to fix a request, not a flood. */
const MAX_MESSAGES = 10;

/** `filters.all[1].topic`, or `where` itself for the root. */
function pathText(where: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`), where);
}

/** One issue's message, without its path. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const keys = issue.keys.map((key) => `"${key}"`).join(', ');
  return `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${keys}`;
}

/** Readable messages for zod issues, each naming the path it is about: `params.page.size: must be ...`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], where: string): string[] {
  const messages = issues.map((issue) => `${pathText(where, issue.path)}: ${issueMessage(issue)}`);
  const unique = [...new Set(messages)];
  return unique.length > MAX_MESSAGES ? [...unique.slice(0, MAX_MESSAGES), `and ${unique.length - MAX_MESSAGES} more problems`] : unique;
}

export const badRequest = (...messages: string[]) => new ProxyError(400, messages);

/** The reason a backend gave, shortened for a visitor; never a stack trace. */
const REASON_MAX_LENGTH = 160;
export function unavailable(reason: string, status: 502 | 503 = 502): ProxyError {
  const firstLine = reason.split('\n', 1)[0].trim() || 'the search service failed';
  const short = firstLine.length > REASON_MAX_LENGTH ? `${firstLine.slice(0, REASON_MAX_LENGTH - 1)}…` : firstLine;
  return new ProxyError(status, [`Search is unavailable right now: ${short}`]);
}

export function timedOut(timeoutMs: number): ProxyError {
  return new ProxyError(504, [`Search is unavailable right now: the search service did not answer within ${timeoutMs / 1000} seconds`]);
}
