import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANNOUNCEMENT_COOKIE_NAME } from 'civic-elements/core';
import { createSiteApp } from '../../examples/site/app';
import { site } from '../../examples/site/site';
import { siteSearchOptions } from '../../examples/site/search/site-search';
import { siteDocuments } from '../../examples/content/site-documents';
import { attachments, attachmentUrl, ATTACHMENTS_DIR } from '../../examples/content/attachments';
import { createInMemoryBackend } from './support/in-memory-search-backend';

/**
 * The example site answers revalidation as a CMS does: a browser or a crawler holding a page asks again with its
 * ETag (or a file's date) and gets a 304 without a body when nothing changed, and the whole page when its variant
 * differs (another cookie, the thanks note). Posts, redirects and error pages are never answered from a tag.
 */

const folder = await mkdtemp(join(tmpdir(), 'site-revalidation-'));
after(() => rm(folder, { recursive: true, force: true }));
// The listings' budget holds one listing and refills never: the second listing a visitor asks for is a 429.
const { app, search } = await createSiteApp({
  search: siteSearchOptions({ SEARCH_DATA_DIR: join(folder, 'search') }, createInMemoryBackend()),
  pageCostBudget: { refillPerSecond: 1, burst: 20, now: () => 0 },
});
after(() => search.close());

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const closedAnnouncement = { cookie: `${ANNOUNCEMENT_COOKIE_NAME}=${site.announcement.timestamp}` };

/** A 200 with a tag, then the same request with that tag: a 304 without a body and the same caching headers. */
async function revalidates(path: string, headers: Record<string, string> = {}): Promise<{ etag: string; body: string }> {
  const first = await get(path, headers);
  assert.equal(first.status, 200, path);
  const etag = first.headers.get('etag');
  assert.ok(etag, `${path} has an ETag`);
  const body = await first.text();
  const again = await get(path, { ...headers, 'if-none-match': etag });
  assert.equal(again.status, 304, `${path} revalidated with its own tag`);
  assert.equal(await again.text(), '', 'a 304 has no body');
  assert.equal(again.headers.get('etag'), etag);
  for (const name of ['cache-control', 'vary']) assert.equal(again.headers.get(name), first.headers.get(name), `${path}: ${name} kept on the 304`);
  assert.equal(again.headers.get('content-security-policy'), first.headers.get('content-security-policy'), 'security headers on the 304 too');
  return { etag, body };
}

describe('pages of the example site', () => {
  it('answer a revalidation with 304 when unchanged, and a stale tag with the whole page', async () => {
    const { etag, body } = await revalidates('/contact');
    assert.match(body, /<h1[^>]*>Contact us<\/h1>/);
    const page = await get('/contact');
    assert.equal(page.headers.get('cache-control'), 'private, no-cache');
    assert.match(page.headers.get('vary') ?? '', /Cookie/);

    const stale = await get('/contact', { 'if-none-match': '"an-older-version"' });
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('etag'), etag);
    assert.equal(await stale.text(), body);
    // A list of tags, weak or strong, matches when any of them is the page's.
    assert.equal((await get('/contact', { 'if-none-match': `"an-older-version", W/${etag}` })).status, 304);
  });

  it('tag each cookie variant apart: a visitor who closed the announcement is sent the page without it', async () => {
    const shown = await revalidates('/');
    assert.match(shown.body, /<announcement-banner/);
    const closed = await revalidates('/', closedAnnouncement);
    assert.doesNotMatch(closed.body, /<announcement-banner/);
    assert.notEqual(closed.etag, shown.etag);

    // The copy held from before closing it, asked again with the cookie now set: the page without the announcement.
    const later = await get('/', { ...closedAnnouncement, 'if-none-match': shown.etag });
    assert.equal(later.status, 200);
    assert.equal(later.headers.get('etag'), closed.etag);
    assert.doesNotMatch(await later.text(), /<announcement-banner/);
  });

  it('tag the thanks variant apart: the page held from before the feedback never stands for it', async () => {
    const plain = await revalidates('/contact');
    const thanks = await revalidates('/contact?feedback=thanks');
    assert.notEqual(thanks.etag, plain.etag);
    const answered = await get('/contact?feedback=thanks', { 'if-none-match': plain.etag });
    assert.equal(answered.status, 200);
    assert.equal(answered.headers.get('cache-control'), 'no-store');
    assert.match(await answered.text(), /Thank you for your feedback\./);
  });

  it('revalidate a library document page, and a HEAD like a GET', async () => {
    const document = siteDocuments().find((candidate) => candidate.id === attachments[0].documentId);
    assert.ok(document);
    const { etag, body } = await revalidates(document.url);
    assert.ok(body.includes(`href="${attachmentUrl(attachments[0])}"`), 'the page links its PDF');
    const head = await app.request(document.url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    assert.equal((await app.request(document.url, { method: 'HEAD', headers: { 'if-none-match': etag } })).status, 304);
  });
});

