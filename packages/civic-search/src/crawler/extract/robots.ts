/**
 * Robots directives for one resource: `<meta name="robots">` and `<meta name="civic-search-crawler">` in a page,
 * and the X-Robots-Tag header on any response (the only way a PDF can say it). A directive counts when it is
 * addressed to every crawler or to ours by name; one addressed to another crawler ("googlebot: noindex") does not.
 */

/** The name this crawler answers to in robots meta tags and X-Robots-Tag, as search engines' crawlers do. */
export const CRAWLER_ROBOTS_NAME = 'civic-search-crawler';

export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

/** Directives that take a value after a colon: their name is not a crawler's name. */
const VALUED_DIRECTIVES = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);

/** Adds one comma-separated list of directives ("noindex, nofollow", "none") to what is known. */
function addDirectives(into: RobotsDirectives, words: Iterable<string>): void {
  for (const raw of words) {
    const word = raw.trim().toLowerCase();
    if (word === 'noindex' || word === 'none') into.noindex = true;
    if (word === 'nofollow' || word === 'none') into.nofollow = true;
  }
}

/** A robots meta tag's content (the tag already addressed to every crawler or to ours). */
export function addMetaDirectives(into: RobotsDirectives, content: string | null | undefined): void {
  if (content) addDirectives(into, content.slice(0, 1000).split(','));
}

/**
 * X-Robots-Tag: the Headers object joins repeated headers with ", ". A crawler's name followed by a colon
 * addresses the directives after it, up to the next name ("googlebot: noindex, civic-search-crawler: nofollow").
 */
export function addHeaderDirectives(into: RobotsDirectives, header: string | null | undefined): void {
  if (!header) return;
  let addressedToUs = true;
  const ours: string[] = [];
  for (const part of header.slice(0, 4000).split(',')) {
    const colon = part.indexOf(':');
    let directive = part;
    if (colon > 0) {
      const name = part.slice(0, colon).trim().toLowerCase();
      if (!VALUED_DIRECTIVES.has(name)) {
        addressedToUs = name === CRAWLER_ROBOTS_NAME || name === '*';
        directive = part.slice(colon + 1);
      }
    }
    if (addressedToUs) ours.push(directive);
  }
  addDirectives(into, ours);
}

export function headerDirectives(headers: Headers): RobotsDirectives {
  const directives = { noindex: false, nofollow: false };
  addHeaderDirectives(directives, headers.get('x-robots-tag'));
  return directives;
}
