import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { siteSettingsRoutes, ANNOUNCEMENT_CLOSE_PATH } from '../../examples/site/site-settings/routes';
import { SUBSITE_STYLESHEET_PATH } from '../../examples/site/site-settings/subsites';
import { site } from '../../examples/site/site';

const app = siteSettingsRoutes();

function close(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request(`http://harbourton.test${ANNOUNCEMENT_CLOSE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('POST /announcement/close (the announcement closed without JavaScript)', () => {
  it('remembers the current announcement in the element’s cookie until it expires, and returns to the page', async () => {
    const response = await close({ timestamp: site.announcement.timestamp, return: '/contact' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/contact');
    const cookie = response.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^ANNOUNCEMENT_CLOSED=2026-11-18T09%3A00%3A00Z;/);
    assert.match(cookie, /Path=\//);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /HttpOnly/i, 'the element reads the same cookie');
    // data-expires 2027-01-31 counts to the end of that day.
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '');
    assert.equal(expires.getFullYear(), 2027);
    assert.equal(expires.getMonth(), 0);
  });
  it('keeps the page’s query when the browser’s Referer is the same page of this site', async () => {
    const response = await close(
      { timestamp: site.announcement.timestamp, return: '/news' },
      { referer: 'http://harbourton.test/news?topic=Animals' },
    );
    assert.equal(response.headers.get('location'), '/news?topic=Animals');
    const elsewhere = await close({ timestamp: site.announcement.timestamp, return: '/news' }, { referer: 'http://evil.example/news?x=1' });
    assert.equal(elsewhere.headers.get('location'), '/news');
  });
  it('returns only to a path of this site, checked after normalising', async () => {
    for (const value of ['//evil.example/', '/..//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const response = await close({ timestamp: site.announcement.timestamp, return: value });
      assert.equal(response.headers.get('location'), '/', value);
    }
  });
  it('remembers nothing for another announcement’s form (a stale page), and still returns', async () => {
    const response = await close({ timestamp: '2020-01-01T00:00:00Z', return: '/contact' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('set-cookie'), null);
  });
});

describe('GET /subsite-themes.css', () => {
  it('serves each subsite’s colours as a stylesheet of this site', async () => {
    const response = await app.request(`http://harbourton.test${SUBSITE_STYLESHEET_PATH}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/css/);
    const css = await response.text();
    assert.match(css, /\.subsite-theme--building-and-planning \{\n {2}--civic-colour: #00703c;/);
  });
});