describe('files of the example site', () => {
  const pdf = attachments[0];

  it('revalidate an attached PDF by its tag or its date, and send the whole file when it differs', async () => {
    const { etag } = await revalidates(attachmentUrl(pdf));
    const first = await get(attachmentUrl(pdf));
    assert.equal(first.headers.get('content-type'), 'application/pdf');
    const lastModified = first.headers.get('last-modified');
    assert.ok(lastModified);
    const bytes = Buffer.from(await first.arrayBuffer());
    assert.ok(bytes.equals(await readFile(join(ATTACHMENTS_DIR, pdf.file))), 'the file itself');

    const byDate = await get(attachmentUrl(pdf), { 'if-modified-since': lastModified });
    assert.equal(byDate.status, 304, 'unchanged since the date held');
    assert.equal(byDate.headers.get('etag'), etag);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    assert.equal((await get(attachmentUrl(pdf), { 'if-modified-since': older })).status, 200, 'changed since an earlier date');
    // A tag that does not match wins over a date that would.
    const stale = await get(attachmentUrl(pdf), { 'if-none-match': 'W/"an-older-version"', 'if-modified-since': lastModified });
    assert.equal(stale.status, 200);
    assert.ok(Buffer.from(await stale.arrayBuffer()).equals(bytes));
  });

  it("revalidate the site's stylesheet", async () => {
    await revalidates('/assets/site.css');
  });

  it('let browsers keep the kit\'s content-named chunks for a year, and ask again for every file that keeps its name', async () => {
    const autoload = await get('/dist/autoload.js');
    assert.equal(autoload.status, 200, 'the kit is built (npm test builds it first)');
    const chunk = (await autoload.text()).match(/["'](\.\/chunks\/[\w-]+\.js)["']/)?.[1];
    assert.ok(chunk, 'the autoloader imports a shared chunk');
    const chunkAnswer = await get(`/dist/${chunk.slice(2)}`);
    assert.equal(chunkAnswer.status, 200);
    assert.equal(chunkAnswer.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    for (const path of ['/dist/autoload.js', '/assets/site.css', attachmentUrl(pdf)]) {
      const first = await get(path);
      assert.equal(first.headers.get('cache-control'), 'no-cache', path);
      const again = await get(path, { 'if-none-match': first.headers.get('etag')! });
      assert.equal(again.status, 304, path);
      assert.equal(again.headers.get('cache-control'), 'no-cache', `${path}: the 304 says the same`);
    }
  });
});

describe('answers never revalidated', () => {
  const anyVersion = { 'if-none-match': '*' };

  it('posts run and answer in full, with no tag', async () => {
    const step = await app.request('/decision-trees/building-consent', {
      method: 'POST',
      headers: { ...anyVersion, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: '',
    });
    assert.equal(step.status, 200);
    assert.equal(step.headers.get('etag'), null);
    assert.ok((await step.json()).html, 'the next step');
  });

  it('redirects and error pages answer in full, with no tag', async () => {
    const missing = await get('/nowhere', anyVersion);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('etag'), null);
    assert.match(await missing.text(), /Page not found/);

    const redirect = await get('/favicon.ico', anyVersion);
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('etag'), null);

    const missingFile = await get('/assets/documents/nothing.pdf', anyVersion);
    assert.equal(missingFile.status, 404);
    assert.equal(missingFile.headers.get('etag'), null);
  });

  it('the 429 page answers in full, with no tag', async () => {
    const visitor = { incoming: { socket: { remoteAddress: '192.0.2.20', remotePort: 40_000, remoteFamily: 'IPv4' } } };
    const listing = await app.request('/documents', { headers: anyVersion }, visitor);
    assert.equal(listing.status, 304, 'a page is answered from its tag while the visitor is within the budget');
    const refused = await app.request('/documents', { headers: anyVersion }, visitor);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('etag'), null);
    assert.match(await refused.text(), /Too many requests/);
  });
});
