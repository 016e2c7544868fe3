import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSiteApp } from '../../examples/site/app';

const { app } = await createSiteApp();

test('every page of the example site answers with a full HTML document', async () => {
  for (const path of [
    '/',
    '/guidance/building-consent',
    '/services/building-and-planning',
    '/services/roads-and-transport/parking',
    '/contact',
  ]) {
    const response = await app.request(path);
    assert.equal(response.status, 200, path);
    const body = await response.text();
    assert.match(body, /^<!doctype html><html lang="en-NZ">/, path);
    assert.match(body, /<main class="page__main[^"]*" id="main-content"/, path);
  }
});

test('unknown pages and unknown topics answer 404 with a helpful page', async () => {
  for (const path of ['/nowhere', '/services/nowhere', '/services/building-and-planning/nowhere']) {
    const response = await app.request(path);
    assert.equal(response.status, 404, path);
    assert.match(await response.text(), /Page not found/);
  }
});

test('pages are served with a strict Content-Security-Policy and secure headers', async () => {
  const response = await app.request('/');
  const csp = response.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    'frame-src https://www.youtube-nocookie.com',
  ]) {
    assert.ok(csp.includes(directive), `CSP has ${directive}`);
  }
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
});

test('a page hints only the code of the elements at its top; the autoloader finds the rest', async () => {
  const home = await (await app.request('/')).text();
  const content = await (await app.request('/guidance/building-consent')).text();
  const preloads = (page: string, tag: string) => page.includes(`<link rel="modulepreload" href="/dist/classes/${tag}.js"`);
  assert.ok(!preloads(home, 'jump-links'), 'the home page has no jump links to fetch');
  assert.ok(preloads(content, 'jump-links'), 'the contents list at the top of a content page is fetched at once');
  assert.ok(!preloads(content, 'accordion-group'), 'the accordions further down load when scrolled near');
  assert.ok(!preloads(content, 'feedback-widget'), 'nor is the footer fetched up front');
  // The header's search form, menu links and announcement work as written: their code waits for the visitor.
  for (const tag of ['site-search', 'mega-menu', 'announcement-banner']) {
    assert.ok(!preloads(content, tag), `<${tag}> is not fetched up front`);
  }
  assert.match(content, /<link rel="modulepreload" href="\/dist\/classes\/mobile-nav\.js" media="\(max-width: 767px\)"/);
  for (const page of [home, content]) assert.match(page, /<script type="module" src="\/dist\/autoload\.js">/);
});

test('the header search form works without JavaScript', async () => {
  const body = await (await app.request('/')).text();
  assert.match(body, /<form class="site-search" action="\/search\/SearchForm" method="get" role="search">/);
  assert.match(body, /<label class="site-search__label" for="site-search-input">Search Harbourton City Council website<\/label>/);
  assert.match(body, /placeholder="Search Harbourton"/);
});

test('text from the URL is escaped, never echoed as markup', async () => {
  const body = await (await app.request('/services/building-and-planning/%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
  assert.doesNotMatch(body, /<script>alert/);
});

test('feedback sent without JavaScript comes back to the page with thanks', async () => {
  const response = await app.request('/feedback', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: 'page=%2Fcontact&useful=yes',
  });
  assert.equal(response.status, 303);
  const location = response.headers.get('location') ?? '';
  assert.equal(location, '/contact?feedback=thanks');
  const page = await (await app.request(location)).text();
  assert.match(page, /Thank you for your feedback\./);
  assert.doesNotMatch(page, /Is this page useful\?/);
});

test('a visitor who closed the announcement is not sent it again; a new announcement is sent', async () => {
  const closed = await (await app.request('/', { headers: { cookie: 'ANNOUNCEMENT_CLOSED=2026-11-18T09:00:00Z' } })).text();
  assert.doesNotMatch(closed, /<announcement-banner/);
  const older = await (await app.request('/', { headers: { cookie: 'ANNOUNCEMENT_CLOSED=2026-01-01T09:00:00Z' } })).text();
  assert.match(older, /<announcement-banner data-timestamp="2026-11-18T09:00:00Z"/);
});
