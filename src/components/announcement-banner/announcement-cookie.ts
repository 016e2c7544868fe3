import Cookies from 'js-cookie';
import { announcementCookieAttributes, announcementCookieExpiry } from '../../core/announcement';
import { ANNOUNCEMENT_COOKIE_NAME } from '../../core/constants';

/** The timestamp of the announcement this visitor closed last, if any. */
export function readDismissedTimestamp(): string | undefined {
  return Cookies.get(ANNOUNCEMENT_COOKIE_NAME);
}

/**
 * Remembers that the visitor closed the announcement with this timestamp, until `dataExpires` or for the
 * default lifetime (see core/announcement). Returns a warning when `dataExpires` could not be used.
 */
export function rememberDismissal(timestamp: string, dataExpires: string | undefined, now = new Date()): string | undefined {
  const { expires, warning } = announcementCookieExpiry(dataExpires, now);
  Cookies.set(ANNOUNCEMENT_COOKIE_NAME, timestamp, announcementCookieAttributes(expires, location.protocol));
  return warning;
}
