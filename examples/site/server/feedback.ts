import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { feedbackStoreInDataFolder, type FeedbackEntry, type FeedbackStore } from './feedback-store';
import { thanksLocation, validateFeedback, type FieldError } from './feedback-validation';
import { postRateLimit, type PostRateLimitOptions } from './post-rate-limit';
import { sameOriginPosts } from './same-origin-posts';

export { createFeedbackStore, type FeedbackEntry, type FeedbackStore } from './feedback-store';

/** A feedback post is two short fields: anything bigger is refused before it is read. */
const FEEDBACK_MAX_BODY_BYTES = 4 * 1024;

/** One answer a page is plenty for a person; a script posting in a loop is stopped. */
export const FEEDBACK_RATE_LIMIT: PostRateLimitOptions = { windowMs: 60_000, limit: 30 };

/** The store the routes use unless given another: the site's data folder, opened once. */
let defaultStore: FeedbackStore | undefined;
const dataFolderStore = () => (defaultStore ??= feedbackStoreInDataFolder());

/** The answers stored by routes that use the default store, oldest first. */
export function feedbackEntries(): Promise<readonly FeedbackEntry[]> {
  return dataFolderStore().entries();
}

/** The script of `<feedback-widget>` asks for JSON; a form posted without JavaScript asks for HTML. */
function wantsJson(c: Context): boolean {
  return /\bapplication\/json\b/i.test(c.req.header('accept') ?? '');
}

function problemPage(errors: readonly FieldError[], back: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>There is a problem with your feedback</title>
      </head>
      <body>
        <main>
          <h1>There is a problem with your feedback</h1>
          <ul>
            ${errors.map((error) => html`<li>${error.message}</li>`)}
          </ul>
          <p><a href="${back}">Go back to the page</a></p>
        </main>
      </body>
    </html>`;
}

function refuse(c: Context, errors: FieldError[], status: 400 | 413 | 503, back = '/') {
  return wantsJson(c) ? c.json({ errors }, status) : c.html(problemPage(errors, back), status);
}

/**
 * POST /feedback: the answers of `<feedback-widget>` ("Is this page useful?"), form-encoded.
 * - valid, JSON accepted: 200 `{ ok: true }`;
 * - valid, no JSON (a form posted without JavaScript): 303 back to the page with `?feedback=thanks`;
 * - invalid: 400 `{ errors: [{ field, message }] }`, or a plain HTML page listing the problems;
 * - not saved (the disk refused it): 503, so the visitor knows to try again.
 * An answer is acknowledged only once it is on disk. Posts from other sites are refused (403), and one client
 * may send only so many a minute (429).
 */
export function feedbackRoutes(options: { store?: FeedbackStore; rateLimit?: PostRateLimitOptions } = {}): Hono {
  const store = options.store ?? dataFolderStore();
  const app = new Hono();
  app.post(
    '/feedback',
    sameOriginPosts(),
    postRateLimit(options.rateLimit ?? FEEDBACK_RATE_LIMIT),
    bodyLimit({
      maxSize: FEEDBACK_MAX_BODY_BYTES,
      onError: (c) => refuse(c, [{ field: 'request', message: 'The feedback sent was too large.' }], 413),
    }),
    async (c) => {
      let fields: Record<string, unknown> = {};
      try {
        fields = await c.req.parseBody();
      } catch {
        // An unreadable body is reported as missing fields below.
      }
      const result = validateFeedback(fields);
      if (!result.ok) {
        const page = typeof fields.page === 'string' && !result.errors.some((e) => e.field === 'page') ? fields.page : '/';
        return refuse(c, result.errors, 400, page);
      }
      try {
        await store.add(result.answer);
      } catch (error) {
        console.error(`feedback: could not save an answer: ${(error as Error).message}`);
        const message = 'Sorry, we could not save your feedback just now. Please try again later.';
        return refuse(c, [{ field: 'request', message }], 503, result.answer.page);
      }
      return wantsJson(c) ? c.json({ ok: true }) : c.redirect(thanksLocation(result.answer.page), 303);
    },
  );
  return app;
}
