import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CRAWL_SCHEMA,
  CRAWL_SEARCH_FIELDS,
  extractResource,
  type Extraction,
  type ExtractionConfig,
  type FetchedResource,
} from '../../packages/civic-search/src/crawler/extract';
import { MAX_DOCUMENT_BYTES } from '../../packages/civic-search/src/write-api/app-search-rules';
import { isIsoDate } from '../../packages/civic-search/src/engines/documents-file';
import { DEFAULT_BODY_BYTES } from '../../packages/civic-search/src/crawler/extract/limits';

/** Whether any text in the value holds a control character from NUL to backspace, which no indexed text may. */
const hasControlCharacters = (value: unknown): boolean =>
  typeof value === 'string'
    ? [...value].some((char) => char.charCodeAt(0) < 9)
    : typeof value === 'object' && value !== null && Object.values(value).some(hasControlCharacters);

const URL_ = 'https://council.example/services/rubbish/collection-days';

function resource(html: string, extra: Partial<FetchedResource> = {}): FetchedResource {
  return {
    url: URL_,
    contentType: 'text/html',
    body: new TextEncoder().encode(html),
    headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
    ...extra,
  };
}

async function extractPage(html: string, config?: ExtractionConfig, extra?: Partial<FetchedResource>) {
  const extraction = await extractResource(resource(html, extra), config);
  assert.equal(extraction.kind, 'html', JSON.stringify(extraction));
  return extraction as Extract<Extraction, { kind: 'html' }>;
}

const ARTICLE = `
  <h1>Rubbish and recycling collection days</h1>
  <p>Your rubbish and recycling bins are collected every week on the same day. Put your bins on the kerb by 7am on
  collection day, with the lids closed and the handles facing the road.</p>
  <h2>What goes in the yellow bin</h2>
  <p>Clean plastics numbered 1, 2 and 5, tins and cans, paper and cardboard go in the yellow recycling bin. Glass
  bottles and jars go in the blue crate, lids off.</p>
  <h3>Soft plastics</h3>
  <p>Soft plastics such as bread bags cannot be recycled at the kerb: take them to a supermarket drop-off point.</p>
  <h2>Missed collections</h2>
  <p>If your bin was missed, tell us within two working days and we will come back for it. Call the contact centre
  or use the online form, quoting your street address.</p>`;

/** A council page as a CMS renders it: cookie banner, header with navigation, breadcrumbs, article, footer. */
function councilPage({ head = '', article = ARTICLE, main = true } = {}) {
  const content = `<article>${article}</article>
      <aside class="related"><h2>Related pages</h2><ul><li><a href="/services/dog-registration">Dog registration renewals</a></li></ul></aside>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <title>Rubbish and recycling collection days | Harbour City Council</title>
    <meta property="og:site_name" content="Harbour City Council">
    ${head}</head><body>
    <div class="cookie-banner" role="region" aria-label="Cookies on this site">
      <p>We use marshmallow cookies to measure how you use the website.</p><button>Accept marshmallow cookies</button></div>
    <a class="skip-link" href="#main">Skip to main content</a>
    <header class="site-header"><a href="/">Harbour City Council home</a>
      <nav aria-label="Main"><ul><li><a href="/services">Services and facilities</a></li>
      <li><a href="/parking">Parking permits and zeppelin fines</a></li><li><a href="/contact">Contact us</a></li></ul></nav>
      <form action="/search"><label>Search the site <input name="q"></label><button>Search</button></form></header>
    <nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>
      <li><a href="/services/rubbish">Waste and kerbside</a></li><li>Collection days</li></ol></nav>
    ${main ? `<main id="main">${content}</main>` : `<div id="main" class="page">${content}</div>`}
    <footer><p>Copyright Harbour City Council. Privacy statement. Accessibility statement. Phone 0800 QUOKKA.</p></footer>
    </body></html>`;
}

/** Words that appear only in the page's chrome: none may reach the body. */
const CHROME_WORDS = ['marshmallow', 'zeppelin', 'Skip to main content', 'QUOKKA', 'Privacy statement', 'Waste and kerbside', 'Search the site', 'Dog registration renewals'];

