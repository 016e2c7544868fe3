import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { PRIVACY_ENHANCED_HOST } from 'civic-elements/core';
import { siteServerConfig, type HstsOptions } from './site-config';
import { isHttpsRequest } from './visitor-origin';

export interface SecurityHeadersOptions {
  /**
   * Strict-Transport-Security: false (the default from SITE_HSTS_MAX_AGE, off unless set) sends none. A council
   * turns it on once the site is only ever served over HTTPS, and adds includeSubDomains only when every
   * subdomain of its domain is too (an apex domain's intranet or old service on plain HTTP would be cut off).
   */
  hsts?: HstsOptions | false;
  /** Believe X-Forwarded-Proto when telling HTTPS requests (default: SITE_TRUST_PROXY). */
  trustProxy?: boolean;
}

/** The header's value: browsers ignore it over plain HTTP anyway, so it is only ever sent over HTTPS. */
export function hstsValue({ maxAge, includeSubDomains }: HstsOptions): string {
  return `max-age=${maxAge}${includeSubDomains ? '; includeSubDomains' : ''}`;
}

/**
 * Secure default headers for every response, with a strict Content-Security-Policy: scripts and styles only
 * from this site (no inline script, no eval), no plugins, no <base> hijack, frames only from the video host.
 */
/** Headers a response may set for itself, which the site's defaults then leave alone. */
const KEPT_WHEN_SET = ['Content-Security-Policy', 'Referrer-Policy'];

export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler {
  const config = options.hsts === undefined || options.trustProxy === undefined ? siteServerConfig() : undefined;
  const hsts = options.hsts ?? config?.hsts ?? false;
  const trustProxy = options.trustProxy ?? config?.trustProxy ?? false;
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https://i.ytimg.com'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // The only origin video players may be framed from: the privacy-enhanced (no-cookie) host.
      frameSrc: [PRIVACY_ENHANCED_HOST],
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
  const value = hsts ? hstsValue(hsts) : undefined;
  return async (c, next) => {
    // A mounted app that sets a stricter policy of its own (the search console does) keeps it.
    let own: Array<[string, string]> = [];
    await headers(c, async () => {
      await next();
      own = KEPT_WHEN_SET.flatMap((name) => (c.res.headers.has(name) ? [[name, c.res.headers.get(name)!] as [string, string]] : []));
    });
    for (const [name, ownValue] of own) c.res.headers.set(name, ownValue);
    if (value && isHttpsRequest(c, trustProxy)) c.header('Strict-Transport-Security', value);
  };
}
