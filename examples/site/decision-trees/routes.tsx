/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { renderPage } from '../render-page';
import { postRateLimit, type PostRateLimitOptions } from '../server/post-rate-limit';
import { sameOriginPosts } from '../server/same-origin-posts';
import { readForm, wantsJson } from '../form-requests';
import { DecisionTreePage } from './DecisionTreePage';
import { OutcomeStep, QuestionStep } from './TreeSteps';
import { findTree } from './trees';
import { walkTree, walkUrl } from './walk-tree';

/** A step post is a handful of short answers. */
const STEP_MAX_BODY_BYTES = 8 * 1024;
/** A person answers a step every few seconds at most, going back and forth; a script in a loop is stopped. */
export const STEP_RATE_LIMIT: PostRateLimitOptions = { windowMs: 60_000, limit: 60 };

/**
 * The example site's decision trees (`<decision-tree>`):
 * - GET  /decision-trees/:slug?answers: the page with every answered step and the current question or outcome;
 * - POST /decision-trees/:slug (a step form): to the element (Accept: application/json) `{ html, nexturl }` with
 *   the next step's markup; without JavaScript a 303 to the next step's page. A question sent without an
 *   answer: 422, the page with the error (or, to the element, a short HTML message it shows as the failure).
 *   Posts from other sites are refused (403); one client may send only so many a minute (429).
 */
export function decisionTreeRoutes(options: { rateLimit?: PostRateLimitOptions } = {}): Hono {
  const app = new Hono();

  app.get('/decision-trees/:slug', (c) => {
    const tree = findTree(c.req.param('slug'));
    if (!tree) return c.notFound();
    return renderPage(c, <DecisionTreePage tree={tree} walk={walkTree(tree, new URL(c.req.url).searchParams)} />);
  });

  app.post(
    '/decision-trees/:slug',
    sameOriginPosts(),
    postRateLimit(options.rateLimit ?? STEP_RATE_LIMIT),
    bodyLimit({ maxSize: STEP_MAX_BODY_BYTES, onError: (c) => c.text('The answers sent were too large.', 413) }),
    async (c) => {
      const tree = findTree(c.req.param('slug'));
      if (!tree) return c.notFound();
      const fields = await readForm(c);
      const walk = walkTree(tree, fields);
      const asked = fields.get('question');
      const unanswered = walk.current.kind === 'question' && walk.current.id === asked ? walk.current : undefined;
      if (unanswered) {
        if (wantsJson(c)) return c.html(`<p>${escapeText(unanswered.errorMessage)}, then press Continue.</p>`, 422);
        return renderPage(c, <DecisionTreePage tree={tree} walk={walk} unanswered={unanswered} />, 422);
      }
      const nexturl = walkUrl(tree, walk);
      if (!wantsJson(c)) return c.redirect(nexturl, 303);
      const step =
        walk.current.kind === 'question' ? (
          <QuestionStep tree={tree} question={walk.current} earlier={walk.earlier} />
        ) : (
          <OutcomeStep outcome={walk.current} />
        );
      return c.json({ html: String(step), nexturl });
    },
  );

  return app;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
