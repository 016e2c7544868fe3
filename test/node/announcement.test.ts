import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  announcementCookieAttributes,
  announcementCookieExpiry,
  announcementReturnPath,
  ANNOUNCEMENT_RETURN_MAX_LENGTH,
  announcementTimestamp,
  parseExpiryDate,
  shouldShowAnnouncement,
} from '../../src/core/announcement';
import { ANNOUNCEMENT_COOKIE_DAYS } from '../../src/core/constants';

const DAY_MS = 86_400_000;
const now = new Date(2026, 10, 2, 9, 30); // 2 November 2026, 09:30 local

describe('shouldShowAnnouncement', () => {
  it('shows a banner nobody has closed', () => {
    assert.equal(shouldShowAnnouncement(undefined, '1761000000'), true);
  });
  it('hides the banner whose timestamp the cookie holds', () => {
    assert.equal(shouldShowAnnouncement('1761000000', '1761000000'), false);
    assert.equal(shouldShowAnnouncement('1761000000', ' 1761000000 '), false);
  });
  it('shows again when the stored timestamp is another announcement’s', () => {
    assert.equal(shouldShowAnnouncement('1761000000', '1762000000'), true);
  });
  it('always shows a banner without a timestamp, whatever the cookie holds', () => {
    assert.equal(shouldShowAnnouncement('', undefined), true);
    assert.equal(shouldShowAnnouncement('', ''), true);
    assert.equal(shouldShowAnnouncement('anything', '   '), true);
  });
});

describe('announcementTimestamp', () => {
  it('trims, and treats empty as missing', () => {
    assert.equal(announcementTimestamp(' 2026-11-02 10:00 '), '2026-11-02 10:00');
    assert.equal(announcementTimestamp(''), undefined);
    assert.equal(announcementTimestamp(null), undefined);
    assert.equal(announcementTimestamp(undefined), undefined);
  });
});

describe('parseExpiryDate', () => {
  it('reads a date as the end of that day, local time', () => {
    assert.deepEqual(parseExpiryDate('2026-12-31'), new Date(2026, 11, 31, 23, 59, 59, 999));
  });
  it('reads ISO date-times with a zone, without one (local), and with a space for the T', () => {
    assert.deepEqual(parseExpiryDate('2026-12-31T18:00:00Z'), new Date(Date.UTC(2026, 11, 31, 18)));
    assert.deepEqual(parseExpiryDate('2026-12-31T18:00:00+01:00'), new Date(Date.UTC(2026, 11, 31, 17)));
    assert.deepEqual(parseExpiryDate('2026-12-31T18:00'), new Date(2026, 11, 31, 18));
    assert.deepEqual(parseExpiryDate('2026-12-31 18:00:00'), new Date(2026, 11, 31, 18));
  });
  it('reads Unix time in seconds and in milliseconds', () => {
    assert.deepEqual(parseExpiryDate('1798761600'), new Date(1798761600 * 1000));
    assert.deepEqual(parseExpiryDate('1798761600000'), new Date(1798761600000));
  });
  it('rejects dates that do not exist and text that is not a date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-02-30T10:00:00Z', '2026-12-31T25:00', '31/12/2026', 'next week', '', '12.5']) {
      assert.equal(parseExpiryDate(bad), undefined, bad);
    }
  });
  it('accepts 29 February in a leap year only', () => {
    assert.ok(parseExpiryDate('2028-02-29'));
    assert.equal(parseExpiryDate('2027-02-29'), undefined);
  });
});

describe('announcementCookieExpiry', () => {
  it(`remembers a dismissal for ${ANNOUNCEMENT_COOKIE_DAYS} days when no expiry is given`, () => {
    for (const none of [undefined, null, '', '  ']) {
      const result = announcementCookieExpiry(none, now);
      assert.equal(result.expires.getTime() - now.getTime(), 365 * DAY_MS);
      assert.equal(result.warning, undefined);
    }
  });
  it('remembers it until data-expires when that is a future date', () => {
    assert.deepEqual(announcementCookieExpiry('2026-12-31', now), { expires: new Date(2026, 11, 31, 23, 59, 59, 999) });
    const later = '2028-06-01T00:00:00Z';
    assert.deepEqual(announcementCookieExpiry(later, now), { expires: new Date(later) });
  });
  it('falls back to the default lifetime with a warning for an invalid date', () => {
    const result = announcementCookieExpiry('soon', now);
    assert.equal(result.expires.getTime() - now.getTime(), 365 * DAY_MS);
    assert.match(result.warning ?? '', /"soon" is not a date.*365 days/);
  });
  it('falls back with a warning for a date that has passed (the cookie would vanish at once)', () => {
    const result = announcementCookieExpiry('2026-11-01', now);
    assert.equal(result.expires.getTime() - now.getTime(), 365 * DAY_MS);
    assert.match(result.warning ?? '', /has passed/);
  });
});

describe('announcementCookieAttributes', () => {
  const expires = new Date(2027, 0, 1);
  it('is site-wide and Lax, secure only over https', () => {
    assert.deepEqual(announcementCookieAttributes(expires, 'https:'), { expires, path: '/', sameSite: 'Lax', secure: true });
    assert.deepEqual(announcementCookieAttributes(expires, 'http:'), { expires, path: '/', sameSite: 'Lax', secure: false });
  });
});

describe('announcementReturnPath', () => {
  it('returns to a path on this site, with its query', () => {
    assert.equal(announcementReturnPath('/news?topic=Animals&page=2'), '/news?topic=Animals&page=2');
    assert.equal(announcementReturnPath('/'), '/');
  });
  it('returns the normalised path: dot segments resolved, as the browser would read them', () => {
    assert.equal(announcementReturnPath('/guidance/../contact'), '/contact');
    assert.equal(announcementReturnPath('/a/%2e%2e/contact'), '/contact');
  });
  it('refuses what leads to another host, before or after normalising, and goes home', () => {
    for (const value of [
      '//evil.example/',
      '/\\evil.example/',
      '\\evil.example',
      'https://evil.example/',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      'javascript:alert(1)',
      'news',
      '',
    ]) {
      assert.equal(announcementReturnPath(value), '/', value);
    }
  });
  it('refuses control characters, values that are not text and very long paths', () => {
    assert.equal(announcementReturnPath('/news\r\nSet-Cookie: x=1'), '/');
    assert.equal(announcementReturnPath('/news\u0000'), '/');
    assert.equal(announcementReturnPath(undefined), '/');
    assert.equal(announcementReturnPath(['/news']), '/');
    assert.equal(announcementReturnPath(`/${'a'.repeat(ANNOUNCEMENT_RETURN_MAX_LENGTH)}`), '/');
  });
  it('uses the fallback given', () => {
    assert.equal(announcementReturnPath('//evil.example', '/contact'), '/contact');
  });
});
