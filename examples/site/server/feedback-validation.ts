/** Checks the fields of a "Is this page useful?" answer. */

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

/** A base that no real request has: resolving a path against it shows whether the path leaves the site. */
const SAME_SITE_BASE = new URL('https://same-site.invalid/');
/** C0 control characters and DEL: never part of a path a browser sends, and unsafe in a Location header. */
const hasControlCharacter = (value: string) => Array.from(value).some((char) => char <= '\u001f' || char === '\u007f');

/**
 * A path on this site: starts with one "/" (not "//" nor "/\", which browsers read as another host),
 * holds no control characters, and still resolves to this site.
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  if (hasControlCharacter(value)) return false;
  try {
    return new URL(value, SAME_SITE_BASE).origin === SAME_SITE_BASE.origin;
  } catch {
    return false;
  }
}

export function validateFeedback(fields: Readonly<Record<string, unknown>>): FeedbackValidation {
  const errors: FieldError[] = [];
  const page = fields.page;
  const useful = fields.useful;
  if (typeof page !== 'string' || page === '') {
    errors.push({ field: 'page', message: 'Say which page the feedback is about: page is missing.' });
  } else if (page.length > FEEDBACK_PAGE_MAX_LENGTH) {
    errors.push({ field: 'page', message: `page must be ${FEEDBACK_PAGE_MAX_LENGTH} characters or fewer.` });
  } else if (!isSameSitePath(page)) {
    errors.push({ field: 'page', message: 'page must be a path on this site, starting with "/".' });
  }
  if (useful !== 'yes' && useful !== 'no') {
    errors.push({ field: 'useful', message: 'useful must be "yes" or "no".' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, answer: { page: page as string, useful: useful as Useful } };
}

/** The page's path with `feedback=thanks` added to its query, for the redirect after a no-JS answer. */
export function thanksLocation(page: string): string {
  const url = new URL(page, SAME_SITE_BASE);
  url.searchParams.set('feedback', 'thanks');
  return `${url.pathname}${url.search}${url.hash}`;
}