describe('crawler extract: a council page', () => {
  it('indexes the article and none of the navigation, banner, breadcrumbs, related links or footer', async () => {
    for (const main of [true, false]) {
      const { document } = await extractPage(councilPage({ main }));
      assert.match(document.body, /collected every week on the same day/);
      assert.match(document.body, /supermarket drop-off point/);
      assert.match(document.body, /quoting your street address/);
      for (const word of CHROME_WORDS) assert.ok(!document.body.includes(word), `"${word}" leaked into the body (main: ${main}):\n${document.body}`);
    }
  });

  it('keeps paragraph breaks and normalises whitespace inside them', async () => {
    const { document } = await extractPage(councilPage());
    const paragraphs = document.body.split('\n\n');
    assert.ok(paragraphs.length >= 5, document.body);
    assert.ok(paragraphs.includes('What goes in the yellow bin'), document.body);
    assert.ok(paragraphs.every((paragraph) => paragraph === paragraph.trim() && !/\s{2}/.test(paragraph)), document.body);
    assert.ok(paragraphs.some((paragraph) => paragraph.startsWith('Your rubbish and recycling bins are collected every week on the same day. Put your bins on the kerb by 7am on collection day')));
  });

  it('takes the title from og:title, else <title> kept whole, else the first h1', async () => {
    assert.equal((await extractPage(councilPage({ head: '<meta property="og:title" content="Bin days">' }))).document.title, 'Bin days');
    assert.equal((await extractPage(councilPage())).document.title, 'Rubbish and recycling collection days | Harbour City Council');
    const noTitle = councilPage().replace(/<title>[^<]*<\/title>/, '');
    assert.equal((await extractPage(noTitle)).document.title, 'Rubbish and recycling collection days');
  });

  it('strips the site name from the title only when configured (a suffix, or the detected site name)', async () => {
    assert.equal((await extractPage(councilPage(), { titleSuffix: '| Harbour City Council' })).document.title, 'Rubbish and recycling collection days');
    assert.equal((await extractPage(councilPage(), { titleSuffix: true })).document.title, 'Rubbish and recycling collection days');
    assert.equal((await extractPage(councilPage(), { titleSuffix: '| Another Council' })).document.title, 'Rubbish and recycling collection days | Harbour City Council');
  });

  it('summarises from the meta description, else og:description, else the first paragraph, within 300 characters', async () => {
    const described = await extractPage(councilPage({ head: '<meta name="description" content="When your bins are collected.">' }));
    assert.equal(described.document.summary, 'When your bins are collected.');
    const og = await extractPage(councilPage({ head: '<meta property="og:description" content="Bin day details.">' }));
    assert.equal(og.document.summary, 'Bin day details.');
    const plain = await extractPage(councilPage());
    assert.match(plain.document.summary, /^Your rubbish and recycling bins are collected every week/);
    const long = await extractPage(councilPage({ article: `<h1>Long</h1><p>${'Kerbside recycling matters. '.repeat(60)}</p>` }));
    assert.ok(long.document.summary.length <= 300 && long.document.summary.endsWith('…'), long.document.summary);
    assert.ok(!/\s…$/.test(long.document.summary) && !long.document.summary.includes('Kerbside recycling matt…'), long.document.summary);
  });

  it('lists the h1–h3 headings of the content, one a line, without those of the chrome', async () => {
    const { document } = await extractPage(councilPage());
    assert.equal(document.headings, 'Rubbish and recycling collection days\nWhat goes in the yellow bin\nSoft plastics\nMissed collections');
  });

  it('defaults the document type to Page and fills every CRAWL_SCHEMA text field the page has', async () => {
    const { document } = await extractPage(councilPage());
    assert.equal(document.document_type, 'Page');
    for (const field of ['url', 'title', 'summary', 'body', 'headings']) assert.ok(document[field], field);
    assert.deepEqual(Object.keys(CRAWL_SEARCH_FIELDS).sort(), ['body', 'headings', 'summary', 'title']);
    assert.equal(CRAWL_SCHEMA.headings, 'text');
    assert.equal(CRAWL_SCHEMA.published_date, 'date');
    assert.equal(CRAWL_SEARCH_FIELDS.headings.weight, 2);
    assert.equal(CRAWL_SEARCH_FIELDS.title.weight, 3);
  });

  it('falls back to <main> on a listing page where Readability would keep only the featured story', async () => {
    const featured = 'The new central library opens its doors on Saturday with a day of events for the whole family. '.repeat(3);
    const items = Array.from(
      { length: 20 },
      (_, i) => `<li><a href="/news/item-${i}">Council notice number ${i}: roadworks this week</a> <a href="/news/item-${i}">Read more</a></li>`,
    ).join('');
    const html = councilPage({ article: `<h1>Latest news</h1><section><h2>Featured</h2><p>${featured}</p></section><section><h2>More news</h2><ul>${items}</ul></section>` });
    const { document } = await extractPage(html);
    assert.match(document.body, /central library opens its doors/);
    for (let i = 0; i < 20; i += 1) assert.ok(document.body.includes(`Council notice number ${i}:`), document.body);
    assert.ok(!document.body.includes('zeppelin') && !document.body.includes('Dog registration renewals'));
  });

  it('falls back to the body without its chrome on a short page without <main>', async () => {
    const html = councilPage({ main: false, article: '<h1>Contact us</h1><p>Phone 0800 123 456.</p>' }).replace(/<aside[\s\S]*<\/aside>/, '');
    const { document } = await extractPage(html);
    assert.equal(document.body, 'Contact us\n\nPhone 0800 123 456.');
  });

  it('leaves cookie banners out by name, but not a page about cookies whose wrapper is named for them', async () => {
    const policy = councilPage({ main: false, article: '<h1>Cookie policy</h1><p>We set a session cookie to keep your form answers while you fill in a form, and nothing else.</p>' })
      .replace('<div id="main" class="page">', '<div id="main" class="page-cookie-policy">');
    const { document } = await extractPage(policy);
    assert.match(document.body, /We set a session cookie to keep your form answers/);
    assert.ok(!document.body.includes('marshmallow'), document.body);
  });

  it('uses a configured content selector over everything else, and leaves out configured removals', async () => {
    const html = councilPage({ article: `${ARTICLE}<div class="feedback"><p>Was this page helpful? Tell us about wombats.</p></div>` });
    const selected = await extractPage(html, { contentSelector: 'aside.related' });
    assert.match(selected.document.body, /Dog registration renewals/);
    assert.ok(!selected.document.body.includes('collected every week'));
    const removed = await extractPage(html, { removeSelectors: ['.feedback'] });
    assert.ok(!removed.document.body.includes('wombats'), removed.document.body);
    assert.match((await extractPage(html)).document.body, /wombats/);
    const missing = await extractPage(html, { contentSelector: '#no-such-thing' });
    assert.match(missing.document.body, /collected every week/);
  });

  it('never indexes script, style, template, noscript or hidden text, and strips control characters', async () => {
    const article = `${ARTICLE}<script>var secretToken = "abc";</script><style>.x{color:red}</style>
      <template><p>Template text tarantula</p></template><noscript><p>Noscript text narwhal</p></noscript>
      <p hidden>Hidden text hedgehog</p><div aria-hidden="true"><p>Aria hidden armadillo</p></div>
      <p>Bell\u0007 and null\u0000 characters here are removed from the page text entirely.</p>`;
    const { document } = await extractPage(councilPage({ article }));
    for (const word of ['secretToken', 'color:red', 'tarantula', 'narwhal', 'hedgehog', 'armadillo']) assert.ok(!document.body.includes(word), word);
    assert.match(document.body, /Bell and null characters here are removed/);
    assert.ok(!hasControlCharacters(document));
  });

  it('decodes the charset the page declares', async () => {
    const html = councilPage({ article: `${ARTICLE}<p>Caf\u00e9 hours: the M\u0101ori name of the square is Te Aro.</p>` });
    const latin1 = Uint8Array.from(html.replace('<meta charset="utf-8">', '<meta charset="windows-1252">').replace('\u0101', 'a'), (char) => char.charCodeAt(0));
    const extraction = await extractResource({ url: URL_, contentType: 'text/html', body: latin1, headers: new Headers() });
    assert.equal(extraction.kind, 'html');
    assert.match((extraction as { document: { body: string } }).document.body, /Café hours/);
  });
});

