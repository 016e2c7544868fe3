import { useCallback, useState } from 'react';

/**
 * Text for a polite live region. The same words announced again are changed invisibly (a trailing no-break space
 * added or taken away), so screen readers read them again.
 */
export function useAnnouncer(): [string, (message: string) => void] {
  const [text, setText] = useState('');
  const announce = useCallback((message: string) => setText((current) => (current === message ? `${message}\u00a0` : message)), []);
  return [text, announce];
}
