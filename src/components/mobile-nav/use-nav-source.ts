import { useLayoutEffect, useMemo, useState } from 'react';
import { findNavSource, type NavSource } from './find-nav-source';

/**
 * The navigation the element presents. Looked up once the page is parsed: an element defined early (a classic
 * script in the head) can sit in the header before the `<nav>` it names has arrived.
 */
export function useNavSource(host: HTMLElement, forId: string | undefined, elementName: string): NavSource | null {
  const [parsed, setParsed] = useState(() => document.readyState !== 'loading');
  // Listened for as the element commits: an effect a frame later could miss the event, and wait for ever.
  useLayoutEffect(() => {
    if (parsed) return;
    const onParsed = () => setParsed(true);
    document.addEventListener('DOMContentLoaded', onParsed, { once: true });
    return () => document.removeEventListener('DOMContentLoaded', onParsed);
  }, [parsed]);
  return useMemo(() => (parsed ? findNavSource(host, forId, elementName) : null), [parsed, host, forId, elementName]);
}
