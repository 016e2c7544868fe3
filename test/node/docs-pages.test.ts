import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { collectElements, toManifest } from '../../scripts/custom-elements-manifest';
import { docsRoutes } from '../../examples/site/docs/routes';

/** The docs routes over a dist folder holding the given manifest (none: no build yet). */
function siteWith(manifest?: unknown) {
  const distRoot = mkdtempSync(join(tmpdir(), 'civic-docs-'));
  if (manifest !== undefined) writeFileSync(join(distRoot, 'custom-elements.json'), JSON.stringify(manifest));
  const app = new Hono();
  app.route('/', docsRoutes({ distRoot }));
  return { app, distRoot, cleanUp: () => rmSync(distRoot, { recursive: true, force: true }) };
}

const page = async (app: Hono, path: string) => {
  const response = await app.request(path);
  return { status: response.status, html: await response.text() };
};
const count = (html: string, text: string) => html.split(text).length - 1;
const loadsScript = (html: string, tag: string) => html.includes(`<link rel="modulepreload" href="/dist/classes/${tag}.js"`);

const elements = collectElements();
const site = siteWith(toManifest(elements));
test.after(site.cleanUp);

test('the index lists every element of the manifest, each linked to its page', async () => {
  const { status, html } = await page(site.app, '/docs/elements');
  assert.equal(status, 200);
  assert.match(html, /^<!doctype html>/);
  assert.match(html, /<h1>Element docs<\/h1>/);
  assert.equal(count(html, '<li class="card">'), elements.length);
  for (const { tag } of elements) assert.ok(html.includes(`<a href="/docs/elements/${tag}">&lt;${tag}&gt;</a>`), `<${tag}> is listed`);
});

test("an element's page shows its description, attributes, events, i18n keys and CSS properties", async () => {
  const { status, html } = await page(site.app, '/docs/elements/share-panel');
  assert.equal(status, 200);
  assert.match(html, /<h1>&lt;share-panel&gt;<\/h1>/);
  assert.ok(html.includes('<th scope="row"><code>page-title</code></th><td>string</td>'), 'an attribute, its type');
  assert.ok(html.includes('<th scope="row"><code>i18n</code></th><td>object</td>'), 'the i18n attribute');
  assert.ok(
    html.includes('<th scope="row"><code>share-panel-toggle</code></th><td><code>{ open: boolean }</code></td>'),
    'an event, its detail',
  );
  assert.ok(html.includes('<th scope="row"><code>toggle</code></th><td>Share this page</td>'), 'an i18n key, its default');
  assert.match(html, /<th scope="row"><code>--civic-link<\/code><\/th><td><code>#1d70b8<\/code><\/td>/);
  // Each table names its scroll region until <data-table> upgrades, and the page loads <data-table>.
  assert.match(
    html,
    /<data-table tabindex="0" role="region" aria-labelledby="events-caption"><table class="table"><caption id="events-caption"/,
  );
  assert.ok(loadsScript(html, 'data-table'));
});

test('the live demo is the README markup, as markup, with the scripts of every kit tag in it', async () => {
  const share = await page(site.app, '/docs/elements/share-panel');
  assert.ok(share.html.includes('<share-panel>\n  <ul>'), 'inserted as markup, not escaped');
  assert.ok(loadsScript(share.html, 'share-panel'));
  const theme = await page(site.app, '/docs/elements/subsite-theme');
  assert.ok(loadsScript(theme.html, 'subsite-theme') && loadsScript(theme.html, 'accordion-group'), 'its demo holds an accordion');
  // A page without a demo of an element does not load it.
  assert.ok(!loadsScript(share.html, 'accordion-group'));
});

test('elements of every page point at the copy in the layout instead of rendering a second one', async () => {
  const { html } = await page(site.app, '/docs/elements/mega-menu');
  assert.match(html, /Live on every page: see the main navigation in this page(&#39;|')s header\./);
  assert.equal(count(html, '<mega-menu'), 1);
  assert.equal(count(html, 'aria-label="Main"'), 1);
});

test('an element whose README markup cannot run here links to the example page that uses it', async () => {
  const { html } = await page(site.app, '/docs/elements/jump-links');
  assert.match(html, /See it on the example page <a href="\/guidance\/building-consent">Apply for a building consent<\/a>/);
  assert.equal(count(html, '<main'), 1, 'no second main landmark');
  assert.ok(!loadsScript(html, 'jump-links'));
});

test('an unknown tag is a 404 page', async () => {
  const { status, html } = await page(site.app, '/docs/elements/no-such-element');
  assert.equal(status, 404);
  assert.match(html, /Page not found/);
});

test('without a build both pages say to run npm run build, with a 503', async () => {
  const empty = siteWith();
  try {
    for (const path of ['/docs/elements', '/docs/elements/accordion-group']) {
      const { status, html } = await page(empty.app, path);
      assert.equal(status, 503, path);
      assert.match(html, /Run <code>npm run build<\/code>/, path);
    }
  } finally {
    empty.cleanUp();
  }
});

/** A one-element manifest, as the generator writes it. */
const manifestOf = (tagName: string, description: string) => ({
  schemaVersion: '2.1.0',
  modules: [
    {
      kind: 'javascript-module',
      path: `elements/${tagName}.ts`,
      declarations: [{ kind: 'class', customElement: true, tagName, description }],
    },
  ],
});

test('a rebuilt manifest shows without a restart; the parsed one is kept while the file is unchanged', async () => {
  const rebuilt = siteWith(manifestOf('first-element', 'One build.'));
  const file = join(rebuilt.distRoot, 'custom-elements.json');
  // Whole seconds, so that the time can be set back exactly.
  const built = new Date(Math.floor(Date.now() / 1000) * 1000);
  utimesSync(file, built, built);
  try {
    assert.match((await page(rebuilt.app, '/docs/elements')).html, /first-element/);
    // Same size and modification time: the cached elements are served, the file is not read again.
    writeFileSync(file, JSON.stringify(manifestOf('other-element', 'One build.')));
    utimesSync(file, built, built);
    assert.match((await page(rebuilt.app, '/docs/elements')).html, /first-element/);
    // A newer file (a rebuild) is read again.
    const later = new Date(built.getTime() + 5_000);
    utimesSync(file, later, later);
    const { html } = await page(rebuilt.app, '/docs/elements');
    assert.match(html, /other-element/);
    assert.doesNotMatch(html, /first-element/);
  } finally {
    rebuilt.cleanUp();
  }
});

test('descriptions are text: Markdown code spans become <code>, anything else is escaped', async () => {
  const hostile = siteWith(manifestOf('odd-element', 'Wraps `<table>` and <img src=x onerror=alert(1)>. Second sentence.'));
  try {
    const index = await page(hostile.app, '/docs/elements');
    assert.ok(index.html.includes('Wraps <code>&lt;table&gt;</code> and &lt;img src=x onerror=alert(1)&gt;.</p>'), 'first sentence only');
    const element = await page(hostile.app, '/docs/elements/odd-element');
    assert.doesNotMatch(element.html, /<img src=x/);
    assert.match(element.html, /has no example markup/);
  } finally {
    hostile.cleanUp();
  }
});
