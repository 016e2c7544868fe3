import { gunzipSync } from 'node:zlib';

/** What a fetch is for: each kind accepts its own content types and size. */
export type ResourceKind = 'page' | 'sitemap' | 'robots';

export interface FetchLimits {
  /** A request, redirects and body included, is given up after this long. */
  timeoutMs: number;
  /** Bytes of an HTML page (after decompression). */
  htmlBytes: number;
  /** Bytes of a PDF or Word document. */
  fileBytes: number;
  /** Bytes of a sitemap, after decompression (an `.xml.gz` file included). */
  sitemapBytes: number;
  /** Bytes of robots.txt (more is ignored, as the robots standard allows). */
  robotsBytes: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 20_000,
  htmlBytes: 5 * 2 ** 20,
  fileBytes: 25 * 2 ** 20,
  sitemapBytes: 50 * 2 ** 20,
  robotsBytes: 500 * 2 ** 10,
};

/** At most this many redirects are followed for one URL. */
export const MAX_REDIRECTS = 5;

export const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XML_TYPES = ['application/xml', 'text/xml'];
const GZIP_TYPES = ['application/gzip', 'application/x-gzip'];

export type FetchOutcome =
  | { type: 'ok'; url: URL; status: number; contentType: string; body: Uint8Array; headers: Headers }
  | { type: 'not-modified'; url: URL; headers: Headers }
  | { type: 'gone'; url: URL; status: number }
  | { type: 'skipped'; url: URL; reason: string }
  | { type: 'failed'; url: URL; reason: string; status?: number; retryAfterMs?: number };

export interface FetcherOptions {
  fetch?: typeof fetch;
  userAgent: string;
  limits?: Partial<FetchLimits>;
  /** Why a redirect's target may not be fetched (another host, excluded, disallowed), or undefined when it may. */
  redirectRefusal(target: URL): string | undefined | Promise<string | undefined>;
  /** Waits before requesting a redirect's target, as the target's host asks (the delay between requests). */
  beforeRedirect?(target: URL): Promise<void>;
  /** The one spelling of a redirect's target (the crawl's URL rules); undefined for a target it will not fetch. */
  normalise(location: string, base: URL): URL | undefined;
}

export interface FetchRequest {
  url: URL;
  kind: ResourceKind;
  /** Validators from the last crawl, sent as If-None-Match and If-Modified-Since. */
  etag?: string;
  lastModified?: string;
  signal?: AbortSignal;
}

const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();

/** Servers often send documents as octet-stream: the extension then says what it is. */
function effectiveType(type: string, url: URL): string {
  if (type !== 'application/octet-stream' && type !== '') return type;
  const path = url.pathname.toLowerCase();
  if (path.endsWith('.pdf')) return PDF_TYPE;
  if (path.endsWith('.docx')) return DOCX_TYPE;
  if (path.endsWith('.gz')) return 'application/gzip';
  if (path.endsWith('.xml')) return 'application/xml';
  return type;
}

