/**
 * Share links for a page: the URL to share, the networks' share addresses, and which network a
 * server-rendered share link points to. Pure functions: no DOM, no React.
 */

/** The networks the share panel builds links for, in the order it shows them. */
export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export interface SharePage {
  /** Absolute http(s) address of the page. */
  url: string;
  /** The page's title (the email subject and the X post text). */
  title: string;
}

export interface EmailText {
  subject: string;
  body: string;
}

export interface ShareLink {
  network: ShareNetwork;
  href: string;
}

/** The page address without its fragment: `#section` is where a reader was, not the page itself. */
export function withoutHash(href: string): string {
  const hashAt = href.indexOf('#');
  return hashAt === -1 ? href : href.slice(0, hashAt);
}

export interface ShareUrlResult {
  url: string;
  /** Set when the given address was unusable and the page itself is shared instead. */
  warning?: string;
}

/**
 * The address to share. An author-given `url` may be relative (it is resolved against the page) but must
 * be http or https; anything else is reported and the current page (without its hash) is shared instead.
 */
export function resolveShareUrl(given: string | undefined, pageHref: string): ShareUrlResult {
  const fallback = withoutHash(pageHref);
  if (given === undefined || given.trim() === '') return { url: fallback };
  let resolved: URL;
  try {
    resolved = new URL(given.trim(), pageHref);
  } catch {
    return { url: fallback, warning: `"${given}" is not a valid address; the current page is shared instead.` };
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') {
    return { url: fallback, warning: `"${given}" is not an http(s) address; the current page is shared instead.` };
  }
  return { url: resolved.href };
}

const param = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** The share address of one network for a page. Every value is percent-encoded (spaces as %20, never +). */
export function shareHref(network: ShareNetwork, page: SharePage, email: EmailText): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${param('u', page.url)}`;
    case 'x':
      return `https://x.com/intent/tweet?${param('url', page.url)}&${param('text', page.title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?${param('url', page.url)}`;
    case 'email':
      // RFC 6068: mailto with an empty recipient; line breaks in the body as %0D%0A.
      return `mailto:?${param('subject', email.subject)}&${param('body', email.body.replace(/\r?\n/g, '\r\n'))}`;
  }
}

/** Every network's share link for a page, in display order. */
export function buildShareLinks(page: SharePage, email: EmailText): ShareLink[] {
  return SHARE_NETWORKS.map((network) => ({ network, href: shareHref(network, page, email) }));
}

const NETWORK_HOSTS: ReadonlyArray<readonly [string, ShareNetwork]> = [
  ['facebook.com', 'facebook'],
  ['x.com', 'x'],
  ['twitter.com', 'x'],
  ['linkedin.com', 'linkedin'],
];

/**
 * The network a share link points to: a known network's name, `email` for mailto, otherwise the link's
 * host name without `www.` (so `share-panel-share` still says where the visitor went), or `link`.
 */
export function networkOfHref(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return 'link';
  }
  if (url.protocol === 'mailto:') return 'email';
  const host = url.hostname.toLowerCase();
  for (const [domain, network] of NETWORK_HOSTS) {
    if (host === domain || host.endsWith(`.${domain}`)) return network;
  }
  return host ? host.replace(/^www\./, '') : 'link';
}
