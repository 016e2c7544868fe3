import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import robotsParser from 'robots-parser';
import type { Hono } from 'hono';
import type { SiteDocument } from 'civic-search';
import { createSiteApp, type SiteApp } from '../../examples/site/app';
import { siteSearchOptions } from '../../examples/site/search/site-search';
import { siteDocuments } from '../../examples/content/site-documents';
import { attachments, attachmentUrl } from '../../examples/content/attachments';
import { SITEMAP_MAX_URLS } from '../../examples/site/crawl/sitemap-entries';
import { escapeXml, urlsetXml } from '../../examples/site/crawl/sitemap-xml';

/**
 * The example council's site as a crawler finds it: robots.txt and the sitemaps it names, every address in them
 * answering with the meta tags that carry the same fields the site's indexer sends, the attached PDFs linked and
 * readable, and the pages that must stay out of search marked noindex.
 */

const ORIGIN = 'http://www.harbourton.example';
const HOST = new URL(ORIGIN).host;
const CRAWLER = 'civic-search';
const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

let dataDir: string;
let site: SiteApp;
let app: Hono;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'civic-crawlable-'));
  site = await createSiteApp({ search: siteSearchOptions({ ...process.env, SEARCH_DATA_DIR: dataDir }) });
  app = site.app;
});
after(async () => {
  await site.search.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A GET as a crawler sends it to the site at ORIGIN. */
const get = (url: string, headers: Record<string, string> = {}) =>
  app.request(new URL(url, ORIGIN).href, { headers: { host: HOST, ...headers } });

/** The content of the first `<meta>` with that name or property, decoded. */
function meta(html: string, name: string): string | undefined {
  const tag = new RegExp(`<meta (?:name|property)="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag ? decodeEntities(tag[1]) : undefined;
}
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!,
  );

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/** Every address of the sitemap at `url`, following a sitemap index one level down. */
async function sitemapUrls(url: string): Promise<{ urls: SitemapUrl[]; files: string[] }> {
  const response = await get(url);
  assert.equal(response.status, 200, url);
  assert.match(response.headers.get('content-type') ?? '', /^application\/xml/);
  const parsed = xml.parse(await response.text()) as { urlset?: { url: SitemapUrl[] }; sitemapindex?: { sitemap: SitemapUrl[] } };
  if (parsed.urlset) return { urls: parsed.urlset.url, files: [url] };
  assert.ok(parsed.sitemapindex, `${url} is a sitemap or a sitemap index`);
  const urls: SitemapUrl[] = [];
  const files: string[] = [];
  for (const child of parsed.sitemapindex.sitemap) {
    assert.ok(child.loc.startsWith(`${ORIGIN}/`), `${child.loc} is on the site's origin`);
    const inner = await sitemapUrls(child.loc);
    assert.ok(inner.urls.length <= SITEMAP_MAX_URLS, `${child.loc} holds at most ${SITEMAP_MAX_URLS} addresses`);
    assert.equal(
      child.lastmod,
      inner.urls
        .map((entry) => entry.lastmod ?? '')
        .sort()
        .at(-1),
      `${child.loc}: lastmod is its newest`,
    );
    urls.push(...inner.urls);
    files.push(...inner.files);
  }
  return { urls, files };
}

describe('robots.txt', () => {
  it('lets crawlers read the site and its files, keeps them from search, posts, fragments and views, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const robots = robotsParser(`${ORIGIN}/robots.txt`, await response.text());
    for (const path of [
      '/',
      '/contact',
      '/documents',
      '/documents/dog-control-bylaw-2012-1178',
      '/assets/documents/dog-control-bylaw-2012.pdf',
      '/dist/autoload.js',
      '/decision-trees/rates-rebate',
    ]) {
      assert.equal(robots.isAllowed(`${ORIGIN}${path}`, CRAWLER), true, `${path} may be crawled`);
    }
    for (const path of [
      '/search/SearchForm?Search=dogs',
      '/_search-proxy',
      '/api/as/v1/engines/site/search.json',
      '/documents/sort?url=%2Fdocuments%3Fsort%3Doldest',
      '/documents?fragment=results',
      '/documents?page=2',
      '/news/subtopics?topic=Animals',
      '/feedback',
      '/announcement/close',
      '/forms/report-a-problem/confirmation?ref=HCC-1',
      '/decision-trees/rates-rebate?own=yes',
    ]) {
      assert.equal(robots.isAllowed(`${ORIGIN}${path}`, CRAWLER), false, `${path} is not crawled`);
    }
    assert.deepEqual(robots.getSitemaps(), [`${ORIGIN}/sitemap.xml`]);
  });

  it('names the sitemap on the origin a trusted proxy says, and only then', async () => {
    const forwarded = { 'x-forwarded-host': 'www.harbourton.govt.nz', 'x-forwarded-proto': 'https' };
    const direct = robotsParser(`${ORIGIN}/robots.txt`, await (await get('/robots.txt', forwarded)).text());
    assert.deepEqual(
      direct.getSitemaps(),
      [`${ORIGIN}/sitemap.xml`],
      'forwarded headers are ignored unless the site is told a proxy sets them',
    );
    const before = process.env.SITE_TRUST_PROXY;
    process.env.SITE_TRUST_PROXY = '1';
    try {
      const proxied = robotsParser(`${ORIGIN}/robots.txt`, await (await get('/robots.txt', forwarded)).text());
      assert.deepEqual(proxied.getSitemaps(), ['https://www.harbourton.govt.nz/sitemap.xml']);
      const index = await (await get('/sitemap.xml', forwarded)).text();
      assert.match(index, /<loc>https:\/\/www\.harbourton\.govt\.nz\/sitemaps\/pages\.xml<\/loc>/);
    } finally {
      if (before === undefined) delete process.env.SITE_TRUST_PROXY;
      else process.env.SITE_TRUST_PROXY = before;
    }
  });
});

describe('the sitemaps', () => {
  let urls: SitemapUrl[];
  let files: string[];
  const documents = siteDocuments();
  const byUrl = new Map<string, SiteDocument>(documents.map((document) => [`${ORIGIN}${document.url}`, document]));

  before(async () => {
    ({ urls, files } = await sitemapUrls(`${ORIGIN}/sitemap.xml`));
  });

  it('are a sitemap index of small files, since the site has more addresses than one file takes', () => {
    assert.ok(urls.length > SITEMAP_MAX_URLS);
    assert.ok(files.length >= 3, `${files.length} sitemap files`);
    assert.equal(new Set(urls.map((entry) => entry.loc)).size, urls.length, 'no address listed twice');
  });

  it('list every page a visitor can reach: each indexed page and document, the listings, forms, trees and files', () => {
    const listed = new Set(urls.map((entry) => entry.loc));
    for (const document of documents) assert.ok(listed.has(`${ORIGIN}${document.url}`), `${document.url} is listed`);
    for (const path of [
      '/documents',
      '/news',
      '/forms',
      '/forms/report-a-problem',
      '/decision-trees/building-consent',
      '/decision-trees/rates-rebate',
    ]) {
      assert.ok(listed.has(`${ORIGIN}${path}`), `${path} is listed`);
    }
    for (const attachment of attachments) assert.ok(listed.has(`${ORIGIN}${attachmentUrl(attachment)}`), `${attachment.file} is listed`);
  });

  it("give each document's date as its lastmod", () => {
    for (const entry of urls) {
      const document = byUrl.get(entry.loc);
      if (document) assert.equal(entry.lastmod, document.published_date, entry.loc);
    }
  });

  it(
    'lead to pages that answer 200 with the fields the indexer sends, in the meta tags a crawler reads',
    { timeout: 120_000 },
    async () => {
      for (const { loc } of urls) {
        const response = await get(loc);
        assert.equal(response.status, 200, loc);
        if (loc.endsWith('.pdf')) {
          assert.equal(response.headers.get('content-type'), 'application/pdf', loc);
          continue;
        }
        const html = await response.text();
        assert.equal(canonical(html), loc, `${loc}: its canonical address is itself`);
        assert.equal(meta(html, 'robots'), undefined, `${loc} may be indexed`);
        assert.ok(meta(html, 'description'), `${loc} has a description`);
        const document = byUrl.get(loc);
        if (!document) continue;
        assert.equal(meta(html, 'og:title'), document.title, loc);
        assert.equal(meta(html, 'description'), document.summary, loc);
        assert.equal(meta(html, 'article:published_time'), document.published_date, loc);
        assert.equal(meta(html, 'dcterms.type'), document.document_type, loc);
        assert.equal(meta(html, 'dcterms.subject'), document.topic, loc);
        assert.equal(meta(html, 'civic:subtopic'), document.subtopic, loc);
        assert.equal(meta(html, 'civic:subsite'), document.subsite, loc);
      }
    },
  );

  it('are cacheable and revalidated with an ETag', async () => {
    const first = await get('/sitemap.xml');
    assert.equal(first.headers.get('cache-control'), 'public, no-cache');
    const tag = first.headers.get('etag');
    assert.ok(tag);
    const again = await get('/sitemap.xml', { 'if-none-match': tag });
    assert.equal(again.status, 304);
  });

  it('escape what XML must not hold raw, and read back as written', () => {
    assert.equal(escapeXml(`a&b<c>"d"'e'`), 'a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    const written = urlsetXml(ORIGIN, [{ path: '/documents?type=Policy&sort=title', lastmod: '2026-01-02' }]);
    assert.match(written, /type=Policy&amp;sort=title/);
    const parsed = xml.parse(written) as { urlset: { url: SitemapUrl[] } };
    assert.equal(parsed.urlset.url[0].loc, `${ORIGIN}/documents?type=Policy&sort=title`);
  });
});

describe('the attached PDFs', () => {
  it('are linked from their document with type and size, served as PDF, and hold their text and title', { timeout: 60_000 }, async () => {
    const { extractText, getDocumentProxy, getMeta } = await import('unpdf');
    const documents = new Map(siteDocuments().map((document) => [document.id, document]));
    for (const attachment of attachments) {
      const document = documents.get(attachment.documentId);
      assert.ok(document, `${attachment.documentId} is a document of the library`);
      const page = await (await get(document.url)).text();
      const href = attachmentUrl(attachment);
      const link = new RegExp(
        `<a class="attachment__link" href="${href}"[^>]*>${attachment.title}</a><p class="attachment__details">PDF, \\d+ KB</p>`,
      );
      assert.match(page, link, `${document.url} links ${attachment.file} with its type and size`);

      const response = await get(href);
      assert.equal(response.status, 200, href);
      assert.equal(response.headers.get('content-type'), 'application/pdf', href);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const size = Number(/PDF, (\d+) KB/.exec(page)?.[1]);
      assert.equal(size, Math.max(1, Math.round(bytes.length / 1024)), 'the size shown is the file served');
      const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
      const words = (value: string) => value.replace(/\s+/g, ' ').trim();
      for (const paragraph of attachment.paragraphs)
        assert.ok(words(text).includes(words(paragraph.replace(/^## /, ''))), `${attachment.file} holds "${paragraph.slice(0, 40)}..."`);
      const { info } = (await getMeta(await getDocumentProxy(bytes.slice()))) as { info: Record<string, string> };
      assert.equal(info.Title, attachment.title);
      assert.equal(info.Author, 'Harbourton City Council');
      assert.match(info.CreationDate, new RegExp(`^D:${attachment.published.replaceAll('-', '')}`));
    }
  });
});

describe('pages kept out of search', () => {
  const noindex = async (path: string, status: number) => {
    const response = await get(path);
    assert.equal(response.status, status, path);
    const html = await response.text();
    assert.equal(meta(html, 'robots'), 'noindex, follow', `${path} is marked noindex`);
    return html;
  };

  it('the not found page, a confirmation address and the search results page say noindex, with no canonical', async () => {
    for (const [path, status] of [
      ['/nowhere', 404],
      ['/forms/report-a-problem/confirmation?ref=HCC-0000', 404],
      ['/search/SearchForm?Search=dogs', 200],
    ] as const) {
      const html = await noindex(path, status);
      assert.equal(canonical(html), undefined, `${path} names no canonical page`);
      assert.equal(meta(html, 'dcterms.type'), undefined, `${path} claims no document type`);
    }
  });

  it('a view reached with a query string says noindex and points to its page', async () => {
    for (const [path, page] of [
      ['/documents?page=2', '/documents'],
      ['/news?topic=Animals', '/news'],
      ['/forms?q=rates', '/forms'],
      ['/?feedback=thanks', '/'],
    ] as const) {
      const html = await noindex(path, 200);
      assert.equal(canonical(html), `${ORIGIN}${page}`, path);
    }
  });
});