describe('crawler extract: robots directives', () => {
  it('reads noindex and nofollow from <meta name="robots">, from our crawler\'s own meta tag, and "none"', async () => {
    const both = await extractPage(councilPage({ head: '<meta name="robots" content="noindex, nofollow">' }));
    assert.deepEqual([both.noindex, both.nofollow], [true, true]);
    const ours = await extractPage(councilPage({ head: '<meta name="civic-search-crawler" content="noindex">' }));
    assert.deepEqual([ours.noindex, ours.nofollow], [true, false]);
    const none = await extractPage(councilPage({ head: '<meta name="ROBOTS" content="NONE">' }));
    assert.deepEqual([none.noindex, none.nofollow], [true, true]);
    const other = await extractPage(councilPage({ head: '<meta name="googlebot" content="noindex"><meta name="robots" content="index, follow">' }));
    assert.deepEqual([other.noindex, other.nofollow], [false, false]);
  });

  it('reads X-Robots-Tag, for every crawler or ours by name, not another crawler\'s', async () => {
    const header = (value: string) => extractPage(councilPage(), {}, { headers: new Headers({ 'x-robots-tag': value }) });
    const all = await header('noindex');
    assert.deepEqual([all.noindex, all.nofollow], [true, false]);
    const named = await header('googlebot: noindex, civic-search-crawler: nofollow');
    assert.deepEqual([named.noindex, named.nofollow], [false, true]);
    const dated = await header('unavailable_after: 2030-01-01, nofollow');
    assert.deepEqual([dated.noindex, dated.nofollow], [false, true]);
  });
});

