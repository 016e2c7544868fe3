/**
 * The announcement banner's cookie rules, framework-free: whether a banner shows, how long a dismissal is
 * remembered, and the cookie's attributes. The cookie itself is read and written by the component
 * (js-cookie); these functions receive its value.
 *
 * The cookie is the interface with the server: `ANNOUNCEMENT_CLOSED=<data-timestamp of the closed banner>`,
 * so a server can skip rendering a banner the visitor has closed.
 */
import { ANNOUNCEMENT_COOKIE_DAYS } from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A banner shows unless the visitor closed this very announcement: the cookie holds its timestamp.
 * A banner without a timestamp cannot be remembered, so it always shows.
 */
export function shouldShowAnnouncement(storedTimestamp: string | undefined, timestamp: string | undefined): boolean {
  if (timestamp === undefined || timestamp.trim() === '') return true;
  return storedTimestamp !== timestamp.trim();
}

/** The timestamp a banner is remembered by, or undefined when it has none. */
export function announcementTimestamp(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const EPOCH = /^\d+$/;
/** Epoch values at least this large are milliseconds; smaller ones are seconds (until the year 5138). */
const EPOCH_MS_THRESHOLD = 1e11;

/**
 * Reads a `data-expires` value. Accepted:
 * - a date `2026-12-31`: the whole day counts, so the result is the end of that day (local time);
 * - an ISO 8601 date and time `2026-12-31T18:00:00Z` (local time when no zone is given; a space may
 *   replace the `T`, as databases print it);
 * - a Unix time in seconds or milliseconds (`1798761600`).
 * Returns undefined for anything else, including impossible dates such as `2026-02-30`.
 */
export function parseExpiryDate(value: string): Date | undefined {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1).map(Number);
    const end = new Date(year, month - 1, day, 23, 59, 59, 999);
    const sameDay = end.getFullYear() === year && end.getMonth() === month - 1 && end.getDate() === day;
    return sameDay ? end : undefined;
  }
  if (ISO_DATE_TIME.test(text)) {
    const [year, month, day] = text.slice(0, 10).split('-').map(Number);
    const date = new Date(text.replace(' ', 'T'));
    if (Number.isNaN(date.getTime())) return undefined;
    // Date() rolls 2026-02-30 over to March; a calendar date that does not exist is invalid.
    const check = new Date(Date.UTC(year, month - 1, day));
    return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? date : undefined;
  }
  if (EPOCH.test(text)) {
    const number = Number(text);
    const date = new Date(number >= EPOCH_MS_THRESHOLD ? number : number * 1000);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

export interface AnnouncementExpiry {
  /** When the dismissal cookie expires. */
  expires: Date;
  /** Set when `data-expires` was given but could not be used; the default lifetime applies. */
  warning?: string;
}

/**
 * How long a dismissal is remembered: until the banner's `data-expires` when it gives a usable date,
 * otherwise ANNOUNCEMENT_COOKIE_DAYS from now. A date in the past would delete the cookie at once and
 * undo the visitor's choice, so it falls back to the default lifetime too (with a warning).
 */
export function announcementCookieExpiry(dataExpires: string | undefined | null, now: Date): AnnouncementExpiry {
  const fallback = new Date(now.getTime() + ANNOUNCEMENT_COOKIE_DAYS * DAY_MS);
  if (dataExpires == null || dataExpires.trim() === '') return { expires: fallback };
  const date = parseExpiryDate(dataExpires);
  if (!date) {
    return {
      expires: fallback,
      warning: `data-expires "${dataExpires}" is not a date (use 2026-12-31 or 2026-12-31T18:00:00Z); the dismissal is remembered for ${ANNOUNCEMENT_COOKIE_DAYS} days.`,
    };
  }
  if (date.getTime() <= now.getTime()) {
    return {
      expires: fallback,
      warning: `data-expires "${dataExpires}" has passed; the dismissal is remembered for ${ANNOUNCEMENT_COOKIE_DAYS} days.`,
    };
  }
  return { expires: date };
}

export interface AnnouncementCookieAttributes {
  expires: Date;
  path: '/';
  sameSite: 'Lax';
  secure: boolean;
}

/** The dismissal cookie's attributes: site-wide, Lax, secure on https. */
export function announcementCookieAttributes(expires: Date, protocol: string): AnnouncementCookieAttributes {
  return { expires, path: '/', sameSite: 'Lax', secure: protocol === 'https:' };
}

/** The longest return path accepted from a dismissal form; anything longer goes home. */
export const ANNOUNCEMENT_RETURN_MAX_LENGTH = 2000;

/** A base no real request has: resolving a path against it shows where the path really leads. */
const SAME_SITE_BASE = 'https://same-site.invalid';

/** C0 control characters and DEL never belong in a path, and are unsafe in a Location header. */
const hasControlCharacter = (value: string) => Array.from(value).some((char) => char <= '\u001f' || char === '\u007f');

/**
 * Where a dismissal posted without JavaScript returns: the page it came from, when that is a path on this
 * site, else `fallback`. The value comes from a form field, so anyone can put anything in it: it is first
 * normalised as a browser would read it (dot segments resolved, `\` read as `/`), and the normalised form is
 * checked and returned, so what was checked is what the browser is sent to. `/./evil.example` and
 * `/..//evil.example` normalise to `//evil.example`, another host, and are refused.
 */
export function announcementReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > ANNOUNCEMENT_RETURN_MAX_LENGTH) return fallback;
  if (!value.startsWith('/') || hasControlCharacter(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE_BASE || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // After normalising, a path must still start with exactly one slash: `//host` is another site.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}
