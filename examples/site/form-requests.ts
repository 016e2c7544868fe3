import type { Context } from 'hono';

/** The element's script asks for JSON; a form posted without JavaScript asks for HTML. */
export function wantsJson(c: Context): boolean {
  return /\bapplication\/json\b/i.test(c.req.header('accept') ?? '');
}

/** The fields of a form-encoded post; an unreadable body reads as no fields. */
export async function readForm(c: Context): Promise<URLSearchParams> {
  try {
    return new URLSearchParams(await c.req.text());
  } catch {
    return new URLSearchParams();
  }
}