/** The byte limit for a response of this kind and type, or undefined when the crawler does not download that type. */
function limitFor(kind: ResourceKind, type: string, limits: FetchLimits): number | undefined {
  if (kind === 'robots') return limits.robotsBytes;
  if (kind === 'sitemap') return [...XML_TYPES, ...GZIP_TYPES, 'text/plain'].includes(type) ? limits.sitemapBytes : undefined;
  if (HTML_TYPES.includes(type)) return limits.htmlBytes;
  if (type === PDF_TYPE || type === DOCX_TYPE) return limits.fileBytes;
  return undefined;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

class TooLarge extends Error {}

/** Reads a body up to `limit` bytes; past it, stops reading (the rest is never downloaded) and throws TooLarge. */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MB`;

/**
 * Fetches one URL for the crawler, treating the site as untrusted: http(s) only; redirects followed by hand, at most
 * five and only to targets the crawl allows; a deadline over the whole exchange, body included; content types it
 * cannot use never downloaded; bodies cut off at their size limit (counted as they stream, after the transport's
 * decompression, so a compressed bomb stops at the limit too); `.gz` sitemaps inflated with the same limit. The
 * crawler never sends credentials of any kind: no Authorization header, no cookies.
 */
export async function fetchResource(request: FetchRequest, options: FetcherOptions): Promise<FetchOutcome> {
  const limits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
  const fetcher = options.fetch ?? fetch;
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
  let url = request.url;
  try {
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        'User-Agent': options.userAgent,
        Accept:
          request.kind === 'page'
            ? `text/html,application/xhtml+xml,${PDF_TYPE},${DOCX_TYPE};q=0.9`
            : request.kind === 'sitemap'
              ? 'application/xml,text/xml,application/gzip;q=0.9,*/*;q=0.5'
              : 'text/plain,*/*;q=0.5',
        'Accept-Encoding': 'gzip, deflate, br',
      };
      if (hop === 0 && request.etag) headers['If-None-Match'] = request.etag;
      if (hop === 0 && request.lastModified) headers['If-Modified-Since'] = request.lastModified;
      const response = await fetcher(url, { headers, redirect: 'manual', signal });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) return { type: 'failed', url, status: response.status, reason: `HTTP ${response.status} without a Location` };
        if (hop >= MAX_REDIRECTS) return { type: 'failed', url: request.url, reason: `more than ${MAX_REDIRECTS} redirects` };
        const target = options.normalise(location, url);
        if (!target) return { type: 'skipped', url: request.url, reason: `redirects to a URL the crawler does not fetch` };
        const refusal = await options.redirectRefusal(target);
        if (refusal) return { type: 'skipped', url: request.url, reason: `redirects to ${target.href}, ${refusal}` };
        await options.beforeRedirect?.(target);
        url = target;
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel().catch(() => undefined);
        return { type: 'not-modified', url, headers: response.headers };
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel().catch(() => undefined);
        return { type: 'gone', url, status: response.status };
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        const retry = response.status === 429 || response.status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
        return { type: 'failed', url, status: response.status, reason: `HTTP ${response.status}`, ...(retry !== undefined && { retryAfterMs: retry }) };
      }
      const declared = mediaType(response.headers);
      const contentType = request.kind === 'robots' ? declared || 'text/plain' : effectiveType(declared, url);
      const limit = limitFor(request.kind, contentType, limits);
      if (limit === undefined) {
        await response.body?.cancel().catch(() => undefined);
        return { type: 'skipped', url, reason: `content type ${declared || '(none)'} is not crawled` };
      }
      const length = Number(response.headers.get('content-length'));
      // A declared length over the limit is refused before reading (a compressed body's length is of the compressed bytes).
      if (Number.isFinite(length) && length > limit && !response.headers.get('content-encoding')) {
        await response.body?.cancel().catch(() => undefined);
        return { type: 'failed', url, reason: `larger than the ${megabytes(limit)} limit (${megabytes(length)} declared)` };
      }
      let body: Uint8Array;
      try {
        body = await readLimited(response.body, limit);
      } catch (error) {
        if (error instanceof TooLarge) return { type: 'failed', url, reason: `larger than the ${megabytes(limit)} limit` };
        throw error;
      }
      if (request.kind === 'sitemap' && (GZIP_TYPES.includes(contentType) || isGzip(body))) {
        try {
          body = gunzipSync(body, { maxOutputLength: limit });
        } catch (error) {
          const reason = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError
            ? `larger than the ${megabytes(limit)} limit once decompressed`
            : 'not a readable gzip file';
          return { type: 'failed', url, reason };
        }
      }
      return { type: 'ok', url, status: 200, contentType, body, headers: response.headers };
    }
  } catch (error) {
    if (deadline.aborted) return { type: 'failed', url, reason: `no complete answer within ${limits.timeoutMs / 1000} s` };
    if (request.signal?.aborted) return { type: 'failed', url, reason: 'stopped' };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { type: 'failed', url, reason: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

const isGzip = (body: Uint8Array) => body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
