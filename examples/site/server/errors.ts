import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';

/**
 * The last line of defence: an error never shows a stack trace to the client. Expected HTTP errors keep their
 * status and message; anything else is logged on the server and answered with a plain 500.
 */
export function handleError(error: Error, c: Context) {
  if (error instanceof HTTPException) return error.getResponse();
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.text('Sorry, something went wrong on our side. Please try again later.', 500);
}
