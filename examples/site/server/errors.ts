import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { logText } from './log-text';

/**
 * The last line of defence: an error never shows a stack trace to the client. Expected HTTP errors keep their
 * status and message; anything else is logged on the server, as one line with the request's text escaped, and
 * answered with a plain 500.
 */
export function handleError(error: Error, c: Context, log: (line: string) => void = console.error) {
  if (error instanceof HTTPException) return error.getResponse();
  log(`${c.req.method} ${logText(c.req.path)} failed: ${logText(error.stack ?? String(error))}`);
  return c.text('Sorry, something went wrong on our side. Please try again later.', 500);
}