describe('crawler extract: links', () => {
  const linksPage = (head = '') =>
    councilPage({
      head,
      article: `${ARTICLE}<p><a href="fees.pdf#page=2">Fees schedule (PDF, 120 KB)</a>
        <a href="/partners" rel="nofollow noopener">Partner site</a> <a href="mailto:waste@council.example">Email</a>
        <a href="tel:0800123">Call</a> <a href="javascript:alert(1)">Do it</a> <a href="data:text/html,hi">Data</a>
        <a href="ftp://files.council.example/x">FTP</a> <a href="https://other.example/a?b=c#frag">Elsewhere</a>
        <a href="fees.pdf">Fees schedule (PDF, 120 KB)</a> <a href="/map"><img src="m.png" alt="Collection map"></a></p>
        <map name="zones"><area href="/zones/north" alt="North zone"></map>`,
    });

  it('resolves every http(s) link against the page, strips fragments, flags nofollow, and skips other schemes', async () => {
    const { links } = await extractPage(linksPage());
    const byUrl = new Map(links.map((link) => [link.url, link]));
    assert.equal(byUrl.get('https://council.example/services/rubbish/fees.pdf')?.text, 'Fees schedule (PDF, 120 KB)');
    assert.equal(links.filter((link) => link.url === 'https://council.example/services/rubbish/fees.pdf').length, 1, 'exact duplicates listed once');
    assert.equal(byUrl.get('https://council.example/partners')?.nofollow, true);
    assert.equal(byUrl.get('https://council.example/services')?.nofollow, false);
    assert.ok(byUrl.has('https://other.example/a?b=c'));
    assert.equal(byUrl.get('https://council.example/map')?.text, 'Collection map');
    assert.equal(byUrl.get('https://council.example/zones/north')?.text, 'North zone');
    assert.ok(links.every((link) => /^https?:\/\//.test(link.url) && !link.url.includes('#')), JSON.stringify(links));
    assert.ok(!links.some((link) => /^(mailto|tel|javascript|data|ftp):/.test(link.url)));
  });

  it('resolves relative links against <base href>', async () => {
    const { links } = await extractPage(linksPage('<base href="https://council.example/docs/">'));
    assert.ok(links.some((link) => link.url === 'https://council.example/docs/fees.pdf'), JSON.stringify(links));
    assert.ok(links.some((link) => link.url === 'https://council.example/partners'));
  });

  it('gives the canonical address, and uses it as the document url only on the same host', async () => {
    const same = await extractPage(councilPage({ head: '<link rel="canonical" href="/rubbish#top">' }));
    assert.equal(same.canonical, 'https://council.example/rubbish');
    assert.equal(same.document.url, 'https://council.example/rubbish');
    const other = await extractPage(councilPage({ head: '<link rel="canonical" href="https://mirror.example/rubbish">' }));
    assert.equal(other.canonical, 'https://mirror.example/rubbish');
    assert.equal(other.document.url, URL_);
    const none = await extractPage(councilPage());
    assert.equal(none.canonical, undefined);
    assert.equal(none.document.url, URL_);
  });
});

describe('crawler extract: published date', () => {
  const dateOf = async (head: string, article = ARTICLE, sitemapLastmod?: string) =>
    (await extractPage(councilPage({ head, article }), {}, { sitemapLastmod })).document.published_date;

  it('reads each source in order and normalises to an ISO date-time', async () => {
    assert.equal(await dateOf('<meta property="article:published_time" content="2025-03-04T09:00:00+13:00">'), '2025-03-03T20:00:00.000Z');
    assert.equal(await dateOf('<meta name="dcterms.date" content="2024-11-05">'), '2024-11-05T00:00:00.000Z');
    assert.equal(await dateOf('<meta name="DC.date.issued" content="2023-07-01T10:30Z">'), '2023-07-01T10:30:00.000Z');
    assert.equal(await dateOf('', `${ARTICLE}<p>Updated <time datetime="2022-02-14">Valentine's day</time></p>`), '2022-02-14T00:00:00.000Z');
    assert.equal(await dateOf('', ARTICLE, '2021-09-30'), '2021-09-30T00:00:00.000Z');
    assert.equal(await dateOf(''), undefined);
    assert.equal(
      await dateOf('<meta property="article:published_time" content="2025-03-04"><meta name="dcterms.date" content="2020-01-01">'),
      '2025-03-04T00:00:00.000Z',
    );
    assert.ok(isIsoDate(await dateOf('<meta name="dcterms.date" content="2024-11-05T08:00:00.123456+05:30">')));
  });

  it('ignores a date that cannot be read and takes the next source, never failing the page', async () => {
    for (const garbage of ['yesterday', '2024-13-45', '2023-02-29', 'not a date <script>', '99999-01-01', '']) {
      assert.equal(await dateOf(`<meta name="dcterms.date" content="${garbage}">`, ARTICLE, '2021-09-30'), '2021-09-30T00:00:00.000Z', garbage);
    }
    assert.equal(await dateOf('', `${ARTICLE}<time datetime="soon">Soon</time>`, 'garbage'), undefined);
  });

  it('does not take article:modified_time for the published date', async () => {
    assert.equal(await dateOf('<meta property="article:modified_time" content="2025-01-01">'), undefined);
  });
});

describe('crawler extract: configured fields', () => {
  const head = `<meta name="keywords" content="Rubbish, recycling"><meta name="civic:topic" content="Environment">
    <meta name="dcterms.type" content="Guide"><meta name="civic:subsite" content="Libraries">`;

  it('reads type, topic and subsite from the built-in meta tags', async () => {
    const { document } = await extractPage(councilPage({ head }));
    assert.equal(document.document_type, 'Guide');
    assert.equal(document.topic, 'Environment');
    assert.equal(document.subsite, 'Libraries');
    const section = await extractPage(councilPage({ head: '<meta property="article:section" content="Waste">' }));
    assert.equal(section.document.topic, 'Waste');
  });

  it('maps a meta tag and a selector to fields, before the built-in tags', async () => {
    const config: ExtractionConfig = {
      fields: [
        { meta: 'keywords', field: 'topic' },
        { selector: '.breadcrumbs li:nth-child(2)', field: 'subtopic' },
        { selector: 'html', attribute: 'lang', field: 'language' },
        { meta: 'no-such-tag', field: 'audience' },
      ],
    };
    const { document } = await extractPage(councilPage({ head }), config);
    assert.equal(document.topic, 'Rubbish, recycling');
    assert.equal(document.subtopic, 'Waste and kerbside');
    assert.equal(document.language, 'en');
    assert.equal('audience' in document, false);
  });

  it('sets fields by URL path glob; the first matching rule wins, and rules win over meta tags', async () => {
    const config: ExtractionConfig = {
      rules: [
        { match: '/news/**', set: { document_type: 'News' } },
        { match: '/services/*/collection-days', set: { document_type: 'Service', topic: 'Waste' } },
        { match: '/services/**', set: { document_type: 'Other', subsite: 'Services' } },
      ],
    };
    const { document } = await extractPage(councilPage({ head }), config);
    assert.equal(document.document_type, 'Service');
    assert.equal(document.topic, 'Waste');
    assert.equal(document.subsite, 'Services');
    const news = await extractPage(councilPage(), config, { url: 'https://council.example/news/2025/bins' });
    assert.equal(news.document.document_type, 'News');
  });
});

describe('crawler extract: limits', () => {
  it('caps a 5 MB page quickly within the body cap and App Search\'s document size, cut on a word boundary', async () => {
    const paragraph = '<p>Ratepayers may apply for a rates rebate before the thirtieth of June each year online.</p>';
    const html = councilPage({ article: `<h1>Huge page</h1>${paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length))}` });
    assert.ok(html.length > 5 * 1024 * 1024);
    const started = performance.now();
    const { document } = await extractPage(html);
    const elapsed = performance.now() - started;
    const bodyBytes = Buffer.byteLength(JSON.stringify(document.body));
    assert.ok(bodyBytes <= DEFAULT_BODY_BYTES && bodyBytes > DEFAULT_BODY_BYTES - 200, String(bodyBytes));
    assert.ok(Buffer.byteLength(JSON.stringify({ id: 'crawl-0123456789abcdef01234567', ...document })) < MAX_DOCUMENT_BYTES);
    const words = new Set('Ratepayers may apply for a rates rebate before the thirtieth of June each year online.'.split(' '));
    assert.ok(words.has(document.body.split(/\s+/).at(-1)!), `cut inside a word: "${document.body.slice(-30)}"`);
    // A generous bound for a busy two-core machine: the point is seconds, not minutes.
    assert.ok(elapsed < 15_000, `took ${Math.round(elapsed)} ms`);
  });

  it('honours a smaller configured body cap, cutting between words', async () => {
    const { document } = await extractPage(councilPage(), { maxBodyBytes: 1024 + 100 });
    const { document: whole } = await extractPage(councilPage());
    assert.ok(Buffer.byteLength(JSON.stringify(document.body)) <= 1124);
    assert.ok(whole.body.startsWith(document.body), 'a prefix of the full body');
    const next = whole.body.charAt(document.body.length);
    assert.ok(next === '' || /\s/.test(next), `cut inside a word: "${document.body.slice(-20)}|${whole.body.slice(document.body.length, document.body.length + 10)}"`);
  });

  it('survives a page nested ten thousand elements deep', async () => {
    const depth = 10_000;
    const html = `<!doctype html><title>Deep</title><body><main>${'<div>'.repeat(depth)}<p>Deep text wallaby</p>${'</div>'.repeat(depth)}</main></body>`;
    const { document } = await extractPage(html);
    assert.match(document.body, /Deep text wallaby/);
  });
});

describe('crawler extract: other content types', () => {
  it('reports images, archives and unknown types as unsupported, with the type', async () => {
    for (const type of ['image/png', 'application/zip', 'text/plain', '']) {
      const extraction = await extractResource({ url: URL_, contentType: type, body: new Uint8Array([1, 2, 3]), headers: new Headers() });
      assert.equal(extraction.kind, 'unsupported');
      assert.match((extraction as { reason: string }).reason, new RegExp(`content type ${type || 'unknown'} is not indexed`));
    }
  });

  it('reads application/xhtml+xml as a page', async () => {
    const extraction = await extractResource({ ...resource(councilPage()), contentType: 'application/xhtml+xml' });
    assert.equal(extraction.kind, 'html');
  });

  it('reads an empty body, or bytes that are not HTML at all, as a page with what text there is', async () => {
    const noise = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 256);
    for (const body of [noise, new Uint8Array(0)]) {
      const extraction = await extractResource({ url: URL_, contentType: 'text/html', body, headers: new Headers() });
      assert.equal(extraction.kind, 'html', JSON.stringify(extraction).slice(0, 300));
      assert.ok(!hasControlCharacters(extraction));
      assert.equal((extraction as { document: { title: string } }).document.title, 'Collection days');
    }
  });
});
