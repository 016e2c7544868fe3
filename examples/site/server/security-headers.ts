import { secureHeaders } from 'hono/secure-headers';
import { PRIVACY_ENHANCED_HOST } from '../../../src/core/video-url';

/**
 * Secure default headers for every response, with a strict Content-Security-Policy: scripts and styles only
 * from this site (no inline script, no eval), no plugins, no <base> hijack, frames only from the video host.
 */
export function securityHeaders() {
  return secureHeaders({
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
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
