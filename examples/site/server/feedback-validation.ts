/** Checks the fields of a "Is this page useful?" answer. */
import { sameSiteLocation, withQueryParam } from './same-site-location';

/** The longest `page` path accepted. */
export const FEEDBACK_PAGE_MAX_LENGTH = 500;

export type Useful = 'yes' | 'no';

export interface FeedbackAnswer {
  /** The same-site path of the page the answer is about, e.g. `/guidance/building-consent`. */
  page: string;
  useful: Useful;
}

export interface FieldError {
  /** The field at fault, or `request` when the post as a whole was refused. */
  field: 'page' | 'useful' | 'request';
  message: string;
}

export type FeedbackValidation = { ok: true; answer: FeedbackAnswer } | { ok: false; errors: FieldError[] };

/**
 * A path on this site, as a browser will read it once dot segments and backslashes are resolved (see
 * sameSiteLocation): the answer keeps that normalised path, and the redirect goes exactly there.
 */
export function isSameSitePath(value: string): boolean {
  return sameSiteLocation(value) !== undefined;
}

export function validateFeedback(fields: Readonly<Record<string, unknown>>): FeedbackValidation {
  const errors: FieldError[] = [];
  const page = fields.page;
  const useful = fields.useful;
  let location: string | undefined;
  if (typeof page !== 'string' || page === '') {
    errors.push({ field: 'page', message: 'Say which page the feedback is about: page is missing.' });
  } else if (page.length > FEEDBACK_PAGE_MAX_LENGTH) {
    errors.push({ field: 'page', message: `page must be ${FEEDBACK_PAGE_MAX_LENGTH} characters or fewer.` });
  } else {
    location = sameSiteLocation(page);
    if (location === undefined) errors.push({ field: 'page', message: 'page must be a path on this site, starting with "/".' });
  }
  if (useful !== 'yes' && useful !== 'no') {
    errors.push({ field: 'useful', message: 'useful must be "yes" or "no".' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, answer: { page: location ?? '/', useful: useful as Useful } };
}

/** The page's path with `feedback=thanks` added to its query, for the redirect after a no-JS answer. */
export function thanksLocation(page: string): string {
  const location = sameSiteLocation(page);
  // Only ever called with a validated page; anything else goes home rather than anywhere else.
  return withQueryParam(location ?? '/', 'feedback', 'thanks');
}
