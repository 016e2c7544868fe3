import type { Context } from 'hono';

/**
 * What the visitor's browser sees as this site: the host and scheme they used. Behind a TLS-terminating proxy
 * the request reaches Node as plain http, so the scheme (and sometimes the host) is only in the headers the
 * proxy sets, and those headers are believed only when the site is told a proxy sets them: anyone can send them.
 */
export interface VisitorOrigin {
  /** Host and port as the browser wrote them in the address bar, lower case (e.g. `example.org`, `127.0.0.1:8080`). */
  host: string;
  /** `https:` or `http:`, when known; undefined when only the host can be trusted. */
  protocol: 'https:' | 'http:' | undefined;
}

/** The first value of a header a proxy chain may have appended to (`a, b`). */
const firstValue = (value: string | undefined) => value?.split(',')[0]?.trim().toLowerCase() || undefined;

export function visitorOrigin(c: Context, trustProxy: boolean): VisitorOrigin {
  const url = new URL(c.req.url);
  const hostHeader = firstValue(c.req.header('host')) ?? url.host.toLowerCase();
  if (trustProxy) {
    const host = firstValue(c.req.header('x-forwarded-host')) ?? hostHeader;
    const proto = firstValue(c.req.header('x-forwarded-proto'));
    const protocol = proto === 'https' ? 'https:' : proto === 'http' ? 'http:' : (url.protocol as 'https:' | 'http:');
    return { host, protocol };
  }
  // Without a trusted proxy the scheme of the request URL says nothing about the browser's (a proxy may have
  // ended TLS): only the Host header, which the browser itself wrote, is known.
  return { host: hostHeader, protocol: url.protocol === 'https:' ? 'https:' : undefined };
}

/**
 * This site's origin as the visitor's browser (or a crawler) wrote it, for absolute addresses in pages, robots.txt
 * and sitemaps. When the scheme cannot be trusted from a proxy's header, the request's own scheme is used.
 */
export function siteOrigin(c: Context, trustProxy: boolean): string {
  const visitor = visitorOrigin(c, trustProxy);
  return `${visitor.protocol ?? new URL(c.req.url).protocol}//${visitor.host}`;
}

/** The request reached the visitor over HTTPS, as far as the site can tell. */
export function isHttpsRequest(c: Context, trustProxy: boolean): boolean {
  return visitorOrigin(c, trustProxy).protocol === 'https:';
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Host and port of a host string, with the scheme's default port written out (so `a` and `a:443` compare equal). */
function hostAndPort(host: string, protocol: string): string | undefined {
  try {
    const url = new URL(`${protocol}//${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return `${url.hostname}:${url.port || DEFAULT_PORTS[protocol]}`;
  } catch {
    return undefined;
  }
}

/**
 * An `Origin` header names the site the visitor is on. With the scheme known, scheme, host and port must all
 * match; without it, the host and port must, whatever the scheme (the port being the default of the Origin's scheme
 * when neither writes one).
 */
export function originMatches(origin: string, visitor: VisitorOrigin): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a privacy redirect) and anything malformed
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.origin !== origin.trim().toLowerCase().replace(/\/$/, '')) return false;
  if (visitor.protocol && parsed.protocol !== visitor.protocol) return false;
  const expected = hostAndPort(visitor.host, parsed.protocol);
  return expected !== undefined && expected === `${parsed.hostname}:${parsed.port || DEFAULT_PORTS[parsed.protocol]}`;
}
