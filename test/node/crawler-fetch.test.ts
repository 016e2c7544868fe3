import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { crawlSite } from '../../packages/civic-search/src/crawler/crawl';
import { emptyState } from '../../packages/civic-search/src/crawler/crawl-state';
import { parseDuration } from '../../packages/civic-search/src/crawler/durations';
import { fetchResource, type FetchRequest } from '../../packages/civic-search/src/crawler/fetch-resource';
import { HostGate } from '../../packages/civic-search/src/crawler/host-gate';
import { createScope } from '../../packages/civic-search/src/crawler/scope';
import { parseSitemap } from '../../packages/civic-search/src/crawler/sitemaps';
import type { DocumentSink, SinkDocument } from '../../packages/civic-search/src/crawler/sinks';
import { documentId, normaliseUrl } from '../../packages/civic-search/src/crawler/urls';
import { page } from './crawler-test-site';

/** Starts a test site on loopback and says its origin. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Ends a test site, with any connection still open. */
async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A sink that takes every document and every delete, unless a test gives its own steps. */
const memorySink = (steps: Partial<DocumentSink> = {}): DocumentSink => ({
  description: 'memory',
  prepare: async () => undefined,
  put: async (documents) => documents.map(() => []),
  delete: async () => undefined,
  ...steps,
});

describe('crawler URLs, scope and durations', () => {
  it('normalises URLs to one spelling and refuses what it will not fetch', () => {
    assert.equal(normaliseUrl('HTTP://WWW.Example.GOVT.nz:80/a/b?x=1#top')?.href, 'http://www.example.govt.nz/a/b?x=1');
    assert.equal(normaliseUrl('https://example.govt.nz:443/')?.href, 'https://example.govt.nz/');
    assert.equal(normaliseUrl('../c', 'https://example.govt.nz/a/b/')?.href, 'https://example.govt.nz/a/c');
    assert.equal(
      normaliseUrl('https://example.govt.nz/p?utm_source=x&id=2&utm_medium=y', undefined, { dropQueryParameters: ['utm_*'] })?.href,
      'https://example.govt.nz/p?id=2',
    );
    assert.equal(normaliseUrl('https://example.govt.nz/p?utm_source=x', undefined, { dropQueryParameters: ['utm_*'] })?.href, 'https://example.govt.nz/p');
    for (const refused of ['mailto:a@b.nz', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@example.govt.nz/', 'ftp://example.govt.nz/']) {
      assert.equal(normaliseUrl(refused), undefined, refused);
    }
    assert.match(documentId('https://example.govt.nz/'), /^crawl-[0-9a-f]{24}$/);
    assert.equal(documentId('https://example.govt.nz/'), documentId('https://example.govt.nz/'));
  });

  it('keeps to the crawl hosts (www. is another host) and the include and exclude globs', () => {
    const scope = createScope(['example.govt.nz'], ['/services/**', '/news/*'], ['**/*.zip', '/services/private/**']);
    const allows = (url: string) => scope.allows(new URL(url));
    assert.equal(allows('https://example.govt.nz/services/rubbish/days'), true);
    assert.equal(allows('https://example.govt.nz/news/item'), true);
    assert.equal(allows('https://example.govt.nz/news/2026/item'), false);
    assert.equal(allows('https://example.govt.nz/services/a/file.zip'), false);
    assert.equal(allows('https://example.govt.nz/services/private/x'), false);
    assert.equal(allows('https://www.example.govt.nz/services/x'), false);
    assert.equal(allows('https://example.govt.nz:8443/services/x'), false);
  });

  it('reads durations', () => {
    assert.equal(parseDuration('30m'), 1_800_000);
    assert.equal(parseDuration('1h30m'), 5_400_000);
    assert.equal(parseDuration('90', 's'), 90_000);
    assert.throws(() => parseDuration('soon'), /not a duration/);
    assert.throws(() => parseDuration('5x'), /not a duration/);
  });
});

describe('crawler sitemaps', () => {
  it('reads urlsets and indexes, with lastmod, without expanding entities', async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const set = await parseSitemap(
      encode(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          '<url><loc> https://e.govt.nz/a?x=1&amp;y=2 </loc><lastmod>2026-01-02</lastmod></url><url><loc>https://e.govt.nz/b</loc></url></urlset>',
      ),
    );
    assert.deepEqual(set, { urls: [{ loc: 'https://e.govt.nz/a?x=1&y=2', lastmod: '2026-01-02' }, { loc: 'https://e.govt.nz/b' }], sitemaps: [] });
    const index = await parseSitemap(encode('<sitemapindex><sitemap><loc>https://e.govt.nz/s.xml.gz</loc></sitemap></sitemapindex>'));
    assert.deepEqual(index.sitemaps, [{ loc: 'https://e.govt.nz/s.xml.gz' }]);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
      '<urlset><url><loc>https://e.govt.nz/&c;</loc></url></urlset>';
    const bomb = await parseSitemap(encode(laughs));
    assert.ok(bomb.urls[0].loc.length < 100, 'an entity was expanded');
    assert.deepEqual((await parseSitemap(encode('https://e.govt.nz/one\nnot a url\nhttps://e.govt.nz/two\n'))).urls, [
      { loc: 'https://e.govt.nz/one' },
      { loc: 'https://e.govt.nz/two' },
    ]);
    await assert.rejects(parseSitemap(encode('<html><body>Not a sitemap</body></html>')), /not a sitemap/);
  });
});

