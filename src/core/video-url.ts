/**
 * Video links the kit turns into players. A link is played in the page only if it matches a
 * video-site watch, embed or short-link pattern with an 11-character id. Everything else stays a link.
 */

/** A video id: exactly 11 characters of letters, digits, `_` and `-`. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Hosts of watch pages and embeds (`www.` and `m.` included). */
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
/** Hosts of the privacy-enhanced player, which has embeds only. */
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
/** The short-link host: `youtu.be/<id>`. */
const SHORT_LINK_HOST = 'youtu.be';

/** The privacy-enhanced player host: players and fallback frames are created on it. */
export const PRIVACY_ENHANCED_HOST = 'https://www.youtube-nocookie.com';
/** Where the video site's iframe API script is loaded from unless the element says otherwise. */
export const DEFAULT_IFRAME_API_SRC = 'https://www.youtube.com/iframe_api';
/** How long to wait for the iframe API before falling back to a plain embed frame. */
export const IFRAME_API_TIMEOUT_MS = 8000;

export function isVideoId(value: string): boolean {
  return VIDEO_ID.test(value);
}

/** `/embed/<id>` (an optional trailing slash allowed), or nothing. */
function idFromEmbedPath(pathname: string): string | null {
  const match = /^\/embed\/([^/]+)\/?$/.exec(pathname);
  return match && isVideoId(match[1]) ? match[1] : null;
}

/**
 * The video id of a watch, embed or short link, or null for any other URL:
 * - `https://(www.|m.)youtube.com/watch?v=<id>` (other query parameters allowed)
 * - `https://(www.|m.)youtube.com/embed/<id>`
 * - `https://(www.)youtube-nocookie.com/embed/<id>`
 * - `https://youtu.be/<id>`
 * Only http(s) URLs on the default port without credentials qualify; a relative URL needs `base`.
 */
export function videoIdFromUrl(href: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.port !== '' || url.username !== '' || url.password !== '') return null;

  const host = url.hostname;
  if (WATCH_HOSTS.has(host)) {
    if (url.pathname === '/watch' || url.pathname === '/watch/') {
      const id = url.searchParams.get('v') ?? '';
      return isVideoId(id) ? id : null;
    }
    return idFromEmbedPath(url.pathname);
  }
  if (NOCOOKIE_HOSTS.has(host)) return idFromEmbedPath(url.pathname);
  if (host === SHORT_LINK_HOST) {
    const id = url.pathname.replace(/^\//, '').replace(/\/$/, '');
    return isVideoId(id) ? id : null;
  }
  return null;
}

/** The privacy-enhanced embed that starts playing at once: the frame used when the iframe API is unavailable. */
export function autoplayEmbedUrl(videoId: string): string {
  if (!isVideoId(videoId)) throw new Error(`"${videoId}" is not a video id.`);
  return `${PRIVACY_ENHANCED_HOST}/embed/${videoId}?autoplay=1`;
}
