/**
 * A small council site for the crawler's tests, served with node:http on 127.0.0.1 (a port the system picks). Every
 * request is recorded (path, headers, start time) so a test can check what the crawler asked for, and the pages can
 * be changed between crawls. A second server stands for another site: it records what it is asked and should never
 * be asked anything.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Document, Packer, Paragraph, HeadingLevel } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface Served {
  status?: number;
  type?: string;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Answer only after this many milliseconds. */
  delayMs?: number;
  /** Answer only once this settles (a test holds a crawl mid-way while it checks something). */
  until?: Promise<unknown>;
  /** Stream this many bytes of HTML slowly instead of a body (a huge page). */
  hugeBytes?: number;
}

export interface TestSite {
  origin: string;
  host: string;
  /** Another site's origin (links and redirects there must never be followed). */
  otherOrigin: string;
  requests: RecordedRequest[];
  otherRequests: RecordedRequest[];
  pages: Map<string, Served>;
  /** Bytes of the huge page actually written before the crawler stopped reading. */
  hugeBytesSent(): number;
  close(): Promise<void>;
}

export const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Example Council</title>${head}</head>` +
  `<body><header><nav><a href="/">Home</a></nav></header><main><h1>${title}</h1>${body}</main><footer>Example Council</footer></body></html>`;

const paragraph = (text: string) => `<p>${text} ${'The council publishes this information for residents and ratepayers of the district. '.repeat(3)}</p>`;

export async function makePdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Annual water quality report');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([595, 842]);
  sheet.drawText(text, { x: 50, y: 780, size: 12, font });
  return pdf.save();
}

export async function makeDocx(text: string): Promise<Uint8Array> {
  const document = new Document({
    title: 'Dog registration guide',
    sections: [{ children: [new Paragraph({ text: 'Dog registration guide', heading: HeadingLevel.HEADING_1 }), new Paragraph(text)] }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** The site's pages, as a test starts with them. `crawlDelay` in seconds goes into robots.txt. */
export async function startTestSite(options: { crawlDelay?: number } = {}): Promise<TestSite> {
  const requests: RecordedRequest[] = [];
  const otherRequests: RecordedRequest[] = [];
  const pages = new Map<string, Served>();
  let hugeSent = 0;
  const other = createServer((request, response) => {
    otherRequests.push({ path: request.url ?? '', headers: request.headers, at: Date.now() });
    response.end(page('Another site', '<p>Not ours.</p>'));
  });
  const otherPort = await listen(other);
  const otherOrigin = `http://127.0.0.1:${otherPort}`;

  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers, at: Date.now() });
    const served = pages.get(path);
    if (!served) {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end(page('Not found', '<p>Nothing here.</p>'));
      return;
    }
    const answer = () => respond(request.headers, response, served, (bytes) => (hugeSent += bytes));
    if (served.until) void served.until.finally(answer);
    else if (served.delayMs) setTimeout(answer, served.delayMs);
    else answer();
  });
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;
  const crawlDelay = options.crawlDelay === undefined ? '' : `Crawl-delay: ${options.crawlDelay}\n`;
  pages.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: *\nDisallow: /private/\n${crawlDelay}\nSitemap: ${origin}/sitemap-index.xml\n`,
  });
  pages.set('/sitemap-index.xml', {
    type: 'application/xml',
    body:
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
      `<sitemap><loc>${origin}/sitemap-pages.xml.gz</loc><lastmod>2026-11-01</lastmod></sitemap></sitemapindex>`,
  });
  const sitemap =
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
    `<url><loc>${origin}/services/rubbish/collection-days</loc><lastmod>2026-10-15</lastmod></url>` +
    `<url><loc>${origin}/sitemap-only</loc><lastmod>2026-09-01T10:00:00Z</lastmod></url>` +
    `<url><loc>${otherOrigin}/listed-elsewhere</loc></url>` +
    `</urlset>`;
  pages.set('/sitemap-pages.xml.gz', { type: 'application/gzip', body: gzipSync(sitemap) });
  pages.set(
    '/',
    {
      type: 'text/html',
      body: page(
        'Welcome',
        paragraph('Welcome to the council website.') +
          `<ul><li><a href="/services/">Services</a></li><li><a href="/about#team">About us</a></li>` +
          `<li><a href="/hidden" rel="nofollow">Hidden</a></li><li><a href="/private/secret">Staff</a></li>` +
          `<li><a href="${otherOrigin}/elsewhere">Another site</a></li><li><a href="/docs/water-report.pdf">Water report</a></li>` +
          `<li><a href="/docs/dog-guide.docx">Dog guide</a></li><li><a href="/moved">Moved</a></li><li><a href="/away">Away</a></li>` +
          `<li><a href="/slow">Slow</a></li><li><a href="/broken">Broken</a></li><li><a href="/huge">Huge</a></li>` +
          `<li><a href="/quiet">Quiet</a></li><li><a href="/closed">Closed</a></li><li><a href="/changing">Changing</a></li>` +
          `<li><a href="/zanzibar-notice">Notice</a></li><li><a href="/logo.png">Logo</a></li><li><a href="/to-service">Search admin</a></li></ul>`,
      ),
    },
  );
  pages.set('/services/', {
    type: 'text/html',
    body: page('Services', paragraph('Everything the council does for you.') + '<p><a href="/services/rubbish/">Rubbish and recycling</a></p>'),
  });
  pages.set('/services/rubbish/', {
    type: 'text/html',
    body: page('Rubbish and recycling', paragraph('Bins, recycling and the landfill.') + '<p><a href="./collection-days">Collection days</a></p>'),
  });
  pages.set('/services/rubbish/collection-days', {
    type: 'text/html',
    body: page('Collection days', paragraph('Kerbside wheelie bins are emptied weekly on your collection day.')),
  });
  pages.set('/sitemap-only', { type: 'text/html', body: page('Cemetery records', paragraph('Search the burial register of the old cemetery.')) });
  pages.set('/about', { type: 'text/html', body: page('About the council', paragraph('Elected members and the mayor.')) });
  pages.set('/hidden', { type: 'text/html', body: page('Hidden page', paragraph('Only a nofollow link leads here.')) });
  pages.set('/private/secret', { type: 'text/html', body: page('Secret', paragraph('Robots.txt keeps this out.')) });
  pages.set('/docs/water-report.pdf', { type: 'application/pdf', body: await makePdf('Drinking water met every fluoride and turbidity standard this year.') });
  pages.set('/docs/dog-guide.docx', {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    body: await makeDocx('Register your dog by the first of July to avoid the late microchipping penalty.'),
  });
  pages.set('/moved', { status: 301, headers: { Location: '/services/moved-here' } });
  pages.set('/services/moved-here', { type: 'text/html', body: page('Parking permits', paragraph('Residents parking permits for the inner city.')) });
  pages.set('/away', { status: 302, headers: { Location: `${otherOrigin}/landing` } });
  pages.set('/slow', { type: 'text/html', delayMs: 4500, body: page('Slow', paragraph('Too slow.')) });
  pages.set('/broken', { status: 500, type: 'text/html', body: 'Internal error' });
  pages.set('/huge', { type: 'text/html', hugeBytes: 8 * 2 ** 20 });
  pages.set('/quiet', {
    type: 'text/html',
    body: page('Quiet page', paragraph('Not for the index.') + '<p><a href="/from-quiet">Library hours</a></p>', '<meta name="robots" content="noindex">'),
  });
  pages.set('/from-quiet', { type: 'text/html', body: page('Library hours', paragraph('The library opens at nine every weekday.')) });
  pages.set('/closed', {
    type: 'text/html',
    body: page('Closed door', paragraph('Indexed but its links are not followed.') + '<p><a href="/behind-closed">Behind</a></p>', '<meta name="robots" content="nofollow">'),
  });
  pages.set('/behind-closed', { type: 'text/html', body: page('Behind', paragraph('Never reached.')) });
  pages.set('/changing', { type: 'text/html', body: page('Swimming pool', paragraph('The aquatic centre hydroslide is open.')) });
  pages.set('/zanzibar-notice', { type: 'text/html', body: page('Zanzibar notice', paragraph('A public notice about the zanzibar exhibition.')) });
  pages.set('/logo.png', { type: 'image/png', body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });

  return {
    origin,
    host: `127.0.0.1:${port}`,
    otherOrigin,
    requests,
    otherRequests,
    pages,
    hugeBytesSent: () => hugeSent,
    async close() {
      server.closeAllConnections();
      other.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => other.close(resolve))]);
    },
  };
}

/** Answers with an ETag and Last-Modified from the content, and 304 when the crawler's validators still match. */
function respond(headers: IncomingHttpHeaders, response: ServerResponse, served: Served, countHuge: (bytes: number) => void): void {
  if (served.hugeBytes) {
    response.writeHead(200, { 'Content-Type': served.type ?? 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < served.hugeBytes! && !response.destroyed) {
        sent += chunk.length;
        countHuge(chunk.length);
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('error', () => undefined);
    write();
    return;
  }
  const body = served.body === undefined ? '' : served.body;
  const status = served.status ?? 200;
  const extra: Record<string, string> = { ...served.headers };
  if (status === 200) {
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    extra.ETag = etag;
    if (headers['if-none-match'] === etag) {
      response.writeHead(304, extra).end();
      return;
    }
  }
  response.writeHead(status, { ...(served.type && { 'Content-Type': served.type }), ...extra }).end(body);
}
