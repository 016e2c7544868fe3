/** What `<jump-to-top>` needs from its server markup. */
export interface ParsedJumpLink {
  /** The server's "Back to top" link: the first link to a fragment of this page. Null when there is none. */
  link: HTMLAnchorElement | null;
  /** The id the link points at (`top` for `href="#top"`), decoded. */
  targetId: string;
}

/** Whether a link goes to a place on the current page rather than to another page. */
function isInPageLink(link: HTMLAnchorElement): boolean {
  if (link.hash.length < 2) return false;
  const withoutHash = (url: string) => url.split('#')[0];
  return withoutHash(link.href) === withoutHash(location.href);
}

function decodeFragment(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Finds the first in-page link among the server nodes (the node itself, or deeper down). */
export function parseJumpLink(nodes: readonly Node[]): ParsedJumpLink {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    const candidates = [...(node instanceof HTMLAnchorElement ? [node] : []), ...node.querySelectorAll('a[href]')];
    const link = candidates.find(
      (candidate): candidate is HTMLAnchorElement => candidate instanceof HTMLAnchorElement && isInPageLink(candidate),
    );
    if (link) return { link, targetId: decodeFragment(link.hash) };
  }
  return { link: null, targetId: '' };
}
