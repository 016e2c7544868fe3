import { useLayoutEffect, useState } from 'react';
import { readHeadingLinks, type HeadingLink } from './read-headings';

/**
 * How long the content must stay still before its headings are read again: elements upgrading or a
 * fragment loading change the DOM in bursts, and one read after the burst is enough.
 */
export const JUMP_LINKS_REREAD_DELAY_MS = 100;

const OBSERVED_ATTRIBUTES = ['id', 'class', 'hidden', 'data-jump-links-ignore'];

function sameLinks(a: readonly HeadingLink[] | null, b: readonly HeadingLink[]): boolean {
  return (
    a !== null &&
    a.length === b.length &&
    a.every((link, i) => link.id === b[i].id && link.text === b[i].text && link.heading === b[i].heading)
  );
}

/**
 * The jump links of a content region, kept up to date while the region changes (an accordion upgrading,
 * results loading). `null` until the first read; an empty list when there are too few headings or no region.
 */
export function useHeadingLinks(host: HTMLElement, region: Element | null, ignore: string): HeadingLink[] | null {
  const [links, setLinks] = useState<HeadingLink[] | null>(null);

  // Read before the first paint, so a server-rendered list gives way to the built one in the same frame.
  useLayoutEffect(() => {
    if (!region) return;
    const read = () => {
      const next = readHeadingLinks(region, ignore, host);
      setLinks((current) => (sameLinks(current, next) ? current : next));
    };
    read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver((records) => {
      // Our own rendering (when the list sits inside the region) is not a change of content.
      if (records.every((record) => host.contains(record.target))) return;
      clearTimeout(timer);
      timer = setTimeout(read, JUMP_LINKS_REREAD_DELAY_MS);
    });
    observer.observe(region, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: OBSERVED_ATTRIBUTES,
    });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [host, region, ignore]);

  return region ? links : [];
}