describe('crawler fetching: untrusted answers', () => {
  let server: Server;
  let origin: string;
  let written = 0;
  const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
    '/loop': (request, response) => {
      const hop = Number(new URL(request.url!, origin).searchParams.get('n') ?? 0);
      response.writeHead(302, { Location: `/loop?n=${hop + 1}` }).end();
    },
    '/declared-huge': (_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(50 * 2 ** 20) });
      response.write('<html>');
      written += 6;
      response.on('error', () => undefined);
    },
    '/gzip-bomb.html': (_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(20 * 2 ** 20)));
    },
    '/bomb.xml.gz': (_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/gzip' }).end(gzipSync(Buffer.alloc(20 * 2 ** 20, ' ')));
    },
    '/photo.jpg': (_, response) => {
      response.writeHead(200, { 'Content-Type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024);
      const write = () => {
        while (written < 20 * 2 ** 20 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      response.on('error', () => undefined);
      write();
    },
    '/busy': (_, response) => {
      response.writeHead(429, { 'Retry-After': '2' }).end();
    },
    '/report.pdf': (_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('%PDF-1.4');
    },
    '/report': (_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('%PDF-1.4');
    },
  };
  const get = (path: string, kind: FetchRequest['kind'] = 'page') =>
    fetchResource(
      { url: new URL(path, origin), kind },
      {
        userAgent: 'test',
        limits: { htmlBytes: 2 ** 20, sitemapBytes: 2 ** 20, timeoutMs: 5000 },
        normalise: (location, base) => normaliseUrl(location, base),
        redirectRefusal: () => undefined,
      },
    );

  before(async () => {
    server = createServer((request, response) => {
      const route = routes[new URL(request.url!, 'http://x').pathname];
      if (route) route(request, response);
      else response.writeHead(404).end();
    });
    origin = await listen(server);
  });
  after(() => close(server));

  it('follows at most five redirects', async () => {
    const outcome = await get('/loop');
    assert.equal(outcome.type, 'failed');
    assert.match((outcome as { reason: string }).reason, /more than 5 redirects/);
  });

  it('refuses a body declared larger than its limit without reading it, and cuts off a compressed bomb', async () => {
    const declared = await get('/declared-huge');
    assert.equal(declared.type, 'failed');
    assert.match((declared as { reason: string }).reason, /larger than the 1 MB limit \(50 MB declared\)/);
    const bomb = await get('/gzip-bomb.html');
    assert.equal(bomb.type, 'failed');
    assert.match((bomb as { reason: string }).reason, /larger than the 1 MB limit/);
    const sitemap = await get('/bomb.xml.gz', 'sitemap');
    assert.equal(sitemap.type, 'failed');
    assert.match((sitemap as { reason: string }).reason, /once decompressed/);
  });

  it('does not download types it cannot use; takes octet-stream by the file extension', async () => {
    written = 0;
    const photo = await get('/photo.jpg');
    assert.equal(photo.type, 'skipped');
    assert.match((photo as { reason: string }).reason, /image\/jpeg is not crawled/);
    assert.ok(written < 10 * 2 ** 20, `${written} bytes of the photo were sent`);
    const report = await get('/report');
    assert.equal(report.type, 'skipped');
    const pdf = await get('/report.pdf');
    assert.equal(pdf.type === 'ok' && pdf.contentType, 'application/pdf');
  });

  it("reads a 429's Retry-After", async () => {
    const outcome = await get('/busy');
    assert.equal(outcome.type, 'failed');
    assert.equal((outcome as { retryAfterMs?: number }).retryAfterMs, 2000);
  });
});

describe('crawler politeness', () => {
  it('a host gate runs at most `concurrency` tasks at once, starts spaced by its delay', async () => {
    const gate = new HostGate(2, 30);
    let active = 0;
    let most = 0;
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, () =>
        gate.run(async () => {
          starts.push(Date.now());
          most = Math.max(most, ++active);
          await new Promise((resolve) => setTimeout(resolve, 50));
          active--;
        }),
      ),
    );
    assert.equal(most, 2);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]);
    // The gate measures from each real start, so even a late timer never brings two starts closer.
    assert.ok(gaps.every((gap) => gap >= 29), `starts ${gaps.join(', ')} ms apart`);
  });

  it('waits as long as a 429 asks before trying again', async () => {
    const times: number[] = [];
    let busy = true;
    const server = createServer((request, response) => {
      if (request.url === '/robots.txt') return void response.writeHead(404).end();
      times.push(Date.now());
      if (busy) {
        busy = false;
        return void response.writeHead(429, { 'Retry-After': '1' }).end();
      }
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Busy office', '<p>The front counter is open from nine until five on weekdays.</p>'));
    });
    const site = await listen(server);
    const written: SinkDocument[] = [];
    const sink = memorySink({ put: async (documents) => (written.push(...documents), documents.map(() => [])) });
    try {
      const summary = await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state: emptyState(`${site}/`, 'x') });
      assert.equal(summary.indexed, 1, JSON.stringify(summary));
      assert.deepEqual(
        written.map((document) => document.url),
        [`${site}/`],
      );
      assert.ok(times[1] - times[0] >= 950, `tried again after ${times[1] - times[0]} ms`);
    } finally {
      await close(server);
    }
  });

  it('indexes a page under its canonical URL on the site, once, and ignores a canonical elsewhere', async () => {
    const server = createServer((request, response) => {
      const html = (body: string, head = '') => response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Page', body, head));
      if (request.url === '/') return html('<p><a href="/fees?print=1">Fees (print)</a> <a href="/fees?view=plain">Fees</a> <a href="/copied">Copied</a></p>');
      if (request.url?.startsWith('/fees')) return html('<p>Building consent fees are set each year in the schedule of charges.</p>', '<link rel="canonical" href="/fees">');
      if (request.url === '/copied') return html('<p>A page that names a page of another site as its canonical address.</p>', '<link rel="canonical" href="https://elsewhere.example/original">');
      response.writeHead(404).end();
    });
    const site = await listen(server);
    const written: SinkDocument[] = [];
    const sink = memorySink({ put: async (documents) => (written.push(...documents), documents.map(() => [])) });
    try {
      await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state: emptyState(`${site}/`, 'x') });
      assert.deepEqual(written.map((document) => new URL(document.url).pathname + new URL(document.url).search).sort(), ['/', '/copied', '/fees']);
      assert.equal(written.find((document) => document.url.endsWith('/fees'))?.id, documentId(`${site}/fees`));
    } finally {
      await close(server);
    }
  });

  it('follows a redirect of robots.txt on its host and keeps to the rules it leads to', { timeout: 15_000 }, async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url!);
      if (request.url === '/robots.txt') return void response.writeHead(301, { Location: '/rules/robots.txt' }).end();
      if (request.url === '/rules/robots.txt') return void response.writeHead(200, { 'Content-Type': 'text/plain' }).end('User-agent: *\nDisallow: /staff\n');
      if (request.url === '/') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Home', '<p><a href="/staff">Staff</a> <a href="/pay">Pay</a></p>'));
      if (request.url === '/pay') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Pay', '<p>Pay your rates online or at the counter.</p>'));
      response.writeHead(404).end();
    });
    const site = await listen(server);
    const sink = memorySink();
    try {
      const summary = await crawlSite({ start: `${site}/`, delayMs: 0, limits: { timeoutMs: 3000 } }, { sink, state: emptyState(`${site}/`, 'x') });
      assert.equal(summary.indexed, 2, JSON.stringify(summary));
      assert.ok(asked.includes('/rules/robots.txt'));
      assert.ok(!asked.includes('/staff'));
    } finally {
      await close(server);
    }
  });

  it('reports a document the service refuses as a failure with its URL, and tries it again next time', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Home', '<p><a href="/refused">Refused</a></p>'));
      if (request.url === '/refused') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Refused', '<p>A page the service will not take.</p>'));
      response.writeHead(404).end();
    });
    const site = await listen(server);
    let refuse = true;
    const sink = memorySink({
      put: async (documents) => documents.map((document) => (refuse && document.url.endsWith('/refused') ? ['Field "title" is too long'] : [])),
    });
    const state = emptyState(`${site}/`, 'x');
    try {
      const first = await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state });
      assert.deepEqual(first.failures, [{ url: `${site}/refused`, reason: 'refused by the service: Field "title" is too long' }]);
      assert.equal(first.indexed, 1);
      refuse = false;
      const second = await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state });
      assert.equal(second.indexed, 1, 'the refused page was not tried again');
      assert.equal(second.unchanged, 1);
    } finally {
      await close(server);
    }
  });

  it('deletes a gone page’s document on a later crawl when the service refused the first delete', async () => {
    let gone = false;
    const server = createServer((request, response) => {
      if (request.url === '/') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Home', '<p><a href="/notice">Notice</a></p>'));
      if (request.url === '/notice' && !gone) return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(page('Notice', '<p>Road closed on Friday.</p>'));
      response.writeHead(404).end();
    });
    const site = await listen(server);
    const held = new Map<string, string>();
    let refuseDeletes = false;
    const sink = memorySink({
      put: async (documents) => documents.map((document) => (held.set(document.id, document.url), [])),
      delete: async (ids) => {
        if (refuseDeletes) throw new Error('503 Service Unavailable');
        for (const id of ids) held.delete(id);
      },
    });
    const state = emptyState(`${site}/`, 'x');
    const urls = () => [...held.values()].map((url) => new URL(url).pathname).sort();
    try {
      await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state });
      assert.deepEqual(urls(), ['/', '/notice']);
      gone = true;
      refuseDeletes = true;
      const refused = await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state });
      assert.equal(refused.deleted, 0);
      assert.deepEqual(urls(), ['/', '/notice'], 'the service refused the delete');
      refuseDeletes = false;
      const next = await crawlSite({ start: `${site}/`, delayMs: 0 }, { sink, state });
      assert.equal(next.deleted, 1);
      assert.deepEqual(urls(), ['/'], 'the next crawl deleted the gone page, though its URL had no state left');
      assert.equal(state.pendingDeletes, undefined);
    } finally {
      await close(server);
    }
  });
});
